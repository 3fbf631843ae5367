/**
 * Postal-code (CEP) adapter: looks a complete 8-digit CEP up in a ViaCEP-shaped service
 * (`GET {base}/{cep}/json/` answering cep, logradouro, bairro, localidade, uf, ibge or erro) with a
 * timeout and an in-memory cache, and maps the answer to our states and cities.
 * Base URL: POSTAL_CODE_URL (default https://viacep.com.br/ws); timeout POSTAL_CODE_TIMEOUT_MS (5 s).
 */
import type { CepLookup } from '../../../shared/contract/food-config';
import { cepDigits } from '../../../shared/food-config';
import { findCity, findState } from './localities';

export const DEFAULT_POSTAL_CODE_URL = 'https://viacep.com.br/ws';
export const DEFAULT_POSTAL_CODE_TIMEOUT_MS = 5000;

export type CepResult = { kind: 'found'; address: CepLookup } | { kind: 'not-found' } | { kind: 'unavailable' };

export interface PostalCodeAdapter {
  lookup(cep: string): Promise<CepResult>;
}

interface CacheEntry {
  result: CepResult;
  expiresAt: number;
}

/** Found addresses are kept a day, unknown CEPs an hour; failures are never cached. */
const FOUND_TTL_MS = 24 * 3600_000;
const NOT_FOUND_TTL_MS = 3600_000;
const CACHE_MAX = 5000;

export function createPostalCodeAdapter(opts: { baseUrl?: string; timeoutMs?: number; fetchFn?: typeof fetch } = {}): PostalCodeAdapter {
  const base = (opts.baseUrl || DEFAULT_POSTAL_CODE_URL).replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs && opts.timeoutMs > 0 ? opts.timeoutMs : DEFAULT_POSTAL_CODE_TIMEOUT_MS;
  const doFetch = opts.fetchFn ?? fetch;
  const cache = new Map<string, CacheEntry>();
  // Concurrent lookups of one CEP share a single request.
  const inFlight = new Map<string, Promise<CepResult>>();

  function remember(cep: string, result: CepResult) {
    const ttl = result.kind === 'found' ? FOUND_TTL_MS : result.kind === 'not-found' ? NOT_FOUND_TTL_MS : 0;
    if (!ttl) return;
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!); // oldest first (insertion order)
    cache.set(cep, { result, expiresAt: Date.now() + ttl });
  }

  async function ask(cep: string): Promise<CepResult> {
    let res: Response;
    try {
      res = await doFetch(`${base}/${cep}/json/`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      return { kind: 'unavailable' };
    }
    // ViaCEP answers 400 for a malformed CEP and 200 with { erro: true } for an unknown one.
    if (res.status === 400 || res.status === 404) return { kind: 'not-found' };
    if (!res.ok) return { kind: 'unavailable' };
    let body: Record<string, unknown>;
    try {
      body = (await res.json()) as Record<string, unknown>;
    } catch {
      return { kind: 'unavailable' };
    }
    if (!body || typeof body !== 'object') return { kind: 'unavailable' };
    if (body.erro === true || body.erro === 'true') return { kind: 'not-found' };
    const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string).trim() : '');
    const uf = str('uf').toUpperCase();
    const cidade = str('localidade');
    if (!uf || !cidade) return { kind: 'unavailable' };
    const state = findState(uf);
    const ibge = Number(str('ibge')) || null;
    const city = state ? findCity(state.id, cidade, ibge) : null;
    return {
      kind: 'found',
      address: {
        cep,
        logradouro: str('logradouro'),
        bairro: str('bairro'),
        cidade: city?.nome ?? cidade,
        uf: state?.sigla ?? uf,
        stateId: state?.id ?? null,
        cityId: city?.id ?? null,
      },
    };
  }

  return {
    async lookup(raw: string) {
      const cep = cepDigits(raw);
      if (cep.length !== 8) return { kind: 'not-found' };
      const hit = cache.get(cep);
      if (hit && hit.expiresAt > Date.now()) return hit.result;
      if (hit) cache.delete(cep);
      let pending = inFlight.get(cep);
      if (!pending) {
        pending = ask(cep).then((result) => {
          remember(cep, result);
          return result;
        });
        pending.finally(() => inFlight.delete(cep)).catch(() => {});
        inFlight.set(cep, pending);
      }
      return pending;
    },
  };
}
