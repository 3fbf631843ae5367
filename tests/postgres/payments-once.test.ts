/**
 * Issue 36 on two API processes sharing PostgreSQL, both pointed at one acquirer written from our
 * contract (tests/support/fake-acquirer.ts, deduping on Idempotency-Key) and each with its own Pix
 * sandbox: 8 racing card payers on a single-use link spread over both processes → 1 paid and 7
 * refusals, 1 charge at the acquirer; 6 racing requests with one key over both → 1 charge and 6
 * identical answers; the same for boleto and Pix on links and for card and Pix on a donation page.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MSG } from '../../src/shared/payment-links';
import { startFakeAcquirer, type FakeAcquirer } from '../support/fake-acquirer';
import { startServer, type RunningServer } from '../support/server';
import { connect, createDatabase, login, seedDatabase, startPostgres, type LocalPostgres } from './pg-helpers';

const DB = 'balcao_pay_once';
let pgServer: LocalPostgres;
let db: pg.Client;
let fake: FakeAcquirer;
let a: RunningServer;
let b: RunningServer;
let token: string;
let venue: string;
const servers: RunningServer[] = [];
const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];

beforeAll(async () => {
  pgServer = await startPostgres();
  const url = await createDatabase(pgServer.url, DB);
  venue = await seedDatabase(url);
  db = await connect(url);
  fake = await startFakeAcquirer();
  const env = { DATABASE_URL: url, STATIC_DIR: '/nonexistent', DATABASE_POOL_MAX: '6', PAYMENT_ACQUIRER_URL: fake.url, PAYMENT_ACQUIRER_TOKEN: 't', DONATION_ACQUIRER_URL: fake.url, TRUST_PROXY: '127.0.0.1' };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  servers.push(a, b);
  token = await login(a.url, 'gerente@balcao.dev');
}, 120_000);

afterAll(async () => {
  await db?.end().catch(() => {});
  await Promise.allSettled(servers.map((s) => s.stop()));
  await fake?.close();
  pgServer?.stop();
});

async function newLink(singleUse: boolean): Promise<string> {
  const res = await fetch(`${a.url}/api/mepaylink/Add`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ localId: venue, price: 99.9, description: 'Reserva', allowPaymentSlip: true, singleUse }) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { link: { id: string } }).link.id;
}
const BODY = { card: { holderName: 'MARIA SILVA', number: '4111111111111111', expiry: '12/39', cvv: '123' }, boleto: { payerName: 'Maria da Silva', payerCpf: '52998224725' }, pix: {} };
async function pay(s: RunningServer, link: string, method: 'card' | 'pix' | 'boleto', key: string, ip: number) {
  const res = await fetch(`${s.url}/api/mepaylink/public/${link}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': `198.51.100.${ip}` }, body: JSON.stringify(BODY[method]) });
  return { status: res.status, body: await res.text() };
}

describe('two processes, one PostgreSQL, one acquirer', () => {
  for (const method of ['card', 'boleto', 'pix'] as const) {
    it(`${method}: 8 racing payers on a single-use link → 1 payment, 7 refusals, 1 request at the provider`, async () => {
      const link = await newLink(true);
      const before = fake.requests;
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => pay(i % 2 ? b : a, link, method, `racer-${i}`, i + 1)));
      expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
      const refused = answers.filter((r) => r.status !== 201);
      expect(refused.map((r) => r.status).every((s) => s === 409 || s === 410)).toBe(true);
      for (const r of refused) expect([LINK_MSG.inProgress, LINK_MSG.pageUsed]).toContain((JSON.parse(r.body) as { Message: string }).Message);
      const rows = await q<{ id: string; status: string }>(`select id, status from payment_link_payments where link_id = $1`, [link]);
      expect(rows).toHaveLength(1);
      if (method === 'pix') expect(await q(`select txid from pix_charges where ref_id = $1`, [rows[0].id])).toHaveLength(1);
      else {
        expect(fake.requests - before).toBe(1);
        expect(fake.charges.has(rows[0].id)).toBe(true);
      }
      console.log(`${method}: 8 racing payers on two processes → ${rows.length} payment, ${refused.length} refusals, ${fake.requests - before} acquirer requests`);
    }, 60_000);

    it(`${method}: 6 racing requests with one key over both processes → 1 charge, 6 identical answers`, async () => {
      const link = await newLink(false);
      const before = fake.requests;
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => pay(i % 2 ? b : a, link, method, `tap-${method}`, 50)));
      expect(answers.map((r) => r.status)).toEqual(Array(6).fill(201));
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
      const rows = await q<{ id: string }>(`select id from payment_link_payments where link_id = $1`, [link]);
      expect(rows).toHaveLength(1);
      if (method === 'pix') expect(await q(`select txid from pix_charges where ref_id = $1`, [rows[0].id])).toHaveLength(1);
      else expect(fake.requests - before).toBe(1);
    }, 60_000);
  }

  for (const method of ['card', 'pix'] as const) {
    it(`donation ${method}: 6 racing requests with one key over both processes → 1 donation, 1 charge, 6 identical answers`, async () => {
      const [inst] = await q<{ id: string }>(`select i.id from donation_institutes i join donation_events e on e.id = i.event_id where e.link = 'natal-solidario' order by i.name limit 1`);
      const body = { amount: 30, instituteId: inst.id, method, donor: { name: 'Bia', document: '', email: 'bia@exemplo.com.br', phone: '' }, card: method === 'card' ? { number: '4111 1111 1111 1111', holder: 'BIA', expiry: '12/39', cvv: '123' } : null };
      const before = fake.requests;
      const [{ n: donationsBefore }] = await q<{ n: number }>(`select count(*)::int as n from donations`);
      const answers = await Promise.all(
        Array.from({ length: 6 }, async (_, i) => {
          const res = await fetch(`${(i % 2 ? b : a).url}/api/public/donation/natal-solidario/payments`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `don-${method}`, 'x-forwarded-for': '198.51.100.60' }, body: JSON.stringify(body) });
          return { status: res.status, body: await res.text() };
        }),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(6).fill(201));
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
      expect((await q<{ n: number }>(`select count(*)::int as n from donations`))[0].n).toBe(donationsBefore + 1);
      if (method === 'card') expect(fake.requests - before).toBe(1);
      else expect(await q(`select txid from pix_charges where ref_id = $1`, [(JSON.parse(answers[0].body) as { paymentId: string }).paymentId])).toHaveLength(1);
    }, 60_000);
  }
});
