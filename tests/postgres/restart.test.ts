/**
 * Several API processes on one PostgreSQL, as operations run them: started together on an empty
 * database (one migrates under the advisory lock, the others wait), a board event crossing
 * processes, and a database restart that no process dies of (health says 503 meanwhile, the event
 * stream goes on afterwards).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed';
import { KDS_PATHS } from '../../src/shared/orders';
import { startServer, type RunningServer } from '../support/server';
import { createDatabase, freeItemOrder, login, openEventStream, startPostgres, until, type LocalPostgres } from './pg-helpers';

let pgServer: LocalPostgres;
const servers: RunningServer[] = [];

beforeAll(async () => {
  pgServer = await startPostgres();
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(servers.map((s) => s.stop()));
  pgServer?.stop();
});

const health = async (s: RunningServer) => (await fetch(`${s.url}/api/health`)).status;

const order = (venueId: string, name: string) => freeItemOrder(venueId, name);

describe('several processes on one PostgreSQL', () => {
  it('three processes started together on an empty database all come up (one migrates, the others wait)', async () => {
    const url = await createDatabase(pgServer.url, 'balcao_empty');
    const started = await Promise.all([1, 2, 3].map(() => startServer({ DATABASE_URL: url, STATIC_DIR: '/nonexistent' })));
    servers.push(...started);
    for (const s of started) expect(await health(s)).toBe(200);
    const handle = await openDb({ databaseUrl: url, log: () => {} });
    const applied = await handle.db.execute<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations' as never);
    const files = (await import('node:fs')).readdirSync('drizzle').filter((f) => f.endsWith('.sql')).length;
    expect((applied as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(files);
    await handle.close();
    await Promise.all(started.map((s) => s.stop()));
    servers.length = 0;
  }, 120_000);

  it('survives a database restart: no process dies, health is 503 meanwhile, events cross processes afterwards', async () => {
    const url = await createDatabase(pgServer.url, 'balcao_restart');
    const handle = await openDb({ databaseUrl: url, log: () => {} });
    const seed = await seedDemo(handle.db);
    await handle.close();
    const env = { DATABASE_URL: url, STATIC_DIR: '/nonexistent', KDS_SSE_HEARTBEAT_MS: '1000' };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    servers.push(a, b);
    const venue = seed.venues.restaurant;
    const tokenA = await login(a.url, 'gerente@balcao.dev');
    const tokenB = await login(b.url, 'cozinha@balcao.dev');
    const stream = openEventStream(`${b.url}${KDS_PATHS.events}?localClienteId=${venue}`, tokenB);
    const place = (name: string) =>
      fetch(`${a.url}${KDS_PATHS.intake}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenA}` }, body: JSON.stringify(order(venue, name)) });
    const seen = (name: string) => stream.events.some((e) => e.event === 'order.created' && e.data.includes(name));

    await until('the stream is open', async () => stream.events.some((e) => e.event === 'ready'), 10_000);
    expect((await place('Antes do reinício')).status).toBe(201);
    await until('event before the restart on the other process', async () => seen('Antes do reinício'), 10_000);

    pgServer.halt();
    await until('health 503 on both while the database is down', async () => (await health(a)) === 503 && (await health(b)) === 503, 20_000);
    const during = await place('Durante a queda');
    expect(during.status).toBe(503);
    expect(((await during.json()) as { Message: string }).Message).toBe('Serviço temporariamente indisponível. Tente novamente em instantes.');
    pgServer.resume();
    await until('health 200 on both after the restart', async () => (await health(a)) === 200 && (await health(b)) === 200, 30_000);
    expect(a.proc.exitCode).toBeNull();
    expect(b.proc.exitCode).toBeNull();

    expect((await place('Depois do reinício')).status).toBe(201);
    await until('event after the restart on the other process', async () => seen('Depois do reinício'), 15_000);
    // Nothing was delivered twice.
    const ids = stream.events.filter((e) => e.event === 'order.created').map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(a.output() + b.output()).toContain('conexão');
    stream.close();
  }, 180_000);
});
