/**
 * A real accreditation provider over HTTP (bearer token, JSON), the contract in types.ts:
 * POST {url}/proposals (Idempotency-Key) → { proposalId }; GET {url}/proposals/{key} → what it did;
 * GET {url}/merchants/{document}/mcc → { mcc | null } (404: none);
 * GET {url}/merchants/{document}/management-url → { url } (404: none).
 */
import { type AccreditationProvider, ProviderError } from './types';

const TIMEOUT_MS = 15_000;

/** Thrown when the provider could not say (no answer in time, 5xx, 429). */
class ProviderUnavailable extends ProviderError {}

export function createHttpProvider(opts: { baseUrl: string; token: string; timeoutMs?: number }): AccreditationProvider {
  const base = opts.baseUrl.replace(/\/$/, '');
  const timeoutMs = opts.timeoutMs ?? TIMEOUT_MS;
  async function call(path: string, init?: { method: string; body: unknown; key?: string }): Promise<unknown | null> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${base}${path}`, {
        method: init?.method ?? 'GET',
        headers: {
          authorization: `Bearer ${opts.token}`,
          accept: 'application/json',
          ...(init ? { 'content-type': 'application/json' } : {}),
          ...(init?.key ? { 'idempotency-key': init.key } : {}),
        },
        body: init ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch {
      throw new ProviderUnavailable('provider unreachable');
    }
    if (res.status === 404) return null;
    if (res.status >= 500 || res.status === 429 || res.status === 408) throw new ProviderUnavailable(`provider answered ${res.status}`, res.status);
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      throw new ProviderUnavailable('provider answered something other than JSON', res.status);
    }
    if (!res.ok) throw new ProviderError(str(data, 'Message') ?? `provider answered ${res.status}`, res.status);
    return data;
  }
  const str = (v: unknown, k: string) => (v && typeof v === 'object' && typeof (v as Record<string, unknown>)[k] === 'string' ? ((v as Record<string, string>)[k] as string) : null);
  return {
    name: new URL(base).host,
    sandbox: false,
    timeoutMs,
    async submitProposal(req, key) {
      try {
        const id = str(await call('/proposals', { method: 'POST', body: req, key }), 'proposalId');
        // A 2xx without an id (or a 404 from a gateway) says nothing certain: ask by the key.
        return id ? { ok: true, proposalId: id } : { ok: null };
      } catch (err) {
        if (err instanceof ProviderUnavailable || !(err instanceof ProviderError)) return { ok: null };
        return { ok: false, message: err.message };
      }
    },
    async proposalStatus(key) {
      const r = await call(`/proposals/${encodeURIComponent(key)}`);
      if (r === null) return { status: 'unknown' };
      const id = str(r, 'proposalId');
      if (id) return { status: 'created', proposalId: id };
      if (str(r, 'status') === 'refused') return { status: 'refused', message: str(r, 'Message') ?? '' };
      return { status: 'processing' };
    },
    async fetchMcc(document) {
      const mcc = str(await call(`/merchants/${encodeURIComponent(document)}/mcc`), 'mcc');
      return mcc && /^\d{4}$/.test(mcc) ? mcc : null;
    },
    async managementUrl(document) {
      const url = str(await call(`/merchants/${encodeURIComponent(document)}/management-url`), 'url');
      return url && /^https:\/\//.test(url) ? url : null;
    },
  };
}
