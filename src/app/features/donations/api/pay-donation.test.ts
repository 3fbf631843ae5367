// @vitest-environment jsdom
/**
 * The donor page's payment call (issue 36): a 428 from the server (an event under a card-testing
 * attack) is solved with the shared proof of work (the same check the server makes) and sent again
 * with the same Idempotency-Key; any other refusal is not retried.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasLeadingZeroBits } from '../../../../shared/public-payments';
import { payDonation } from './donation-queries';

vi.mock('../../../lib/session', () => ({ getSession: () => null, clearSession: vi.fn() }));
vi.mock('../../../lib/runtime-config', () => ({ runtimeConfig: () => ({ apiBaseUrl: 'http://127.0.0.1:9' }) }));
const fetchSpy = vi.fn();
beforeEach(() => {
  fetchSpy.mockReset();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const body = { gateWayLinkId: null, amount: 25, instituteId: 'i1', method: 'card' as const, donor: { name: 'Ana', document: '', email: 'ana@exemplo.com.br', phone: '' }, card: { number: '4111111111111111', holder: 'ANA', expiry: '12/30', cvv: '123' } };
const paid = { paymentId: 'p1', status: 'paid', amount: 25, method: 'card', pix: null, message: 'Obrigado pela sua doação!' };

describe('payDonation', () => {
  it('solves the 428 challenge and sends the same attempt again with the same key', async () => {
    fetchSpy.mockResolvedValueOnce(json(428, { Message: 'verificando', challenge: { token: 'tok-1', bits: 8, header: 'x-pay-challenge' } })).mockResolvedValueOnce(json(201, paid));
    const onChallenge = vi.fn();
    expect(await payDonation('natal', body, 'attempt-1', onChallenge)).toEqual(paid);
    expect(onChallenge).toHaveBeenCalledOnce();
    const [first, second] = fetchSpy.mock.calls.map((c) => (c[1] as RequestInit).headers as Record<string, string>);
    expect(first['idempotency-key']).toBe('attempt-1');
    expect(second['idempotency-key']).toBe('attempt-1');
    const solved = second['x-pay-challenge'];
    expect(solved).toMatch(/^tok-1:\d+$/);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(solved)));
    expect(hasLeadingZeroBits(digest, 8)).toBe(true);
  });

  it('does not retry a refusal', async () => {
    fetchSpy.mockResolvedValueOnce(json(402, { Message: 'Pagamento recusado.' }));
    await expect(payDonation('natal', body, 'attempt-2')).rejects.toMatchObject({ status: 402, message: 'Pagamento recusado.' });
    expect(fetchSpy).toHaveBeenCalledOnce();
  });
});
