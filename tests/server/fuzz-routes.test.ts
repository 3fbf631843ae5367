/**
 * Property-based fuzz of the whole API: every route the app registered (collected at runtime, so
 * modules merged later are walked too) gets generated bad and half-bad params, queries and bodies
 * (derived from its shared zod schemas, tests/server/fuzz-arbitraries.ts) as a signed-in user with
 * every role. Fails on any 5xx and on any 4xx without a pt-BR `Message`. Bounded: FUZZ_RUNS
 * requests per route (default 10), seed FUZZ_SEED (default fixed, so a failure reproduces).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../setup/server';
import { bodyFor, paramFor, queryFor, type FuzzContext } from './fuzz-arbitraries';
import { HUGE_STRING, unboundedLeaves } from './fuzz-bounds';
import { rows } from './helpers';

const t = useTestApp();
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** A stream that opened (the board's events) keeps its answer open: that is success, not a hang. */
const STREAM_WAIT_MS = 3000;

/** Words of the framework's and the driver's English messages ("Route not found", "invalid input syntax"). */
const ENGLISH = /\b(the|is|are|must|should|expected|invalid|input|internal|server|failed|cannot|not|found|bad|request|unauthorized|forbidden|error|route|method|body|required|syntax|type)\b/i;

function isPortugueseMessage(message: unknown): boolean {
  // Field names in quotes ("type", "username") are the API's and may be English.
  return typeof message === 'string' && /\p{L}{3,}/u.test(message) && !ENGLISH.test(message.replace(/"[^"]*"/g, ''));
}

/** One id of every table that has a uuid `id` (venues, products, stores, orders... of any module). */
async function knownIds(): Promise<string[]> {
  const tables = await rows<{ table_name: string }>(
    t,
    `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'id' and data_type = 'uuid' order by table_name`,
  );
  const ids: string[] = [t.seed.venues.restaurant, t.seed.venues.school];
  for (const { table_name } of tables) {
    const [r] = await rows<{ id: string }>(t, `select id::text as id from "${table_name}" limit 1`);
    if (r) ids.push(r.id);
  }
  return [...new Set(ids)];
}

describe('fuzz: every registered route', () => {
  it('answers every generated input with 2xx/3xx/4xx, never 5xx, and every 4xx with a pt-BR Message', async () => {
    const token = await t.login(DEMO.admin);
    const ctx: FuzzContext = { ids: await knownIds() };
    // Logout last: it ends the session the walk uses.
    const routes = [...t.app.registeredRoutes].sort((a, b) => Number(/logout/i.test(a.url)) - Number(/logout/i.test(b.url)));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    const started = Date.now();

    for (const route of routes) {
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
      const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method) || Boolean(schema.body);
      const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      const input = fc.record({
        params: fc.tuple(...paramNames.map(() => paramFor(ctx))),
        query: queryFor(schema.querystring, ctx),
        body: hasBody ? bodyFor(schema.body, ctx) : fc.constant(undefined),
        signedIn: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      });
      // A failing route is recorded and the walk goes on, so one run reports every broken route.
      await fc.assert(
        fc.asyncProperty(input, async ({ params, query, body, signedIn }) => {
          let i = 0;
          const path = route.url.replace(/:([A-Za-z0-9_]+)\??/g, () => params[i++] ?? 'x').replace(/\*$/, 'x');
          const url = query ? `${path}?${query}` : path;
          const headers: Record<string, string> = signedIn ? t.auth(token) : {};
          if (body) headers['content-type'] = body.contentType;
          requests++;
          const pending = t.app.inject({ method: route.method as 'GET', url, headers, ...(body ? { payload: body.payload } : {}) });
          const res = /\/events$/i.test(route.url)
            ? await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), STREAM_WAIT_MS))])
            : await pending;
          if (!res) return true; // an open event stream
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const where = `${route.method} ${url.slice(0, 200)} ${body ? body.payload.slice(0, 200) : ''} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) {
            failures.push(where);
            return false;
          }
          // A HEAD answer has no body by definition.
          if (res.statusCode >= 400 && route.method !== 'HEAD') {
            let message: unknown;
            try {
              message = res.json().Message;
            } catch {
              message = undefined;
            }
            if (!isPortugueseMessage(message)) {
              failures.push(where);
              return false;
            }
          }
          return true;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      ).catch(() => undefined);
    }

    const fiveXX = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    // docs/security.md's fuzz report copies this line.
    console.log(
      `fuzz: ${routes.length} routes, ${requests} requests, ${fiveXX} answers 5xx, ${Math.round((Date.now() - started) / 1000)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThan(80);
    expect(fiveXX).toBe(0);
  }, 240_000);
});

/**
 * Body fields whose schema still takes a 1 MB string (ids and a few texts that handlers check and the
 * database refuses with a 4xx). The list may only shrink: a new field without a bound fails the test.
 * Path parameters and query strings are bounded by transport before any schema (Fastify's
 * maxParamLength 100 answers 404; Node refuses request lines over 16 KB), so only bodies are walked.
 */
const KNOWN_UNBOUNDED_BODY_FIELDS = new Set([
  'POST /api/mfa/validate username',
  'POST /api/mfa/sendcodetoemail username',
  'POST /api/sharetoken localId',
  'POST /api/Account/Register confirmarSenha',
  'POST /api/Account/RedefinirSenha confirmarSenha',
  'POST /api/Account/MinhaConta/Senha confirmarSenha',
  'POST /api/MeepFood/Configuration storeCategories.0.name',
  'POST /api/MeepFood/Configuration notificationPhone',
  'POST /api/MeepFood/AtualizarLocalCliente localId',
  'POST /api/SalesPoint/Add salesPoint.localClientId',
  'POST /api/SalesPoint/Add salesPoint.productListId',
  'PUT /api/SalesPoint/Update salesPoint.id',
  'PUT /api/SalesPoint/Update salesPoint.localClientId',
  'PUT /api/SalesPoint/Update salesPoint.productListId',
  'POST /api/SalesPoint/Equipament/LinkEquipamentsToSalesPoint salesPointId',
  'POST /api/MeepFood/IntegracaoMarketplace id',
  'POST /api/kds/transportadores LocalClienteId',
  'POST /api/kds/configuracao localClienteId',
  'POST /api/FormaPagamento localClienteId',
  'PUT /api/FormaPagamento/:id localClienteId',
  'POST /api/ClienteEstabelecimento/CategoriaCliente localClienteId',
  'PUT /api/ClienteEstabelecimento/CategoriaCliente/:id localClienteId',
  'POST /api/CategoriaProduto localClienteId',
  'PUT /api/CategoriaProduto/:id localClienteId',
]);

describe('fuzz: huge values against every route body schema (issue 28)', () => {
  it('refuses a 1 MB string and 1e308 / 2^63 numbers in the schema itself, at the field', async () => {
    const loose: string[] = [];
    for (const route of t.app.registeredRoutes) {
      const body = (route.schema as { body?: unknown } | undefined)?.body;
      if (!body) continue;
      for (const leaf of await unboundedLeaves(body)) {
        const field = leaf.replace(/=.*$/, '');
        if (!KNOWN_UNBOUNDED_BODY_FIELDS.has(`${route.method} ${route.url} ${field}`)) loose.push(`${route.method} ${route.url} ${leaf}`);
      }
    }
    expect(loose).toEqual([]);
  }, 120_000);

  it('answers the issue’s three cases with a pt-BR 400 from validation, naming the field', async () => {
    const token = await t.login(DEMO.admin);
    const venue = t.seed.venues.restaurant;
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: t.auth(token), payload });
    const cases = [
      { res: await post('/api/Produto/AdicionarProdutoV2', { LocalClienteId: venue, Nome: 'Bolo', Valor: 10, Descricao: HUGE_STRING }), field: 'body.Descricao' },
      { res: await post('/api/MeepEstabelecimento/AtivarEstabelecimentoDeliveryOld', { id: venue, deliveryTime: 30, deliveryFee: 1e308 }), field: 'body.deliveryFee' },
      { res: await post('/api/ServiceSchedule/', { name: 'Massagem', value: 2 ** 63, duration: 30 }), field: 'body.value' },
      { res: await post('/api/ServiceSchedule/', { name: 'Massagem', value: 10, duration: 2 ** 63 }), field: 'body.duration' },
    ];
    for (const { res, field } of cases) {
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      const body = res.json() as { Message: string; errors?: Array<{ path: string; message: string }> };
      expect(isPortugueseMessage(body.Message), body.Message).toBe(true);
      expect(body.errors?.map((e) => e.path)).toContain(field);
    }
  }, 60_000);
});
