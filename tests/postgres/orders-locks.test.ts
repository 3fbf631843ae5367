/**
 * Lock waits bounded and isolated (issue 36), on PostgreSQL with a real server process: the venue
 * lock is held from another connection (another process, a stuck session) while 15 intakes arrive.
 * The board's reads and /api/health of the same process keep answering while the writers wait,
 * and every waiting writer answers 503 "Muitas alterações ao mesmo tempo, tente de novo" with
 * Retry-After once its bound passes (never another 5xx); after the lock is let go, writes work.
 * Timing (the board's p95 while writers wait) is measured in bench/orders-locks.bench.ts, not here.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KDS_PATHS, ORDER_MSG } from '../../src/shared/orders';
import { startServer, type RunningServer } from '../support/server';
import { createDatabase, login, postgresForFile, seedDatabase, until, type LocalPostgres } from './pg-helpers';

let pgServer: LocalPostgres | null = null;
let url: string;
let server: RunningServer;
let holder: pg.Client;
let venue: string;
let token: string;

function intake(name: string) {
  return {
    LocalClienteId: venue,
    OrigemPedido: 1,
    TipoEntrega: 2,
    Cliente: { Nome: name, Telefone: '(11) 90000-1111', Endereco: null },
    Itens: [{ NomeProduto: 'Item livre', Valor: 10, Quantidade: 1 }],
    TipoPagamentoId: 4,
  };
}

const post = (body: unknown, key: string) =>
  fetch(`${server.url}${KDS_PATHS.intake}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  const postgres = await postgresForFile();
  pgServer = postgres.own ?? null;
  url = await createDatabase(postgres.url, `balcao_locks_${process.pid}_${Date.now()}`);
  venue = await seedDatabase(url);
  // A small pool, as in the incident (15 waiting intakes held a pool of 10).
  server = await startServer({ DATABASE_URL: url, STATIC_DIR: '/nonexistent', DATABASE_POOL_MAX: '6', ORDERS_LOCK_TIMEOUT_MS: '3000' });
  token = await login(server.url, 'gerente@balcao.dev');
  holder = new pg.Client({ connectionString: url });
  holder.on('error', () => {});
  await holder.connect();
}, 240_000);

afterAll(async () => {
  await holder?.query('rollback').catch(() => {});
  await holder?.end().catch(() => {});
  await server?.stop();
  pgServer?.stop();
});

describe('order writes waiting on a held venue lock (PostgreSQL, pool of 6)', () => {
  it('15 blocked intakes: the board and health answer while they wait; each writer gets the pt-BR 503 with Retry-After, never another 5xx', async () => {
    const warm = await fetch(`${server.url}${KDS_PATHS.list}?localClienteId=${venue}&page=1&size=20`, { headers: { authorization: `Bearer ${token}` } });
    expect(warm.status).toBe(200);

    // Another session holds the venue lock (as a slow transaction on another process would).
    await holder.query('begin');
    await holder.query('select 1 from kds_settings where venue_id = $1 for update', [venue]);
    let pending = 15;
    const writers = Array.from({ length: 15 }, async (_, i) => {
      try {
        const res = await post(intake(`Bloqueado ${i}`), `bloqueado-${i}`);
        return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { Message?: string } };
      } finally {
        pending--;
      }
    });

    // While the writers wait: the board's list and health, one after another, each answering.
    const reads: Array<{ what: string; status: number; whileWaiting: boolean }> = [];
    // The lock is let go after 25 s at most (a broken build must fail here, not hang).
    const releaseBy = Date.now() + 25_000;
    while (pending > 0 && Date.now() < releaseBy) {
      const list = await fetch(`${server.url}${KDS_PATHS.list}?localClienteId=${venue}&page=1&size=20`, { headers: { authorization: `Bearer ${token}` } });
      reads.push({ what: 'kds', status: list.status, whileWaiting: pending > 0 });
      await list.arrayBuffer();
      const health = await fetch(`${server.url}/api/health`);
      reads.push({ what: 'health', status: health.status, whileWaiting: pending > 0 });
      await health.arrayBuffer();
    }
    const answers = await Promise.all(writers);
    await holder.query('rollback');

    // Reads answered (200) while writers were still waiting: they did not queue behind them.
    const during = reads.filter((r) => r.whileWaiting);
    expect(during.filter((r) => r.what === 'kds').length).toBeGreaterThanOrEqual(2);
    expect(during.filter((r) => r.what === 'health').length).toBeGreaterThanOrEqual(2);
    expect(reads.filter((r) => r.status !== 200)).toEqual([]);

    // Every writer: the 503 of a busy venue, with Retry-After (the board's outbox retries it).
    expect(answers.map((a) => a.status)).toEqual(Array(15).fill(503));
    for (const a of answers) {
      expect(a.body).toEqual({ Message: ORDER_MSG.venueBusy });
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1);
    }

    // Nothing was written, and once the lock is free the same keys go through (one order each),
    // retried on 503 as the board's outbox does (a burst of 15 on one venue may still wait its bound).
    const retried = await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 20; attempt++) {
          const res = await post(intake(`Bloqueado ${i}`), `bloqueado-${i}`);
          statuses.push(res.status);
          await res.arrayBuffer();
          if (res.status !== 503) break;
        }
        return statuses;
      }),
    );
    expect(retried.map((s) => s[s.length - 1])).toEqual(Array(15).fill(201));
    expect(retried.flat().filter((s) => s !== 201 && s !== 503)).toEqual([]);
    await until('15 orders, none twice', async () => {
      const r = await holder.query(`select count(*)::int as n, count(distinct customer->>'Nome')::int as d from orders where venue_id = $1 and customer->>'Nome' like 'Bloqueado %'`, [venue]);
      return r.rows[0].n === 15 && r.rows[0].d === 15;
    }, 10_000);
  }, 120_000);

  it('a lock wait on a venue another writer holds past the bound is a 503 for commands too (accept), and the command applies on retry', async () => {
    const created = await post(intake('Aceitar depois'), 'aceitar-depois');
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { Id: string }).Id;
    await holder.query('begin');
    await holder.query('select 1 from kds_settings where venue_id = $1 for update', [venue]);
    const accept = () =>
      fetch(`${server.url}${KDS_PATHS.command('acceptOrder')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': 'aceite-1' },
        body: JSON.stringify({ Id: id }),
      });
    const busy = await accept();
    await holder.query('rollback');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBeTruthy();
    expect(await busy.json()).toEqual({ Message: ORDER_MSG.venueBusy });
    const ok = await accept();
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { Aplicado: boolean }).Aplicado).toBe(true);
  }, 60_000);
});
