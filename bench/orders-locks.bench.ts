/**
 * Lock waits isolated (issue 36; npm run bench -- orders-locks), on PostgreSQL:
 * GET api/kds p95 of one process (pool of 10) as usual, then while 15 order intakes are blocked
 * for 25 s on its venue lock (held from a separate connection, as a slow transaction on another
 * process would), each writer retrying after its 503's Retry-After as the board's outbox does.
 * Budget: the blocked p95 stays within 1.5 × the usual p95 + 10 ms; /api/health answers 200
 * throughout; writers get only 503 (the busy venue) or 201.
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where we may create a database),
 * else a throw-away local server (scripts/pg-local.mjs).
 */
import pg from 'pg';
import { openDb } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import { KDS_PATHS } from '../src/shared/orders';
import { startServer } from '../tests/support/server';
// @ts-expect-error plain ESM script without types
import { startLocalPostgres } from '../scripts/pg-local.mjs';
import type { BenchResult } from './run';
import { percentile } from './stats';

const BLOCK_MS = Number(process.env.BENCH_LOCK_BLOCK_MS ?? 25_000);
const BASELINE_MS = 8_000;
const READERS = 5;
const WRITERS = 15;

async function measureLocks(): Promise<BenchResult[]> {
  let local: { url: string; stop(): void } | null = null;
  let base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) {
    local = (await startLocalPostgres()) as { url: string; stop(): void };
    base = local.url;
  }
  const name = `balcao_bench_locks_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  const handle = await openDb({ databaseUrl: dbUrl, log: () => {} });
  const venue = (await seedDemo(handle.db)).venues.restaurant;
  await handle.close();
  const server = await startServer({ DATABASE_URL: dbUrl, STATIC_DIR: '/nonexistent', DATABASE_POOL_MAX: '10' });
  const holder = new pg.Client({ connectionString: dbUrl });
  await holder.connect();
  try {
    const login = await fetch(`${server.url}/api/mfa/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'gerente@balcao.dev', password: 'Demo#2026' }) });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const listUrl = `${server.url}${KDS_PATHS.list}?localClienteId=${venue}&page=1&size=20`;
    // Some orders on the board, so the list does real work.
    for (let i = 0; i < 30; i++) {
      await fetch(`${server.url}${KDS_PATHS.intake}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(intake(venue, `Antes ${i}`)) });
    }

    const read = async (until: number, out: number[], health: number[]) => {
      while (Date.now() < until) {
        const t0 = performance.now();
        const res = await fetch(listUrl, { headers: auth });
        await res.arrayBuffer();
        out.push(performance.now() - t0);
        const h = await fetch(`${server.url}/api/health`);
        await h.arrayBuffer();
        health.push(h.status);
      }
    };

    const usual: number[] = [];
    const usualHealth: number[] = [];
    await Promise.all(Array.from({ length: READERS }, () => read(Date.now() + BASELINE_MS, usual, usualHealth)));

    await holder.query('begin');
    await holder.query('select 1 from kds_settings where venue_id = $1 for update', [venue]);
    const blockedUntil = Date.now() + BLOCK_MS;
    const statuses = new Map<number, number>();
    const writer = async (i: number) => {
      // Retries after Retry-After while the lock is held, as the board's outbox keeps its command.
      while (Date.now() < blockedUntil) {
        const res = await fetch(`${server.url}${KDS_PATHS.intake}`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `bench-lock-${i}` },
          body: JSON.stringify(intake(venue, `Bloqueado ${i}`)),
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status !== 503) return;
        const wait = Math.min(Number(res.headers.get('retry-after') ?? 1) * 1000, Math.max(0, blockedUntil - Date.now()));
        await new Promise((r) => setTimeout(r, wait));
      }
    };
    const blocked: number[] = [];
    const blockedHealth: number[] = [];
    const writers = Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(i)));
    await Promise.all(Array.from({ length: READERS }, () => read(blockedUntil, blocked, blockedHealth)));
    await holder.query('rollback');
    await writers;

    const p95u = Math.round(percentile(usual, 95) * 10) / 10;
    const p95b = Math.round(percentile(blocked, 95) * 10) / 10;
    const healthBad = [...usualHealth, ...blockedHealth].filter((s) => s !== 200).length;
    const otherWriterAnswers = [...statuses.entries()].filter(([s]) => s !== 503 && s !== 201).reduce((a, [, n]) => a + n, 0);
    return [
      { name: 'api/kds p95, usual (5 leitores, pool 10)', value: p95u, unit: 'ms', note: `${usual.length} leituras em ${BASELINE_MS / 1000} s` },
      {
        name: `api/kds p95 com ${WRITERS} escritas bloqueadas ${BLOCK_MS / 1000} s`,
        value: p95b,
        unit: 'ms',
        budget: Math.round((p95u * 1.5 + 10) * 10) / 10,
        note: `${blocked.length} leituras; escritas: ${JSON.stringify(Object.fromEntries(statuses))}`,
      },
      { name: '/api/health fora de 200 durante o bloqueio', value: healthBad, unit: 'respostas', budget: 0, note: `${usualHealth.length + blockedHealth.length} consultas` },
      { name: 'escritas com resposta fora de 503/201', value: otherWriterAnswers, unit: 'respostas', budget: 0 },
    ];
  } finally {
    await holder.query('rollback').catch(() => {});
    await holder.end().catch(() => {});
    await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
    local?.stop();
  }
}

function intake(venue: string, name: string) {
  return {
    LocalClienteId: venue,
    OrigemPedido: 1,
    TipoEntrega: 2,
    Cliente: { Nome: name, Telefone: '(11) 90000-1111', Endereco: null },
    Itens: [{ NomeProduto: 'Item livre', Valor: 10, Quantidade: 1 }],
    TipoPagamentoId: 4,
  };
}

export const benches = { 'orders-locks': measureLocks };
