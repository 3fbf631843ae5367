/**
 * No gap in live events when a process's LISTEN connection drops (pg_terminate_backend on it):
 * an order committed on the other process while it re-LISTENs reaches its board at once (not at
 * the next 15 s heartbeat), and a session revoked meanwhile (its NOTIFY lost) has its stream
 * closed before any further event is sent to it.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed';
import { KDS_PATHS } from '../../src/shared/orders';
import { startServer, type RunningServer } from '../support/server';
import { createDatabase, login, openEventStream, startPostgres, until, type LocalPostgres } from './pg-helpers';

let pgServer: LocalPostgres;
let admin: pg.Client;
let a: RunningServer;
let b: RunningServer;
let venue: string;
const servers: RunningServer[] = [];

beforeAll(async () => {
  pgServer = await startPostgres();
  const url = await createDatabase(pgServer.url, 'balcao_relisten');
  const handle = await openDb({ databaseUrl: url, log: () => {} });
  venue = (await seedDemo(handle.db)).venues.restaurant;
  await handle.close();
  admin = new pg.Client({ connectionString: pgServer.url });
  await admin.connect();
  // The default heartbeat (15 s): only the catch-up after re-LISTEN can deliver in time.
  const env = { DATABASE_URL: url, STATIC_DIR: '/nonexistent' };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  servers.push(a, b);
}, 120_000);

afterAll(async () => {
  await admin?.end();
  await Promise.allSettled(servers.map((s) => s.stop()));
  pgServer?.stop();
});

/** Ends the LISTEN connections of the database (each process has one) and answers how many. */
async function dropListeners(): Promise<number> {
  const r = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = 'balcao_relisten' and query ilike 'listen%'`);
  return r.rowCount!;
}

function order(name: string) {
  return { LocalClienteId: venue, OrigemPedido: 1, TipoEntrega: 2, Cliente: { Nome: name, Telefone: '(11) 90000-1111', Endereco: null }, Itens: [{ NomeProduto: 'Item livre', Valor: 10, Quantidade: 1 }], TipoPagamentoId: 4 };
}

describe('re-LISTEN', () => {
  it('an order committed while the other process re-LISTENs reaches its board at once', async () => {
    const tokenA = await login(a.url, 'gerente@balcao.dev');
    const tokenB = await login(b.url, 'gerente@balcao.dev');
    const stream = openEventStream(`${b.url}${KDS_PATHS.events}?localClienteId=${venue}&access_token=${tokenB}`);
    await until('the stream is open', async () => stream.events.some((e) => e.event === 'ready'), 10_000);
    await until('both processes LISTEN', async () => (await admin.query(`select 1 from pg_stat_activity where datname = 'balcao_relisten' and query ilike 'listen%'`)).rowCount! >= 2, 10_000);
    const delays: number[] = [];
    for (let round = 0; round < 3; round++) {
      expect(await dropListeners()).toBeGreaterThanOrEqual(2);
      const name = `Durante o re-LISTEN ${round}`;
      const res = await fetch(`${a.url}${KDS_PATHS.intake}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenA}` }, body: JSON.stringify(order(name)) });
      expect(res.status).toBe(201);
      const committed = Date.now();
      await until(`event ${round} on the other process`, async () => stream.events.some((e) => e.event === 'order.created' && e.data.includes(name)), 5_000);
      delays.push(Date.now() - committed);
    }
    const ids = stream.events.filter((e) => e.event === 'order.created').map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    stream.close();
    console.log(`event delay across a re-LISTEN (ms): ${delays.join(', ')}`);
  }, 60_000);

  it('a session revoked while the NOTIFY was lost: its stream is closed on the catch-up and gets no more events', async () => {
    const tokenA = await login(a.url, 'gerente@balcao.dev');
    const tokenB = await login(b.url, 'cozinha@balcao.dev');
    const stream = openEventStream(`${b.url}${KDS_PATHS.events}?localClienteId=${venue}&access_token=${tokenB}`);
    let closed = false;
    void stream.done.then(() => (closed = true));
    await until('the stream is open', async () => stream.events.some((e) => e.event === 'ready'), 10_000);
    // Revoked in the database without a NOTIFY (as if it was sent while B's LISTEN was down).
    const dbClient = new pg.Client({ connectionString: pgServer.url.replace(/\/postgres$/, '/balcao_relisten') });
    await dbClient.connect();
    await dbClient.query(`update sessions set revoked_at = now() where revoked_at is null and user_id = (select id from users where email = 'cozinha@balcao.dev')`);
    await dbClient.end();
    await until('both processes LISTEN', async () => (await admin.query(`select 1 from pg_stat_activity where datname = 'balcao_relisten' and query ilike 'listen%'`)).rowCount! >= 2, 10_000);
    expect(await dropListeners()).toBeGreaterThanOrEqual(2);
    await until('the revoked stream is closed', async () => closed, 5_000);
    const res = await fetch(`${a.url}${KDS_PATHS.intake}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenA}` }, body: JSON.stringify(order('Depois da revogação')) });
    expect(res.status).toBe(201);
    expect(stream.events.some((e) => e.data.includes('Depois da revogação'))).toBe(false);
  }, 60_000);
});
