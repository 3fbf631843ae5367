/**
 * A card and boleto acquirer reached over HTTP: PAYMENT_ACQUIRER_URL (base) with
 * PAYMENT_ACQUIRER_TOKEN as a bearer token. This small JSON API is ours (no published card standard
 * is common to Brazilian acquirers; a gateway speaking it sits in front of the real one). Calls:
 * POST {base}/card {amount, installments, reference, card} → {id, status: paid|declined};
 * POST {base}/boleto {amount, dueDate, reference, description, payer} → {id, line};
 * GET {base}/payments/{id} → {status: pending|paid};
 * GET {base}/charges/{reference} → {id, kind: card|boleto, status, line?} or 404 when that key never
 * arrived. Card data is passed through, never stored.
 *
 * Idempotency (the contract a real provider is held to): both POSTs carry the header
 * `Idempotency-Key: {reference}` (our payment's id, also in the body as `reference`). A repeat of a
 * key must answer the first request's outcome without charging or issuing again (Stripe's rule).
 * A timeout (PAYMENT_ACQUIRER_TIMEOUT_MS, default 15 s) or a 5xx leaves the outcome unknown: we ask
 * GET /charges/{reference} later and never resend blindly.
 */
import { AcquirerUnavailableError, type Acquirer, type ChargeLookup } from './types';

const TIMEOUT_MS = 15_000;

class NotFound extends Error {}

export function createHttpAcquirer(opts: { baseUrl: string; token: string; name: string; timeoutMs?: number }): Acquirer {
  const base = opts.baseUrl.replace(/\/$/, '');
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${opts.token}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS),
      });
    } catch {
      throw new AcquirerUnavailableError('unreachable');
    }
    if (res.status === 404 && method === 'GET') throw new NotFound();
    if (!res.ok) throw new AcquirerUnavailableError(`status ${res.status}`);
    try {
      return (await res.json()) as T;
    } catch {
      throw new AcquirerUnavailableError('bad answer');
    }
  }
  const boletoLine = (raw: unknown) => (typeof raw === 'string' ? raw.replace(/\D/g, '') : '');
  return {
    name: opts.name,
    sandbox: false,
    async createBoleto(c) {
      const r = await call<{ id: string; line: string }>('POST', '/boleto', { amount: c.amountCents / 100, dueDate: c.dueDate, reference: c.reference, description: c.description, payer: c.payer }, c.reference);
      const line = boletoLine(r.line);
      if (typeof r.id !== 'string' || line.length !== 47) throw new AcquirerUnavailableError('bad answer');
      return { line, providerRef: r.id };
    },
    async chargeCard(c) {
      const r = await call<{ id: string; status: string }>('POST', '/card', { amount: c.amountCents / 100, installments: c.installments, reference: c.reference, card: c.card }, c.reference);
      return { status: r.status === 'paid' ? 'paid' : 'declined', providerRef: String(r.id) };
    },
    async boletoStatus(ref) {
      const r = await call<{ status: string }>('GET', `/payments/${encodeURIComponent(ref)}`);
      return r.status === 'paid' ? 'paid' : 'pending';
    },
    async lookup(reference): Promise<ChargeLookup> {
      try {
        const r = await call<{ id: string; kind: string; status: string; line?: string }>('GET', `/charges/${encodeURIComponent(reference)}`);
        if (r.kind === 'boleto') {
          const line = boletoLine(r.line);
          if (line.length !== 47) throw new AcquirerUnavailableError('bad answer');
          return { kind: 'boleto', line, providerRef: String(r.id) };
        }
        return { kind: 'card', status: r.status === 'paid' ? 'paid' : 'declined', providerRef: String(r.id) };
      } catch (err) {
        if (err instanceof NotFound) return null;
        throw err;
      }
    },
  };
}
