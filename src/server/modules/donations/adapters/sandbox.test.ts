import { describe, expect, it } from 'vitest';
import { createSandboxAcquirer, DONATION_SANDBOX_LEDGER } from './sandbox';

describe('sandbox card acquirer', () => {
  it('checks card numbers with Luhn and declines numbers ending in 0002', async () => {
    const acq = createSandboxAcquirer();
    const card = { amountCents: 1000, holder: 'X', expiry: '12/30', cvv: '123', description: 'd' };
    expect((await acq.chargeCard({ ...card, number: '4111111111111111', reference: 'ref-ok' })).approved).toBe(true);
    expect((await acq.chargeCard({ ...card, number: '4000000000000002', reference: 'ref-no' })).approved).toBe(false);
    // Spaces as typed; a number failing the Luhn check is declined.
    expect((await acq.chargeCard({ ...card, number: '4111 1111 1111 1111', reference: 'ref-spaced' })).approved).toBe(true);
    expect((await acq.chargeCard({ ...card, number: '4111 1111 1111 1112', reference: 'ref-luhn' })).approved).toBe(false);
  });

  it('dedupes on the reference (Idempotency-Key): a repeat answers the first outcome and is looked up by key', async () => {
    const acq = createSandboxAcquirer();
    const card = { amountCents: 1000, holder: 'X', expiry: '12/30', cvv: '123', description: 'd', reference: 'ref-twice' };
    const first = await acq.chargeCard({ ...card, number: '4111111111111111' });
    // The same key with another card: still the first outcome, no second charge.
    expect(await acq.chargeCard({ ...card, number: '4000000000000002' })).toEqual(first);
    expect(DONATION_SANDBOX_LEDGER.requests.get('ref-twice')).toBe(2);
    expect(await acq.lookupCharge('ref-twice')).toEqual(first);
    expect(await acq.lookupCharge('never-sent')).toBeNull();
  });
});
