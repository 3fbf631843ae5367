/**
 * Bank transfers exactly once (issue 36) against a loopback bank written from the bank contract
 * (tests/support/fake-bank.ts): a bank that answers after our timeout leaves the transfer "em
 * verificação" (202, its current state), a retry with the same key sends nothing, the settle job
 * asks the bank GET /transfers/{key} and records its answer; racing requests with one key make one
 * transfer; the bank always receives our transfer id as Idempotency-Key.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../setup/server';
import { startFakeBank, type FakeBank } from '../../support/fake-bank';
import { caller, one } from './helpers';
import { useFakeProvider } from '../helpers';

let bank: FakeBank;
useFakeProvider(startFakeBank, (p) => ({ BANK_API_URL: p.url, BANK_API_TOKEN: 'bank-token', BANK_TIMEOUT_MS: '4000' }), (p) => (bank = p));

const t = useTestApp();
const call = caller(t);
const url = () => `/api/MPPagamentosFinancial/TransferenciaBs2?localId=${t.seed.venues.restaurant}`;
const form = { agencia: '0742', contaBancaria: '458213', digitoContaBancaria: '3', documentoContaBancaria: '11.222.333/0001-81', codigoBanco: '341', titularConta: 'Sabor da Casa Ltda', valorTransferencia: '250.00', tipoContaBancaria: 1 };

/** Makes the settle jobs due now (as if the bank's timeout had passed) and runs them. */
async function runSettleJobs() {
  await t.db.db.execute(`update jobs set run_at = now() where name = 'finance.transfer-settle' and state = 'queued'`);
  await t.app.jobs.runDue();
}

/** The bank forgets the transfers and POSTs of earlier tests, and answers POSTs after `answerDelayMs`. */
function forgetBank(answerDelayMs = bank.answerDelayMs) {
  bank.transfers.clear();
  bank.posts.length = 0;
  bank.answerDelayMs = answerDelayMs;
}

describe('bank transfer exactly once', () => {
  it('a bank answering after the timeout: 202 em verificação, a retry sends nothing, the job settles it from GET /transfers/{key}', async () => {
    forgetBank(7_000);
    const token = await t.login(DEMO.admin);
    const key = { 'idempotency-key': 'late-bank-1' };
    const first = await call('POST', url(), token, form, key);
    expect(first.statusCode).toBe(202);
    const id = first.json().TransferenciaId as string;
    expect(first.json()).toEqual({ Message: 'Transferência em verificação', TransferenciaId: id, Protocolo: null, Status: 'checking' });
    // The bank got our transfer id as its key, and made the transfer (its answer was late).
    expect(bank.posts).toEqual([{ key: id }]);
    expect(bank.transfers.size).toBe(1);

    const retry = await call('POST', url(), token, form, key);
    expect(retry.statusCode).toBe(202);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(bank.posts).toHaveLength(1);
    const status = await call('GET', `/api/MPPagamentosFinancial/TransferenciaBs2/${id}?localId=${t.seed.venues.restaurant}`, token);
    expect(status.json()).toMatchObject({ Status: 'checking', Message: 'Transferência em verificação' });

    await runSettleJobs();
    expect(bank.gets).toContain(id);
    const protocol = bank.transfers.get(id)!.protocol;
    const settled = await call('GET', `/api/MPPagamentosFinancial/TransferenciaBs2/${id}?localId=${t.seed.venues.restaurant}`, token);
    expect(settled.json()).toEqual({ Message: 'Transferência enviada com sucesso!', TransferenciaId: id, Protocolo: protocol, Status: 'sent' });
    const replay = await call('POST', url(), token, form, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(settled.json());
    expect(bank.posts).toHaveLength(1);
    expect(bank.transfers.size).toBe(1);
    expect(await one(t, `select count(*)::int as n, max(status) as status, max(protocol) as protocol from finance_transfers`)).toEqual({ n: 1, status: 'sent', protocol });
  });

  it('6 racing requests with one key: one transfer at the bank, 6 identical answers', async () => {
    forgetBank(50);
    const token = await t.login(DEMO.admin);
    const key = { 'idempotency-key': 'race-1' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', url(), token, form, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(bank.posts).toHaveLength(1);
    expect(bank.transfers.size).toBe(1);
    // The same key with another transfer is refused and sends nothing.
    const other = await call('POST', url(), token, { ...form, valorTransferencia: '251.00' }, key);
    expect(other.statusCode).toBe(422);
    expect(bank.posts).toHaveLength(1);
  });

  it('a transfer the bank never received (crash before the call) is sent by the job, with the same key, once', async () => {
    forgetBank(0);
    const token = await t.login(DEMO.admin);
    const first = await call('POST', url(), token, form, { 'idempotency-key': 'crash-1' });
    const id = first.json().TransferenciaId as string;
    // As if the process died before its call: the bank forgets it, the row goes back to pending.
    forgetBank();
    await t.db.db.execute(`update finance_transfers set status = 'pending', protocol = null, created_at = now() - interval '1 hour' where id = '${id}'`);
    await t.db.db.execute(`update command_keys set state = 'pending', status_code = null, response = null where ref = '${id}'`);
    await t.db.db.execute(`update jobs set state = 'queued', attempts = 0 where name = 'finance.transfer-settle' and key = '${id}'`);
    await runSettleJobs();
    await runSettleJobs();
    expect(bank.posts).toEqual([{ key: id }]);
    const replay = await call('POST', url(), token, form, { 'idempotency-key': 'crash-1' });
    expect(replay.json()).toMatchObject({ Status: 'sent', Protocolo: bank.transfers.get(id)!.protocol });
  });

  it('the transfer state: wrong role 403, another venue or a bad id 404', async () => {
    const token = await t.login(DEMO.admin);
    bank.answerDelayMs = 0;
    const first = await call('POST', url(), token, form, { 'idempotency-key': 'state-1' });
    const id = first.json().TransferenciaId as string;
    expect((await call('GET', `/api/MPPagamentosFinancial/TransferenciaBs2/${id}?localId=${t.seed.venues.restaurant}`, await t.login(DEMO.gerente))).statusCode).toBe(403);
    const elsewhere = await call('GET', `/api/MPPagamentosFinancial/TransferenciaBs2/${id}?localId=${t.seed.venues.school}`, token);
    expect([403, 404]).toContain(elsewhere.statusCode);
    expect(elsewhere.body).not.toContain(id);
    const other = await call('GET', `/api/MPPagamentosFinancial/TransferenciaBs2/not-an-id?localId=${t.seed.venues.restaurant}`, token);
    expect(other.statusCode).toBe(404);
    expect(other.json().Message).toBe('Transferência não encontrada.');
  });
});
