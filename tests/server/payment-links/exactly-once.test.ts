/**
 * Issue 36 on the public pay page and the donor's page: every payment happens exactly once.
 * Racing payers on a single-use link → 1 paid, the others refused and never charged; one
 * Idempotency-Key sent 6 times at once → 1 charge and 6 identical answers (card, Pix, boleto, on
 * links and donations); an acquirer that times out leaves the payment "em verificação", a retry
 * sends nothing and the job settles it by asking the acquirer for that key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { SANDBOX_LEDGER } from '../../../src/server/modules/payment-links/adapters/sandbox';
import { DONATION_SANDBOX_LEDGER } from '../../../src/server/modules/donations/adapters/sandbox';
import { DONATION_MSG } from '../../../src/shared/donations';
import { LINK_MSG } from '../../../src/shared/payment-links';
import { DEMO, useTestApp } from '../../setup/server';
import { startFakeAcquirer, type FakeAcquirer } from '../../support/fake-acquirer';
import { demo } from '../donations/helpers';
import { expectError, rows } from '../helpers';

const t = useTestApp();
const CARD = { holderName: 'MARIA SILVA', number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' };
const PAYER = { payerName: 'Maria da Silva', payerCpf: '529.982.247-25' };

async function newLink(over: Record<string, unknown> = {}) {
  const headers = t.auth(await t.login(DEMO.gerente));
  const res = await t.app.inject({ method: 'POST', url: '/api/mepaylink/Add', headers, payload: { localId: t.seed.venues.restaurant, price: 42.5, description: 'Sinal da festa', allowPaymentSlip: true, singleUse: true, ...over } });
  expect(res.statusCode).toBe(201);
  return res.json().link.id as string;
}
const pay = (app: typeof t.app, id: string, method: 'card' | 'pix' | 'boleto', key?: string, i = 0, body?: object) =>
  app.inject({ method: 'POST', url: `/api/mepaylink/public/${id}/${method}`, payload: body ?? (method === 'card' ? CARD : method === 'boleto' ? PAYER : {}), headers: key ? { 'idempotency-key': key } : {}, remoteAddress: `203.0.113.${i + 1}` });
const paymentsOf = (id: string) => rows<{ id: string; status: string; method: string }>(t, `select id, status, method from payment_link_payments where link_id = '${id}'`);
const count = (statement: string) => rows<{ n: number }>(t, statement).then((r) => r[0].n);

describe('single-use link: 8 racing payers with their own keys', () => {
  for (const method of ['card', 'pix', 'boleto'] as const) {
    it(`${method}: exactly 1 payment, 7 clear refusals, nothing sent to the provider for the refused`, async () => {
      const id = await newLink();
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => pay(t.app, id, method, `payer-${method}-${i}`, i)));
      const ok = answers.filter((r) => r.statusCode === 201);
      expect(ok).toHaveLength(1);
      const refused = answers.filter((r) => r.statusCode !== 201);
      expect(refused).toHaveLength(7);
      for (const r of refused) {
        expect([409, 410]).toContain(r.statusCode);
        expect([LINK_MSG.inProgress, LINK_MSG.pageUsed]).toContain(r.json().Message);
      }
      const payments = await paymentsOf(id);
      expect(payments).toHaveLength(1);
      expect(payments[0].status).toBe(method === 'card' ? 'paid' : 'pending');
      if (method === 'pix') expect(await count(`select count(*)::int as n from pix_charges where ref_id = '${payments[0].id}'`)).toBe(1);
      else expect(SANDBOX_LEDGER.requests.get(payments[0].id)).toBe(1);
      // A later payer on the paid card link is told it was used.
      if (method === 'card') expectError(await pay(t.app, id, 'card', 'late', 9), 410, LINK_MSG.pageUsed);
    });
  }
});

describe('one Idempotency-Key sent 6 times at once', () => {
  for (const method of ['card', 'pix', 'boleto'] as const) {
    it(`${method}: 1 charge, 6 identical answers`, async () => {
      const id = await newLink({ singleUse: false });
      const answers = await Promise.all(Array.from({ length: 6 }, () => pay(t.app, id, method, `double-tap-${method}`)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
      expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
      const payments = await paymentsOf(id);
      expect(payments).toHaveLength(1);
      if (method === 'pix') expect(await count(`select count(*)::int as n from pix_charges where ref_id = '${payments[0].id}'`)).toBe(1);
      else expect(SANDBOX_LEDGER.requests.get(payments[0].id)).toBe(1);
    });
  }

  it('the same key with another request answers 422; a malformed key 400; no key still pays once', async () => {
    const id = await newLink({ singleUse: false, maximumInstallments: 3 });
    expect((await pay(t.app, id, 'card', 'k-1')).statusCode).toBe(201);
    expectError(await pay(t.app, id, 'card', 'k-1', 0, { ...CARD, installments: 3 }), 422, LINK_MSG.idempotencyMismatch);
    expectError(await pay(t.app, id, 'card', 'bad key with spaces'), 400, LINK_MSG.idempotencyInvalid);
    expect((await pay(t.app, id, 'card')).statusCode).toBe(201);
    expect(await paymentsOf(id)).toHaveLength(2);
  });

  it('the key is not card data: the stored hash holds no card number', async () => {
    const id = await newLink({ singleUse: false });
    await pay(t.app, id, 'card', 'k-hash');
    const stored = JSON.stringify(await rows(t, `select * from command_keys`));
    expect(stored).not.toContain('4111111111111111');
    expect(stored).not.toContain('"cvv"');
  });
});

describe('donations', () => {
  const url = '/api/public/donation/natal-solidario/payments';
  const donor = { name: 'Beatriz Teste', document: '', email: 'bia@exemplo.com.br', phone: '' };
  async function body(method: 'card' | 'pix') {
    const { institutes } = await demo(t);
    return { amount: 25, instituteId: institutes[0].id, method, donor, card: method === 'card' ? { number: '4111 1111 1111 1111', holder: 'BEATRIZ', expiry: '12/39', cvv: '123' } : null };
  }
  for (const method of ['card', 'pix'] as const) {
    it(`${method}: one key sent 6 times at once → 1 donation, 1 charge, 6 identical answers`, async () => {
      const payload = await body(method);
      const before = await count(`select count(*)::int as n from donations`);
      const answers = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ method: 'POST', url, payload, headers: { 'idempotency-key': `don-${method}` } })));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
      expect(await count(`select count(*)::int as n from donations`)).toBe(before + 1);
      const id = answers[0].json().paymentId as string;
      if (method === 'pix') expect(await count(`select count(*)::int as n from pix_charges where ref_id = '${id}'`)).toBe(1);
      else expect(DONATION_SANDBOX_LEDGER.requests.get(id)).toBe(1);
      expectError(await t.app.inject({ method: 'POST', url, payload: { ...payload, amount: 26 }, headers: { 'idempotency-key': `don-${method}` } }), 422, DONATION_MSG.idempotencyMismatch);
    });
  }
});

describe('an acquirer that does not answer in time: em verificação', () => {
  let fake: FakeAcquirer;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    fake = await startFakeAcquirer();
  });
  afterAll(async () => {
    await fake?.close();
    await t.app?.jobs.start();
  });
  async function appOnFake() {
    // Only this app's queue settles (the shared test app's worker would ask its own sandbox).
    await t.app.jobs.stop();
    app = await buildApp({
      db: t.db, mailer: { send: async () => {}, describe: () => 'x' }, files: t.files,
      config: { publicUrl: 'http://portal.test', frameAllowedOrigins: [] },
      env: { PAYMENT_ACQUIRER_URL: fake.url, PAYMENT_ACQUIRER_TOKEN: 'tok', PAYMENT_ACQUIRER_TIMEOUT_MS: '1500', DONATION_ACQUIRER_URL: fake.url, DONATION_ACQUIRER_TIMEOUT_MS: '1500', JOBS_WORKER: 'off' },
    });
    return app;
  }
  const runCheckJobs = async () => {
    await rows(t, `update jobs set run_at = now() where name in ('payment-links.charge-check', 'donations.charge-check') and state = 'queued'`);
    return app.jobs.runDue();
  };

  it('card on a link: 202 "Pagamento em verificação", a retry sends nothing, the job settles it from the acquirer', async () => {
    const a = await appOnFake();
    try {
      const id = await newLink();
      fake.delayMs = 3500;
      const first = await pay(a, id, 'card', 'slow-1');
      expect(first.statusCode).toBe(202);
      expect(first.json()).toMatchObject({ status: 'pending', checking: true, Message: LINK_MSG.checking });
      fake.delayMs = 0;
      const retry = await pay(a, id, 'card', 'slow-1');
      expect(retry.statusCode).toBe(202);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json().paymentId).toBe(first.json().paymentId);
      // The payer's page polls: still em verificação until the job asked the acquirer.
      expect((await a.inject({ method: 'GET', url: `/api/mepaylink/public/payment/${first.json().paymentId}` })).json()).toMatchObject({ status: 'pending', checking: true });
      // Another payer meanwhile: the single-use link is in flight, no charge for them.
      expectError(await pay(a, id, 'card', 'other', 5), 409, LINK_MSG.inProgress);
      expect(fake.requests).toBe(1);
      expect(fake.unkeyed).toBe(0);
      expect(fake.charges.get(first.json().paymentId)?.body).toMatchObject({ reference: first.json().paymentId });

      expect(await runCheckJobs()).toBeGreaterThan(0);
      const settled = await pay(a, id, 'card', 'slow-1');
      expect(settled.statusCode).toBe(201);
      expect(settled.json()).toMatchObject({ status: 'paid', Message: LINK_MSG.paid, paymentId: first.json().paymentId });
      expect(fake.requests).toBe(1);
      expect(await paymentsOf(id)).toEqual([{ id: first.json().paymentId, status: 'paid', method: 'card' }]);
    } finally {
      fake.delayMs = 0;
      await a.close();
    }
  });

  it('boleto and a donation card: the same (one request at the acquirer each, settled by the job)', async () => {
    const a = await appOnFake();
    try {
      const id = await newLink();
      fake.delayMs = 3500;
      const requests = fake.requests;
      const b1 = await pay(a, id, 'boleto', 'slow-boleto');
      expect(b1.statusCode).toBe(202);
      const { institutes } = await demo(t);
      const donation = { amount: 25, instituteId: institutes[0].id, method: 'card', donor: { name: 'Bia', document: '', email: 'bia@exemplo.com.br', phone: '' }, card: { number: '4111 1111 1111 1111', holder: 'BIA', expiry: '12/39', cvv: '123' } };
      const d1 = await a.inject({ method: 'POST', url: '/api/public/donation/natal-solidario/payments', payload: donation, headers: { 'idempotency-key': 'slow-don' } });
      expect(d1.statusCode).toBe(202);
      expect(d1.json()).toMatchObject({ status: 'pending', message: DONATION_MSG.paymentChecking });
      fake.delayMs = 0;
      expect((await pay(a, id, 'boleto', 'slow-boleto')).statusCode).toBe(202);
      expect((await a.inject({ method: 'POST', url: '/api/public/donation/natal-solidario/payments', payload: donation, headers: { 'idempotency-key': 'slow-don' } })).statusCode).toBe(202);
      expect(fake.requests - requests).toBe(2);
      await runCheckJobs();
      const b2 = await pay(a, id, 'boleto', 'slow-boleto');
      expect(b2.statusCode).toBe(201);
      expect(b2.json().boletoLine).toMatch(/^\d{47}$/);
      const d2 = await a.inject({ method: 'POST', url: '/api/public/donation/natal-solidario/payments', payload: donation, headers: { 'idempotency-key': 'slow-don' } });
      expect(d2.statusCode).toBe(201);
      expect(d2.json()).toMatchObject({ status: 'paid' });
      expect(fake.requests - requests).toBe(2);
    } finally {
      fake.delayMs = 0;
      await a.close();
    }
  });
});
