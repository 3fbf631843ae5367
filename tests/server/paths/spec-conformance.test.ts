/**
 * Conformance walk (issue 26): every method + path the spec lists in 000 §7 and 001 §7 is in the
 * OpenAPI document and reaches a handler (never the router's "Recurso não encontrado."), and a
 * token holding every role gets past the role check (no 401/403). Calls the spec shows going to
 * other services (the chat service, the venue's local printer, the delivery activation backend,
 * which our server calls) and calls whose path it does not show are not ours to serve.
 */
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../../src/server/plugins/openapi';
import { DEMO, useTestApp } from '../../setup/server';
import { ALL, type SpecCall } from './spec-calls';

const t = useTestApp();

/** OpenAPI key shape: lower case, one slash, no trailing slash, every parameter `{}`. */
const shape = (p: string) =>
  `/${p}`
    .toLowerCase()
    .replace(/\/+/g, '/')
    .replace(/\{[^}]+\}/g, '{}')
    .replace(/(.)\/$/, '$1');

interface Known {
  venue: string;
  product: string;
}
const VALUE_OF: Record<string, (k: Known) => string> = {
  localid: (k) => k.venue,
  ownerid: (k) => k.venue,
  // Our access limits take the place as the spec's {storeId} (contract/access-limits.ts).
  storeid: (k) => k.venue,
  localclientid: (k) => k.venue,
  localclienteid: (k) => k.venue,
  cpf: () => '52998224725',
  document: () => '11222333000181',
  code: () => 'ABC123',
  token: () => 'token-desconhecido',
  stateid: () => '35',
};
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000001';
const valueOf = (name: string, k: Known) => (VALUE_OF[name.toLowerCase()] ?? (() => UNKNOWN_ID))(k);
/** Where the spec calls a place `{id}`. */
const PLACE_AS_ID = new Set(['api/Local/BuscarDadosBancariosDoLocal/{id}']);
/** Bodies that name an object the venue has (an unknown one is, rightly, another venue's: 403). */
const BODY_OF: Record<string, (k: Known) => object> = {
  'POST api/Produto/EditarProduto': (k) => ({ id: k.product }),
};

function urlOf(c: SpecCall, k: Known): string {
  const path = c.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(PLACE_AS_ID.has(c.path) ? k.venue : valueOf(name, k)));
  const qs = c.query.map((q) => `${q}=${encodeURIComponent(valueOf(q, k))}`).join('&');
  return `/${path}${qs ? `?${qs}` : ''}`;
}


describe('spec conformance walk (000 §7 and 001 §7)', () => {
  it('lists every path of the spec in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as { paths: Record<string, Record<string, unknown>> };
    const ops = new Set(Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m} ${shape(p)}`)));
    const missing = ALL.filter((c) => !ops.has(`${c.method.toLowerCase()} ${shape(c.path)}`)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
    expect(ALL).toHaveLength(186);
  });

  it('answers every call of the spec with a handler, past the role check, for a user holding every role', async () => {
    const token = await t.login(DEMO.admin);
    const venue = t.seed.venues.restaurant;
    const first = async (table: string) => ((await t.db.db.execute(`select id from ${table} where venue_id = '${venue}' limit 1`)) as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
    const known: Known = { venue, product: await first('products') };
    const refused: string[] = [];
    for (const c of ALL) {
      const url = urlOf(c, known);
      const res = await t.app.inject({
        method: c.method as 'GET',
        url,
        headers: t.auth(token),
        ...(c.method === 'GET' || c.method === 'DELETE' ? {} : { payload: BODY_OF[`${c.method} ${c.path}`]?.(known) ?? {} }),
      });
      const routerMiss = res.statusCode === 404 && res.json<{ Message?: string }>().Message === 'Recurso não encontrado.';
      if (routerMiss || res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) refused.push(`${c.method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(refused).toEqual([]);
  }, 240_000);
});
