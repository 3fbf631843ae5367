/**
 * Connections cut while transactions run: two API processes under load (25 order intakes per
 * second each) while every connection to the database is ended with pg_terminate_backend, twelve
 * times, each time while at least one transaction is in flight. Neither process dies; every answer
 * is 201 or a pt-BR 503 (never a 500); both recover by themselves and keep serving.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed';
import { MSG } from '../../src/shared/messages';
import { KDS_PATHS } from '../../src/shared/orders';
import { startServer, type RunningServer } from '../support/server';
import { createDatabase, login, startPostgres, until, type LocalPostgres } from './pg-helpers';

let pgServer: LocalPostgres;
const servers: RunningServer[] = [];

beforeAll(async () => {
  pgServer = await startPostgres();
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(servers.map((s) => s.stop()));
  pgServer?.stop();
});

function order(venueId: string, name: string) {
  return {
    LocalClienteId: venueId,
    OrigemPedido: 1,
    TipoEntrega: 2,
    Cliente: { Nome: name, Telefone: '(11) 90000-1111', Endereco: null },
    Itens: [{ NomeProduto: 'Item livre', Valor: 10, Quantidade: 1 }],
    TipoPagamentoId: 4,
  };
}

describe('connections ended under load', () => {
  it('12 rounds of pg_terminate_backend with transactions in flight on two processes: both survive and recover', async () => {
    const url = await createDatabase(pgServer.url, 'balcao_disrupt');
    const handle = await openDb({ databaseUrl: url, log: () => {} });
    const seed = await seedDemo(handle.db);
    await handle.close();
    const env = { DATABASE_URL: url, STATIC_DIR: '/nonexistent', DATABASE_POOL_MAX: '6' };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    servers.push(a, b);
    const venue = seed.venues.restaurant;
    const tokens = [await login(a.url, 'gerente@balcao.dev'), await login(b.url, 'gerente@balcao.dev')];

    const statuses = new Map<number, number>();
    const badBodies: string[] = [];
    let n = 0;
    const inflight = new Set<Promise<void>>();
    const send = (s: RunningServer, token: string) => {
      const p = (async () => {
        const res = await fetch(`${s.url}${KDS_PATHS.intake}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(order(venue, `Carga ${n++}`)),
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const body = (await res.json()) as { Message?: string };
        if (res.status === 503 && body.Message !== MSG.databaseUnavailable) badBodies.push(JSON.stringify(body));
      })()
        .catch((err: Error) => void badBodies.push(`fetch: ${err.message}`))
        .finally(() => inflight.delete(p));
      inflight.add(p);
    };
    // 25 requests per second on each process.
    const load = setInterval(() => {
      send(a, tokens[0]);
      send(b, tokens[1]);
    }, 40);

    const admin = new pg.Client({ connectionString: pgServer.url });
    await admin.connect();
    let killed = 0;
    let killedInTransaction = 0;
    try {
      for (let round = 0; round < 12; round++) {
        // Wait for a moment when a transaction is running, then end every connection to the database.
        await until(
          'a transaction in flight',
          async () => (await admin.query(`select 1 from pg_stat_activity where datname = 'balcao_disrupt' and state in ('active', 'idle in transaction') and query not ilike '%listen%' limit 1`)).rowCount! > 0,
          10_000,
        );
        const r = await admin.query<{ tx: boolean }>(
          `select (state in ('active', 'idle in transaction')) as tx, pg_terminate_backend(pid) from pg_stat_activity where datname = 'balcao_disrupt' and pid <> pg_backend_pid()`,
        );
        killed += r.rowCount!;
        killedInTransaction += r.rows.filter((row) => row.tx).length;
        // Let both processes reconnect and serve a little before the next round.
        const before = statuses.get(201) ?? 0;
        await until('requests succeed again', async () => (statuses.get(201) ?? 0) >= before + 4, 20_000);
      }
    } finally {
      clearInterval(load);
      await Promise.allSettled([...inflight]);
      await admin.end();
    }

    expect(a.proc.exitCode).toBeNull();
    expect(b.proc.exitCode).toBeNull();
    expect(killedInTransaction).toBeGreaterThanOrEqual(12);
    expect(killed).toBeGreaterThan(killedInTransaction);
    expect([...statuses.keys()].filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(badBodies).toEqual([]);
    for (const s of [a, b]) expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    const after = await Promise.all([a, b].map((s, i) => fetch(`${s.url}${KDS_PATHS.intake}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}` }, body: JSON.stringify(order(venue, 'Depois')) })));
    expect(after.map((r) => r.status)).toEqual([201, 201]);
    console.log(`disruption: ${killed} connections ended (${killedInTransaction} in a transaction) in 12 rounds; answers ${JSON.stringify(Object.fromEntries(statuses))}`);
  }, 150_000);
});
