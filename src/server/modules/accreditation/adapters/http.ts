/**
 * A real accreditation provider over HTTP (bearer token, JSON):
 * POST {url}/proposals { document, fullName, acquirerId, mcc } → { proposalId };
 * GET {url}/merchants/{document}/mcc → { mcc | null } (404: none);
 * GET {url}/merchants/{document}/management-url → { url } (404: none).
 */
import { type AccreditationProvider, ProviderError } from './provider';

const TIMEOUT_MS = 15_000;

export function createHttpProvider(opts: { baseUrl: string; token: string }): AccreditationProvider {
  const base = opts.baseUrl.replace(/\/$/, '');
  async function call(path: string, init?: { method: string; body: unknown }): Promise<unknown | null> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: init?.method ?? 'GET',
        headers: { authorization: `Bearer ${opts.token}`, accept: 'application/json', ...(init ? { 'content-type': 'application/json' } : {}) },
        body: init ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new ProviderError('provider unreachable');
    }
    if (res.status === 404) return null;
    if (!res.ok) throw new ProviderError(`provider answered ${res.status}`);
    return res.json();
  }
  const str = (v: unknown, k: string) => (v && typeof v === 'object' && typeof (v as Record<string, unknown>)[k] === 'string' ? ((v as Record<string, string>)[k] as string) : null);
  return {
    name: new URL(base).host,
    sandbox: false,
    async submitProposal(req) {
      const id = str(await call('/proposals', { method: 'POST', body: req }), 'proposalId');
      if (!id) throw new ProviderError('no proposal id');
      return { proposalId: id };
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
