/**
 * Totem (acquirer transaction) processing exactly once (issue 36) against a loopback acquirer written
 * from the acquirer contract (tests/support/fake-acquirer.ts, GET /transactions/{id}): the acquirer
 * is asked outside any transaction; the same key twice or racing twins ask it once and record one
 * transaction; an acquirer that does not answer in time is a 503 that records nothing and releases
 * the key, so the same retry asks again; another venue, the wrong role and a bad key are refused.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_FINANCE } from '../../../src/server/modules/finance/finance.seed';
import { DEMO, useTestApp } from '../../setup/server';
import { startFakeAcquirer, type FakeAcquirer } from '../../support/fake-acquirer';
import { auditCount, caller, one } from './helpers';
import { useFakeProvider } from '../helpers';

let acq: FakeAcquirer;
useFakeProvider(startFakeAcquirer, (p) => ({ ACQUIRER_API_URL: p.url, ACQUIRER_API_TOKEN: 'acq-token', ACQUIRER_TIMEOUT_MS: '1500' }), (p) => (acq = p));

const t = useTestApp();
const call = caller(t);
const TX = 'AB12CD34-0000-4D11-9E5A-000000000001';
const url = '/api/transaction/pagseguro/ProcessarTransacaoTotem';
const totem = (venue = t.seed.venues.restaurant) => ({ LocalClienteId: venue, ContaBancariaId: DEMO_FINANCE.restaurantOwnAccount, TransacaoPagSeguroId: TX });
function reset() {
  acq.lookups.length = 0;
  acq.delayMs = 0;
  acq.captured.clear();
  acq.captured.set(TX, { amountCents: 4_250, serialNumber: 'TOT00042', cardLastDigits: '4242', capturedAt: new Date().toISOString() });
}

describe('totem processing exactly once', () => {
  it('the same key twice: one lookup at the acquirer, one transaction, the same answer', async () => {
    reset();
    const token = await t.login(DEMO.admin);
    const first = await call('POST', url, token, totem(), { 'idempotency-key': 'totem-twice' });
    expect(first.statusCode).toBe(200);
    const replay = await call('POST', url, token, totem(), { 'idempotency-key': 'totem-twice' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(acq.lookups).toEqual([TX]);
    expect(await one(t, `select count(*)::int as n, max(amount_cents) as cents from finance_transactions where acquirer_transaction_id = '${TX}'`)).toEqual({ n: 1, cents: 4_250 });
  });

  it('6 racing twins with one key: one lookup, one transaction, 6 identical answers', async () => {
    reset();
    acq.delayMs = 200;
    const token = await t.login(DEMO.admin);
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', url, token, totem(), { 'idempotency-key': 'totem-race' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(acq.lookups).toHaveLength(1);
    expect(await auditCount(t, 'process-totem-transaction')).toBe(1);
  });

  it('an acquirer that does not answer in time: 503, nothing recorded, the same key asks again and processes', async () => {
    reset();
    acq.delayMs = 3_000;
    const token = await t.login(DEMO.admin);
    const late = await call('POST', url, token, totem(), { 'idempotency-key': 'totem-late' });
    expect(late.statusCode).toBe(503);
    expect(late.json().Message).toBe('O adquirente não respondeu a tempo. Nada foi processado: tente de novo.');
    expect(late.headers['retry-after']).toBe('5');
    expect(await one(t, `select count(*)::int as n from finance_transactions where acquirer_transaction_id = '${TX}'`)).toEqual({ n: 0 });
    acq.delayMs = 0;
    const retry = await call('POST', url, token, totem(), { 'idempotency-key': 'totem-late' });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(acq.lookups).toEqual([TX, TX]);
    // Another key for the processed transaction: its own refusal, no lookup.
    const other = await call('POST', url, token, totem(), { 'idempotency-key': 'totem-late-2' });
    expect(other.statusCode).toBe(409);
    expect(acq.lookups).toHaveLength(2);
  });

  it('refuses a bad key, another venue and the wrong role without asking the acquirer', async () => {
    reset();
    const token = await t.login(DEMO.admin);
    const bad = await call('POST', url, token, totem(), { 'idempotency-key': 'chave com espaço' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBeTruthy();
    const school = await call('POST', url, token, totem(t.seed.venues.school), { 'idempotency-key': 'totem-school' });
    expect([400, 403, 404]).toContain(school.statusCode);
    expect((await call('POST', url, await t.login(DEMO.gerente), totem(), { 'idempotency-key': 'totem-role' })).statusCode).toBe(403);
    expect(acq.lookups).toHaveLength(0);
    expect(await auditCount(t)).toBe(0);
  });
});
