import { type Acquirer, type CardOutcome, DonationAcquirerUnavailableError } from './types';

/** A real acquirer at DONATION_ACQUIRER_URL, over the contract in types.ts. */
export function createHttpAcquirer(baseUrl: string, token: string | undefined, timeoutMs = 10_000): Acquirer {
  const base = baseUrl.replace(/\/$/, '');
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<T | null> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...(key ? { 'idempotency-key': key } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new DonationAcquirerUnavailableError('unreachable');
    }
    if (res.status === 404 && method === 'GET') return null;
    if (!res.ok) throw new DonationAcquirerUnavailableError(`acquirer answered ${res.status}`);
    try {
      return (await res.json()) as T;
    } catch {
      throw new DonationAcquirerUnavailableError('bad answer');
    }
  }
  const outcome = (r: CardOutcome | null) => (r ? { acquirerId: String(r.acquirerId), approved: r.approved === true } : null);
  return {
    name: new URL(base).host,
    sandbox: false,
    createLink: async (input) => (await call<{ gatewayLinkId: string }>('POST', '/links', input))!,
    // The card number never reaches our logs or database: only the acquirer sees it.
    chargeCard: async (input) => outcome(await call<CardOutcome>('POST', '/card', input, input.reference))!,
    lookupCharge: async (reference) => outcome(await call<CardOutcome>('GET', `/charges/${encodeURIComponent(reference)}`)),
  };
}
