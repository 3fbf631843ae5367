/**
 * Money moves exactly once on two API processes sharing one PostgreSQL (issue 36, finance and
 * cashless paths), against a loopback bank written from the bank contract (tests/support/fake-bank.ts):
 * racing requests with one key spread over both processes, a bank answering after the timeout, and
 * kill -9 of the process whose bank call is in flight. Counts are in the test's name.
 */
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBank, type FakeBank } from '../support/fake-bank';
import { startFakeErp, type FakeErp } from '../support/fake-erp';
import { startServer, type RunningServer } from '../support/server';
import { connect, createDatabase, login, seedDatabase, startPostgres, until, type LocalPostgres } from './pg-helpers';

const DB = 'balcao_money_finance';
let pgServer: LocalPostgres;
let db: pg.Client;
let bank: FakeBank;
let erp: FakeErp;
let env: Record<string, string>;
let venue: string;
let a: RunningServer;
let b: RunningServer;
let tokens: { a: string; b: string };
const servers: RunningServer[] = [];

const form = { agencia: '0742', contaBancaria: '458213', digitoContaBancaria: '3', documentoContaBancaria: '11222333000181', codigoBanco: '341', titularConta: 'Sabor da Casa Ltda', valorTransferencia: '10.00', tipoContaBancaria: 1 };

function post(s: RunningServer, token: string, path: string, body: unknown, key: string) {
  return fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key }, body: JSON.stringify(body) });
}
const transfer = (s: RunningServer, token: string, key: string, body = form) => post(s, token, `/api/MPPagamentosFinancial/TransferenciaBs2?localId=${venue}`, body, key);
const q = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];

beforeAll(async () => {
  pgServer = await startPostgres();
  const url = await createDatabase(pgServer.url, DB);
  venue = await seedDatabase(url);
  db = await connect(url);
  bank = await startFakeBank();
  erp = await startFakeErp();
  env = { DATABASE_URL: url, STATIC_DIR: '/nonexistent', DATABASE_POOL_MAX: '6', BANK_API_URL: bank.url, BANK_API_TOKEN: 'bank-token', BANK_TIMEOUT_MS: '3000', JOBS_LEASE_MS: '2000', JOBS_POLL_MS: '200', ERP_API_URL: erp.url, ERP_API_TOKEN: 'erp-token', ERP_TIMEOUT_MS: '3000' };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  servers.push(a, b);
  tokens = { a: await login(a.url, 'admin@balcao.dev'), b: await login(b.url, 'admin@balcao.dev') };
}, 240_000);

afterAll(async () => {
  await db?.end().catch(() => {});
  await Promise.allSettled(servers.map((s) => s.stop()));
  await bank?.close();
  await erp?.close();
  pgServer?.stop();
});

describe('money on two processes', () => {
  it('chaos: 6 keys × 4 racing requests over 2 processes, 1 bank timeout, 1 kill -9 mid-call → 8 transfers at the bank, one per key', async () => {
    bank.answerDelayMs = 0;
    // 1. Racing keys: 6 keys, each sent 4 times at once, alternating processes.
    for (let k = 0; k < 6; k++) {
      const key = `race-${k}`;
      const answers = await Promise.all([0, 1, 2, 3].map((i) => (i % 2 ? transfer(b, tokens.b, key) : transfer(a, tokens.a, key))));
      expect(answers.map((r) => r.status), key).toEqual([200, 200, 200, 200]);
      const bodies = await Promise.all(answers.map((r) => r.text()));
      expect(new Set(bodies).size, key).toBe(1);
    }
    expect(bank.posts).toHaveLength(6);
    expect(bank.transfers.size).toBe(6);

    // 2. The bank answers after the timeout: 202 em verificação; the retry on the other process
    //    sends nothing; a settle job (either process) asks the bank and records it.
    bank.answerDelayMs = 5_000;
    const late = await transfer(a, tokens.a, 'late-1');
    expect(late.status).toBe(202);
    const lateBody = (await late.json()) as { TransferenciaId: string; Status: string };
    expect(lateBody.Status).toBe('checking');
    const retry = await transfer(b, tokens.b, 'late-1');
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([202, 'true']);
    expect(bank.posts).toHaveLength(7);
    await until('the late transfer is settled from the bank', async () => (await q<{ status: string }>(`select status from finance_transfers where id = $1`, [lateBody.TransferenciaId]))[0].status === 'sent', 30_000);
    const settled = await transfer(b, tokens.b, 'late-1');
    expect(settled.status).toBe(200);
    expect(((await settled.json()) as { Protocolo: string }).Protocolo).toBe(bank.transfers.get(lateBody.TransferenciaId)!.protocol);

    // 3. kill -9 of the process whose bank call is in flight: the other process's settle job asks
    //    the bank for the key and records it; the bank made one transfer.
    bank.answerDelayMs = 2_000;
    const inFlight = transfer(a, tokens.a, 'killed-1', { ...form, valorTransferencia: '11.00' }).catch(() => null);
    await until('the bank received the call', async () => bank.posts.length === 8, 20_000);
    const exited = new Promise((r) => a.proc.once('exit', r));
    a.proc.kill('SIGKILL');
    await exited;
    servers.splice(servers.indexOf(a), 1);
    fs.rmSync(a.dataDir, { recursive: true, force: true });
    await inFlight;
    const [killed] = await q<{ id: string; status: string }>(`select id, status from finance_transfers where amount_cents = 1100`);
    expect(killed.status).toBe('pending');
    await until('the killed transfer is settled by the surviving process', async () => (await q<{ status: string }>(`select status from finance_transfers where id = $1`, [killed.id]))[0].status === 'sent', 30_000);
    const replay = await transfer(b, tokens.b, 'killed-1', { ...form, valorTransferencia: '11.00' });
    expect(replay.status).toBe(200);
    expect(bank.posts.filter((p) => p.key === killed.id)).toHaveLength(1);

    // One transfer per key at the bank and in the ledger.
    expect(bank.transfers.size).toBe(8);
    expect((await q<{ n: number }>(`select count(*)::int as n from finance_transfers`))[0].n).toBe(8);
    console.log(`money-finance chaos: ${bank.posts.length} POSTs, ${bank.gets.length} GETs, ${bank.transfers.size} transfers at the bank for 8 keys`);
  }, 90_000);

  it('ERP: kill -9 of the process whose invoice send is in flight → the survivor settles it by asking the ERP for the key; 1 invoice issued, 1 POST', async () => {
    const c = await startServer(env);
    servers.push(c);
    const token = await login(c.url, 'admin@balcao.dev');
    const [inv] = await q<{ id: string }>(`select id from finance_erp_invoices where status = 'pending' and items::text not like '%"ncm": null%' order by order_date limit 1`);
    erp.answerDelayMs = 2_000;
    const path = `/api/sankhya/InvoiceOrder/Export?invoiceId=${inv.id}&localId=${venue}`;
    const inFlight = post(c, token, path, [], 'erp-killed-1').catch(() => null);
    await until('the ERP received the send', async () => erp.posts.length === 1, 20_000);
    const exited = new Promise((r) => c.proc.once('exit', r));
    c.proc.kill('SIGKILL');
    await exited;
    servers.splice(servers.indexOf(c), 1);
    fs.rmSync(c.dataDir, { recursive: true, force: true });
    await inFlight;
    const [send] = await q<{ id: string; state: string }>(`select id, state from finance_erp_exports where invoice_id = $1`, [inv.id]);
    expect(send.state).toBe('sending');
    expect(erp.posts).toEqual([{ key: send.id }]);
    await until('the killed send is settled by the surviving process', async () => (await q<{ state: string }>(`select state from finance_erp_exports where id = $1`, [send.id]))[0].state === 'integrated', 30_000);
    expect(erp.gets).toContain(send.id);
    // The retry with the same key on the survivor answers the settled outcome and sends nothing.
    const replay = await post(b, tokens.b, path, [], 'erp-killed-1');
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ Message: 'Nota reenviada ao ERP com sucesso!', integrated: 1, failed: 0 });
    expect(erp.posts).toHaveLength(1);
    expect(erp.issued).toEqual([inv.id]);
    expect((await q<{ status: string }>(`select status from finance_erp_invoices where id = $1`, [inv.id]))[0].status).toBe('integrated');
  }, 120_000);
});
