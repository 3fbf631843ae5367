/**
 * Chaos on the courier path (issue 36), two API processes at a time on one PostgreSQL and a courier
 * platform written from the contract (tests/support/fake-courier-platform.ts), which dedupes on
 * the Idempotency-Key:
 * - every order is taken by racing the same intake (one Idempotency-Key) at both processes;
 * - round 1 and 2: the platform takes each courier call but holds its answer; both processes are
 *   killed (-9) mid-call, two new ones take the jobs over after their lease and settle them by
 *   asking the platform for the call's key (4 kills in all);
 * - round 3: the platform answers after our timeout ("em verificação"), settled the same way.
 * Whatever happens, each order has exactly one delivery at the platform, and it is the one the
 * order records.
 */
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KDS_PATHS } from '../../src/shared/orders';
import { startFakeCourierPlatform, type FakeCourierPlatform } from '../support/fake-courier-platform';
import { startServer, type RunningServer } from '../support/server';
import { acceptAndCallCourier, connect, createDatabase, freeItemOrder, login, postgresForFile, seedDatabase, until, type LocalPostgres } from './pg-helpers';

const ORDERS = { kill1: 8, kill2: 8, timeouts: 4 };
const TOTAL = ORDERS.kill1 + ORDERS.kill2 + ORDERS.timeouts;

let pgServer: LocalPostgres | null = null;
let url: string;
let db: pg.Client;
let venue: string;
let platform: FakeCourierPlatform;
const servers: RunningServer[] = [];

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];

function env(timeoutMs: number): Record<string, string> {
  return {
    DATABASE_URL: url,
    STATIC_DIR: '/nonexistent',
    DATABASE_POOL_MAX: '6',
    COURIER_PLAYDELIVERY_URL: platform.url,
    COURIER_LOGGI_URL: platform.url,
    COURIER_MEEP_URL: platform.url,
    COURIER_TIMEOUT_MS: String(timeoutMs),
    JOBS_LEASE_MS: '2000',
    JOBS_POLL_MS: '200',
    JOBS_CONCURRENCY: '10',
  };
}

async function pair(timeoutMs: number): Promise<Array<{ s: RunningServer; token: string }>> {
  const started = await Promise.all([startServer(env(timeoutMs)), startServer(env(timeoutMs))]);
  servers.push(...started);
  return Promise.all(started.map(async (s) => ({ s, token: await login(s.url, 'gerente@balcao.dev') })));
}

async function kill9(s: RunningServer): Promise<void> {
  s.proc.kill('SIGKILL');
  await new Promise((r) => (s.proc.exitCode !== null || s.proc.signalCode ? r(null) : s.proc.once('exit', r)));
  servers.splice(servers.indexOf(s), 1);
  fs.rmSync(s.dataDir, { recursive: true, force: true });
}

/** A marketplace delivery: accepted at intake, its courier called automatically. */
const order = (name: string) => freeItemOrder(venue, name, { origin: 2 });

/** The same intake at both processes at once, one key: one order, one replayed answer (a 503 is retried). */
async function racingIntake(procs: Array<{ s: RunningServer; token: string }>, name: string): Promise<{ id: string; replays: number }> {
  const send = async (p: { s: RunningServer; token: string }) => {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${p.s.url}${KDS_PATHS.intake}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}`, 'idempotency-key': `caos-${name.replace(/\s+/g, '-')}` },
        body: JSON.stringify(order(name)),
      });
      if (res.status === 503 && attempt < 10) continue;
      expect(res.status, name).toBe(201);
      return { id: ((await res.json()) as { Id: string }).Id, replayed: res.headers.get('idempotent-replayed') === 'true' };
    }
  };
  const [a, b] = await Promise.all(procs.map(send));
  expect(b.id).toBe(a.id);
  return { id: a.id, replays: [a, b].filter((x) => x.replayed).length };
}

const t0 = Date.now();
/** Progress on stderr, so a slow run shows where it is. */
const step = (what: string) => process.stderr.write(`chaos +${Math.round((Date.now() - t0) / 100) / 10}s ${what}\n`);

const pidOf = (lockedBy: string | null) => (lockedBy ? Number(lockedBy.split(':')[1]) : null);

beforeAll(async () => {
  const server = await postgresForFile();
  pgServer = server.own ?? null;
  url = await createDatabase(server.url, `balcao_chaos_${process.pid}_${Date.now()}`);
  venue = await seedDatabase(url);
  db = await connect(url);
  await acceptAndCallCourier(db, venue);
  platform = await startFakeCourierPlatform();
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(servers.map((s) => s.stop()));
  await db?.end().catch(() => {});
  await platform?.close();
  pgServer?.stop();
});

describe('chaos: 20 orders with racing Idempotency-Keys on two processes, 4 kill -9 mid-call, 4 provider timeouts, 0 double deliveries', () => {
  it('every order gets exactly one delivery at the platform, the one it records', async () => {
    const ids: string[] = [];
    let replays = 0;
    let kills = 0;
    const killedHolding = new Set<number>();

    // Rounds 1 and 2: calls reach the platform, whose answers are held; both processes die mid-call.
    platform.hold = true;
    step('starting two processes');
    let procs = await pair(60_000);
    step('started');
    for (const [round, count] of [
      [1, ORDERS.kill1],
      [2, ORDERS.kill2],
    ] as const) {
      const mine: string[] = [];
      for (let i = 0; i < count; i++) {
        const r = await racingIntake(procs, `Caos ${round}-${i}`);
        mine.push(r.id);
        replays += r.replays;
      }
      ids.push(...mine);
      step(`round ${round}: ${count} orders taken`);
      await until(`round ${round}: every call reached the platform`, async () => mine.every((id) => platform.requests.some((r) => r.method === 'POST' && r.ref === id)), 30_000);
      // The processes now holding calls in flight (their jobs are running, locked by them).
      const holding = await q<{ locked_by: string | null }>(`select locked_by from jobs where name = 'orders.courier-call' and state = 'running' and payload->>'orderId' = any($1)`, [mine]);
      for (const h of holding) {
        const pid = pidOf(h.locked_by);
        if (pid) killedHolding.add(pid);
      }
      expect(holding.length).toBeGreaterThan(0);
      await Promise.all(procs.map((p) => kill9(p.s)));
      kills += 2;
      step(`round ${round}: both processes killed mid-call`);
      // Two new processes take the jobs over once the lease passes. Round 2's pair is killed in turn;
      // the last pair times out quickly (round 3).
      procs = await pair(round === 1 ? 60_000 : 1_500);
      step(`round ${round}: two new processes up`);
    }
    platform.hold = false;
    platform.releaseHeld();

    // Round 3: the platform answers after our 1.5 s timeout: "em verificação", settled by asking.
    const slow = new Set<string>();
    const before = platform.requests.length;
    // The order id is not known before the intake: every POST of an order of this round is slow.
    const earlier = new Set(ids);
    platform.slowMs = (ref) => (earlier.has(ref) ? 0 : 4_000);
    for (let i = 0; i < ORDERS.timeouts; i++) {
      const r = await racingIntake(procs, `Caos 3-${i}`);
      ids.push(r.id);
      slow.add(r.id);
      replays += r.replays;
    }

    step('round 3: slow platform orders taken');
    await until(
      'every order records its delivery',
      async () => (await q<{ n: number }>(`select count(*)::int as n from orders where id = any($1) and courier_external_id is not null`, [ids]))[0].n === TOTAL,
      60_000,
    );

    // Exactly one delivery per order at the platform, and it is the one recorded.
    expect(ids.length).toBe(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL);
    const per = platform.perReference();
    const doubles = ids.filter((id) => (per.get(id) ?? 0) !== 1);
    expect(doubles).toEqual([]);
    expect(platform.deliveries.length).toBe(TOTAL);
    const recorded = await q<{ id: string; ext: string }>(`select id, courier_external_id as ext from orders where id = any($1)`, [ids]);
    for (const r of recorded) expect(r.ext).toBe(platform.deliveries.find((d) => d.externalReference === r.id)!.id);
    // One order per racing pair, one replayed answer each.
    expect(replays).toBe(TOTAL);
    expect((await q<{ n: number }>(`select count(*)::int as n from orders where venue_id = $1 and customer->>'Nome' like 'Caos %'`, [venue]))[0].n).toBe(TOTAL);
    // The killed and timed-out calls were settled by asking for their key, not by posting again.
    const killedIds = ids.slice(0, ORDERS.kill1 + ORDERS.kill2);
    const askedAfterKill = killedIds.filter((id) => platform.requests.some((r) => r.method === 'GET' && r.ref === id));
    expect(askedAfterKill.length).toBe(killedIds.length);
    const timedOut = [...slow].filter((id) => platform.requests.slice(before).some((r) => r.method === 'GET' && r.ref === id));
    expect(timedOut.length).toBe(ORDERS.timeouts);
    const calls = await q<{ state: string; n: number }>(`select state, count(*)::int as n from jobs where name = 'orders.courier-call' and payload->>'orderId' = any($1) group by state`, [ids]);
    expect(calls).toEqual([{ state: 'done', n: TOTAL }]);
    const posts = platform.requests.filter((r) => r.method === 'POST').length;
    console.log(
      `chaos: ${TOTAL} orders (${replays} replayed racing intakes), ${kills} kill -9 (${killedHolding.size} processes holding calls), ${ORDERS.timeouts} timeouts; platform saw ${posts} POSTs and ${platform.requests.length - posts} GETs, made ${platform.deliveries.length} deliveries, 0 double`,
    );
  }, 600_000);
});
