/**
 * Date fuzz (issue 37, "dates are checked as dates"): every route the app registered is walked, its
 * body and query schemas searched for date fields (the schemas `dateField()` made, registered in
 * `dateFields`, src/shared/contract/date-field.ts), and each date field gets, alone, year 10000,
 * year 0001, 2026-02-30, an extended year (+275760), "" and "amanhã" (the days just outside
 * 1900–2100 are src/shared/dates.test.ts's). Every answer must be a 400 naming that field with its
 * pt-BR message, never a 5xx. A blank is refused the same way unless the field takes a blank as "no date" (an optional filter),
 * and then it must still not be a 5xx.
 *
 * A string field whose name says it is a date but that is not a `dateField` fails the test, so a
 * new date field cannot skip the rule. One server, one request per case.
 */
import { describe, expect, it } from 'vitest';
import { dateFields, type DateFieldMeta, type DateFormat } from '../../src/shared/contract/date-field';
import { DONATION_MSG } from '../../src/shared/donations';
import { LINK_MSG } from '../../src/shared/payment-links';
import { DEMO, useTestApp } from '../setup/server';
import { eventInput } from './donations/helpers';
import { rows } from './helpers';

const t = useTestApp();
const RANDOM_ID = '7d2f6c1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';

/** Words of the framework's and the driver's English messages (as in fuzz-routes.test.ts). */
const ENGLISH = /\b(the|is|are|must|should|expected|invalid|input|internal|server|failed|cannot|not|found|bad|request|unauthorized|forbidden|error|route|method|body|required|syntax|type)\b/i;
const isPortuguese = (m: unknown) => typeof m === 'string' && /\p{L}{3,}/u.test(m) && !ENGLISH.test(m.replace(/"[^"]*"/g, ''));

/** Values that are not a date in range, per format (the blank is added apart). */
const BAD: Record<DateFormat, string[]> = {
  'iso-day': ['10000-01-01', '0001-01-01', '2026-02-30', '+275760-09-13', 'amanhã'],
  'iso-date-time': ['10000-01-01T12:00:00.000Z', '+275760-09-13T00:00:00.000Z', '0001-01-01T12:00:00.000Z', '2026-02-30T12:00:00.000Z', 'amanhã'],
  'br-day': ['01/01/10000', '01/01/0001', '30/02/2026', 'amanhã'],
  'br-or-iso-day': ['10000-01-01', '0001-01-01', '2026-02-30', '30/02/2026', 'amanhã'],
};

type Def = Record<string, unknown> & { type?: string };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

interface Found {
  path: string[];
  meta: DateFieldMeta;
}

/** Date fields (registered) and string fields named like a date (to check they are registered). */
function walk(schema: unknown, path: string[], out: { dates: Found[]; named: string[][] }, depth = 0): void {
  const def = defOf(schema);
  if (!def || depth > 10) return;
  const meta = dateFields.get(schema as never);
  if (meta) {
    out.dates.push({ path, meta });
    return;
  }
  switch (def.type) {
    case 'string':
      if (looksLikeDate(path.at(-1) ?? '')) out.named.push(path);
      break;
    case 'object':
      for (const [k, v] of Object.entries((def.shape as Record<string, unknown>) ?? {})) walk(v, [...path, k], out, depth + 1);
      break;
    case 'array':
      walk(def.element, [...path, '0'], out, depth + 1);
      break;
    case 'union':
      for (const o of (def.options as unknown[]) ?? []) walk(o, path, out, depth + 1);
      break;
    case 'pipe':
      walk(def.in, path, out, depth + 1);
      break;
    default:
      if (def.innerType) walk(def.innerType, path, out, depth + 1);
  }
}

/** Field names that say "date" (pt-BR and English, as the spec names them). */
function looksLikeDate(name: string): boolean {
  return /date|^data[A-Z]|^Data[A-Z]|period|nascimento|vencimento|validade|^(start|end|inicio|fim)$/i.test(name);
}

function setAt(path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  return /^\d+$/.test(head) ? [setAt(rest, value)] : { [head]: setAt(rest, value) };
}

describe('fuzz: every date field of every route', () => {
  it('answers year 10000, 0001, 2026-02-30, +275760, "" and "amanhã" with a pt-BR 4xx naming the field, never 5xx', async () => {
    const token = await t.login(DEMO.admin);
    const failures: string[] = [];
    const unregistered: string[] = [];
    const fields: string[] = [];
    let requests = 0;

    for (const route of t.app.registeredRoutes) {
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
      for (const part of ['body', 'querystring'] as const) {
        if (!schema[part]) continue;
        const found = { dates: [] as Found[], named: [] as string[][] };
        walk(schema[part], [], found);
        for (const n of found.named) unregistered.push(`${route.method} ${route.url} ${part}.${n.join('.')}`);
        for (const { path, meta } of found.dates) {
          const where = `${route.method} ${route.url} ${part}.${path.join('.')}`;
          fields.push(where);
          const cases = [...BAD[meta.format].map((v) => ({ v, message: meta.message, refused: true })), { v: '', message: meta.required, refused: !meta.blank }];
          for (const c of cases) {
            const url = route.url.replace(/:([A-Za-z0-9_]+)\??/g, RANDOM_ID).replace(/\*$/, 'x');
            const payload = part === 'body' ? (setAt(path, c.v) as object) : undefined;
            const query = part === 'querystring' ? `?${encodeURIComponent(path[0]!)}=${encodeURIComponent(c.v)}` : '';
            requests++;
            const res = await t.app.inject({ method: route.method as 'POST', url: url + query, headers: t.auth(token), ...(payload ? { payload } : {}) });
            const what = `${where} = ${JSON.stringify(c.v)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
            if (res.statusCode >= 500) {
              failures.push(what);
              continue;
            }
            if (!c.refused) continue;
            const body = (res.statusCode >= 400 ? res.json() : {}) as { Message?: string; errors?: Array<{ path: string; message: string }> };
            const named = body.errors?.some((e) => e.path === `${part}.${path.join('.')}` && e.message === c.message);
            if (res.statusCode !== 400 || !named || !isPortuguese(body.Message)) failures.push(what);
          }
        }
      }
    }

    console.log(`fuzz-dates: ${fields.length} date fields, ${requests} requests`);
    expect(failures).toEqual([]);
    expect(unregistered).toEqual([]);
    // The fields the issue names are among them (the walk found the contracts' date fields).
    expect(fields).toEqual(
      expect.arrayContaining([
        'POST /api/mepaylink/Add body.expirationDate',
        'POST /api/Event body.date',
        'GET /api/kds querystring.dataInicio',
        'POST /api/Admin/UpdateContactLocalCliente body.BirthDate',
      ]),
    );
  }, 60_000);

  it('the issue’s 500s: a whole valid payment link and donation event with year 10000 answer 400; 2030 saves', async () => {
    const admin = await t.login(DEMO.admin);
    const gerente = await t.login(DEMO.gerente);
    const link = (expirationDate: string) =>
      t.app.inject({ method: 'POST', url: '/api/mepaylink/Add', headers: t.auth(gerente), payload: { localId: t.seed.venues.restaurant, price: 10, description: 'Bolo', maximumInstallments: 1, expirationDate, allowPaymentSlip: false, authenticated: false } });
    const linksBefore = await rows(t, 'select id from payment_links');
    for (const bad of ['10000-01-01T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '2026-02-30T12:00:00.000Z']) {
      const res = await link(bad);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ path: 'body.expirationDate', message: LINK_MSG.expirationInvalid });
    }
    expect(await rows(t, 'select id from payment_links')).toHaveLength(linksBefore.length);
    const ok = await link('2030-01-01T12:00:00.000Z');
    expect(ok.statusCode, ok.body).toBe(201);

    const venue = t.seed.venues.donations;
    const event = (date: string, slug: string) => t.app.inject({ method: 'POST', url: '/api/Event', headers: t.auth(admin), payload: eventInput(venue, { date, link: slug }) });
    for (const [i, bad] of ['10000-01-01T00:00:00.000Z', '0001-01-01T00:00:00.000Z', 'amanhã'].entries()) {
      const res = await event(bad, `datas-ruins-${i}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ path: 'body.date', message: 'Data inválida.' });
    }
    const blank = await event('', 'data-vazia');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toContainEqual({ path: 'body.date', message: DONATION_MSG.eventDateRequired });
    const saved = await event('2030-07-01T13:00:00.000Z', 'data-boa');
    expect(saved.statusCode, saved.body).toBe(201);
  }, 60_000);
});
