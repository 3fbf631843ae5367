/**
 * ERP invoices exactly once (issue 36) against a loopback ERP written from the ERP contract
 * (tests/support/fake-erp.ts): the ERP always receives our send id as Idempotency-Key; the same key
 * twice or racing twins make one call; an ERP answering after our timeout leaves the invoice "em
 * verificação" (202, its current state), a retry with the same key sends nothing, the settle job asks
 * GET /invoices/{key} and records the answer; another venue, the wrong role and a bad key are refused.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_FINANCE } from '../../../src/server/modules/finance/finance.seed';
import { DEMO, useTestApp } from '../../setup/server';
import { startFakeErp, type FakeErp } from '../../support/fake-erp';
import { auditCount, caller, one } from './helpers';
import { useFakeProvider } from '../helpers';

let erp: FakeErp;
useFakeProvider(startFakeErp, (p) => ({ ERP_API_URL: p.url, ERP_API_TOKEN: 'erp-token', ERP_TIMEOUT_MS: '3000' }), (p) => (erp = p));

const t = useTestApp();
const call = caller(t);
const session = () => ({ localId: t.seed.venues.restaurant, sessionId: DEMO_FINANCE.erpSession });
const exportUrl = (invoiceId: string, localId = t.seed.venues.restaurant) => `/api/sankhya/InvoiceOrder/Export?invoiceId=${invoiceId}&localId=${localId}`;

async function pendingIds(token: string): Promise<string[]> {
  const list = (await call('POST', '/api/sankhya/InvoiceOrder/Pending', token, session())).json() as Array<{ id: string }>;
  return list.map((i) => i.id);
}
function reset() {
  erp.outcomes.clear();
  erp.issued.length = 0;
  erp.posts.length = 0;
  erp.gets.length = 0;
  erp.answerDelayMs = 0;
}
/** Makes the settle jobs due now (as if the ERP's timeout had passed) and runs them. */
async function runSettleJobs() {
  await t.db.db.execute(`update jobs set run_at = now() where name = 'finance.erp-settle' and state = 'queued'`);
  await t.app.jobs.runDue();
}

describe('ERP invoices exactly once', () => {
  it('the same key twice: one call to the ERP with our send id as its key, the same answer replayed', async () => {
    reset();
    const token = await t.login(DEMO.admin);
    const [, id] = await pendingIds(token);
    const key = { 'idempotency-key': 'erp-twice-1' };
    const first = await call('POST', exportUrl(id), token, [], key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ Message: 'Nota reenviada ao ERP com sucesso!', integrated: 1, failed: 0 });
    const replay = await call('POST', exportUrl(id), token, [], key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(erp.posts).toHaveLength(1);
    const send = await one<{ id: string; state: string; erp_number: string }>(t, `select id, state, erp_number from finance_erp_exports where invoice_id = '${id}'`);
    expect(erp.posts[0].key).toBe(send.id);
    expect(send).toMatchObject({ state: 'integrated', erp_number: 'NF000001' });
    expect(await one(t, `select status, erp_number from finance_erp_invoices where id = '${id}'`)).toEqual({ status: 'integrated', erp_number: 'NF000001' });
    // The same key with another invoice is refused and sends nothing.
    const [other] = await pendingIds(token);
    const mismatch = await call('POST', exportUrl(other), token, [], key);
    expect(mismatch.statusCode).toBe(422);
    expect(erp.posts).toHaveLength(1);
  });

  it('6 racing twins with one key (reprocess-all): each invoice reaches the ERP once, 6 identical answers', async () => {
    reset();
    erp.answerDelayMs = 100;
    const token = await t.login(DEMO.admin);
    const key = { 'idempotency-key': 'erp-race-1' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/api/sankhya/InvoiceOrder/ExportAll', token, session(), key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0].json()).toEqual({ Message: '2 nota(s) integrada(s), 1 com erro.', integrated: 2, failed: 1 });
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(erp.posts).toHaveLength(3);
    expect(new Set(erp.issued).size).toBe(erp.issued.length);
    expect(erp.issued).toHaveLength(2);
    // The refused invoice keeps the ERP's reason and stays pending for a corrected retry.
    const pending = (await call('POST', '/api/sankhya/InvoiceOrder/Pending', token, session())).json() as Array<{ errors: string[] }>;
    expect(pending).toHaveLength(1);
    expect(pending[0].errors).toEqual(['Produto "Caipirinha de limão" sem NCM no ERP.']);
    expect(await auditCount(t, 'erp-export')).toBe(3);
  });

  it('an ERP answering after the timeout: 202 em verificação, a retry sends nothing, the job settles it from GET /invoices/{key}', async () => {
    reset();
    erp.answerDelayMs = 5_000;
    const token = await t.login(DEMO.admin);
    const [, id] = await pendingIds(token);
    const key = { 'idempotency-key': 'erp-late-1' };
    const first = await call('POST', exportUrl(id), token, [], key);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ Message: 'Nota em verificação no ERP: o ERP não respondeu a tempo. Ela não será enviada de novo; o resultado aparece aqui assim que o ERP confirmar.', integrated: 0, failed: 0, checking: 1 });
    const send = await one<{ id: string; state: string }>(t, `select id, state from finance_erp_exports where invoice_id = '${id}'`);
    expect(send.state).toBe('checking');
    expect(erp.posts).toEqual([{ key: send.id }]);

    const retry = await call('POST', exportUrl(id), token, [], key);
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([202, 'true']);
    expect(retry.json()).toEqual(first.json());
    // Another key while the send is open: the invoice's own refusal, nothing sent.
    const other = await call('POST', exportUrl(id), token, [], { 'idempotency-key': 'erp-late-2' });
    expect(other.statusCode).toBe(409);
    expect(other.json().Message).toBe('Esta nota já está sendo enviada ao ERP.');
    expect(erp.posts).toHaveLength(1);

    await runSettleJobs();
    expect(erp.gets).toContain(send.id);
    expect(await one(t, `select state from finance_erp_exports where id = '${send.id}'`)).toEqual({ state: 'integrated' });
    const settled = await call('POST', exportUrl(id), token, [], key);
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toEqual({ Message: 'Nota reenviada ao ERP com sucesso!', integrated: 1, failed: 0 });
    expect(erp.posts).toHaveLength(1);
    expect(erp.issued).toEqual([id]);
  });

  it('a send the ERP never received (crash before the call) is sent by the job, with the same key, once', async () => {
    reset();
    const token = await t.login(DEMO.admin);
    const [, id] = await pendingIds(token);
    const first = await call('POST', exportUrl(id), token, [], { 'idempotency-key': 'erp-crash-1' });
    expect(first.statusCode).toBe(200);
    const send = await one<{ id: string }>(t, `select id from finance_erp_exports where invoice_id = '${id}'`);
    // As if the process died before its call: the ERP never heard of it, the rows go back to before the call.
    reset();
    await t.db.db.execute(`update finance_erp_exports set state = 'sending', erp_number = null, created_at = now() - interval '1 hour' where id = '${send.id}'`);
    await t.db.db.execute(`update finance_erp_invoices set status = 'pending', erp_number = null where id = '${id}'`);
    await t.db.db.execute(`update command_keys set state = 'pending', status_code = null, response = null where key = 'erp-crash-1'`);
    await t.db.db.execute(`update jobs set state = 'queued', attempts = 0 where name = 'finance.erp-settle' and key = '${send.id}'`);
    await runSettleJobs();
    expect(erp.posts).toEqual([{ key: send.id }]);
    const replay = await call('POST', exportUrl(id), token, [], { 'idempotency-key': 'erp-crash-1' });
    expect(replay.json()).toMatchObject({ integrated: 1, failed: 0 });
    expect(erp.issued).toEqual([id]);
  });

  it('refuses a bad key, another venue and the wrong role, and sends nothing', async () => {
    reset();
    const token = await t.login(DEMO.admin);
    const [, id] = await pendingIds(token);
    const bad = await call('POST', exportUrl(id), token, [], { 'idempotency-key': 'x'.repeat(201) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBeTruthy();
    const elsewhere = await call('POST', exportUrl(id, t.seed.venues.school), token, [], { 'idempotency-key': 'erp-other-venue' });
    expect([403, 404]).toContain(elsewhere.statusCode);
    const all = await call('POST', '/api/sankhya/InvoiceOrder/ExportAll', token, { localId: t.seed.venues.school, sessionId: DEMO_FINANCE.erpSession }, { 'idempotency-key': 'erp-other-venue-2' });
    expect([403, 404]).toContain(all.statusCode);
    const role = await call('POST', exportUrl(id), await t.login(DEMO.gerente), [], { 'idempotency-key': 'erp-role' });
    expect(role.statusCode).toBe(403);
    expect(erp.posts).toHaveLength(0);
    expect(await one(t, `select count(*)::int as n from finance_erp_exports`)).toEqual({ n: 0 });
  });
});
