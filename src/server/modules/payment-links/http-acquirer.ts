/**
 * A card and boleto acquirer reached over HTTP: PAYMENT_ACQUIRER_URL (base) with
 * PAYMENT_ACQUIRER_TOKEN as a bearer token. This small JSON API is ours (no published card standard
 * is common to Brazilian acquirers; a gateway speaking it sits in front of the real one). Calls:
 * POST {base}/card {amount, installments, reference, card} → {id, status: paid|declined};
 * POST {base}/boleto {amount, dueDate, reference, description, payer} → {id, line};
 * GET {base}/payments/{id} → {status: pending|paid}. Card data is passed through, never stored.
 */
import { AcquirerUnavailableError, type Acquirer } from './acquirer';

const TIMEOUT_MS = 15_000;

export function createHttpAcquirer(opts: { baseUrl: string; token: string; name: string }): Acquirer {
  const base = opts.baseUrl.replace(/\/$/, '');
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${opts.token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new AcquirerUnavailableError('unreachable');
    }
    if (!res.ok) throw new AcquirerUnavailableError(`status ${res.status}`);
    return (await res.json()) as T;
  }
  return {
    name: opts.name,
    sandbox: false,
    async createBoleto(c) {
      const r = await call<{ id: string; line: string }>('POST', '/boleto', { amount: c.amountCents / 100, dueDate: c.dueDate, reference: c.reference, description: c.description, payer: c.payer });
      const line = typeof r.line === 'string' ? r.line.replace(/\D/g, '') : '';
      if (typeof r.id !== 'string' || line.length !== 47) throw new AcquirerUnavailableError('bad answer');
      return { line, providerRef: r.id };
    },
    async chargeCard(c) {
      const r = await call<{ id: string; status: string }>('POST', '/card', { amount: c.amountCents / 100, installments: c.installments, reference: c.reference, card: c.card });
      return { status: r.status === 'paid' ? 'paid' : 'declined', providerRef: String(r.id) };
    },
    async boletoStatus(ref) {
      const r = await call<{ status: string }>('GET', `/payments/${encodeURIComponent(ref)}`);
      return r.status === 'paid' ? 'paid' : 'pending';
    },
  };
}
