import { describe, expect, it } from 'vitest';
import { paymentLinkSave } from './contract/payment-links';
import { cardExpiryValid, LINK_MSG, linkState, luhnValid, publicLinkUrl } from './payment-links';

describe('payment-link rules', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('a link is deleted, expired, used (single use, paid) or open, in that order', () => {
    const base = { expirationDate: null, deletedAt: null, singleUse: false, paidCount: 0 };
    expect(linkState(base, now)).toBe('open');
    expect(linkState({ ...base, expirationDate: '2026-11-23T11:59:00Z' }, now)).toBe('expired');
    expect(linkState({ ...base, expirationDate: '2026-11-23T12:01:00Z' }, now)).toBe('open');
    expect(linkState({ ...base, singleUse: true, paidCount: 1 }, now)).toBe('used');
    expect(linkState({ ...base, singleUse: false, paidCount: 5 }, now)).toBe('open');
    expect(linkState({ ...base, deletedAt: now, expirationDate: '2020-01-01T00:00:00Z' }, now)).toBe('deleted');
  });
  it('checks card numbers (Luhn) and expiry (MM/AA, not before this month)', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4111')).toBe(false);
    expect(cardExpiryValid('11/26', now)).toBe(true);
    expect(cardExpiryValid('10/26', now)).toBe(false);
    expect(cardExpiryValid('13/30', now)).toBe(false);
  });
  it('the contract refuses a past expiry, a long description, negative installments and a zero price', () => {
    const ok = { localId: 'x', price: 10 };
    expect(paymentLinkSave.safeParse(ok).success).toBe(true);
    const msg = (v: Record<string, unknown>) => {
      const r = paymentLinkSave.safeParse({ ...ok, ...v });
      return r.success ? null : r.error.issues[0].message;
    };
    expect(msg({ expirationDate: '2000-01-01T00:00:00Z' })).toBe(LINK_MSG.expirationPast);
    expect(msg({ description: 'x'.repeat(2001) })).toBe(LINK_MSG.descriptionMax);
    expect(msg({ description: 'x'.repeat(2000) })).toBeNull();
    expect(msg({ maximumInstallments: -1 })).toBe(LINK_MSG.installmentsRange);
    expect(msg({ maximumInstallments: 0 })).toBeNull();
    expect(msg({ price: 0 })).toBe(LINK_MSG.priceRequired);
    expect(publicLinkUrl('https://portal.example/', 'abc')).toBe('https://portal.example/paymentlink/abc');
  });
});
