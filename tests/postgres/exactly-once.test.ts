/**
 * Two API processes on one PostgreSQL, as operations run them:
 * - a retry racing its original on the other process (same Idempotency-Key, sent at once to both)
 *   makes one change and one replayed answer, for commands outside the transition table too
 *   (carriers, reprint, rush);
 * - background work survives a kill -9: orders taken in a burst on a process that is killed midway
 *   all get their automatic courier call and the sandbox courier's assignment, done by the other
 *   process from the job queue, and none gets it twice.
 */
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed';
import { KDS_PATHS } from '../../src/shared/orders';
import { startServer, type RunningServer } from '../support/server';
import { createDatabase, login, startPostgres, until, type LocalPostgres } from './pg-helpers';

let pgServer: LocalPostgres;
let db: pg.Client;
let venue: string;
let a: RunningServer;
let b: RunningServer;
let tokens: [string, string];
const servers: RunningServer[] = [];

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];

function post(s: RunningServer, token: string, url: string, body: unknown, key?: string) {
  return fetch(`${s.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });
}

function order(name: string, over: Record<string, unknown> = {}) {
  return {
    LocalClienteId: venue,
    OrigemPedido: 2,
    TipoEntrega: 1,
    Cliente: { Nome: name, Telefone: '(11) 90000-1111', Endereco: { Logradouro: 'Rua Teste', Numero: '10', Bairro: 'Centro', Cidade: 'São Paulo', UF: 'SP', CEP: '01000000' } },
    Itens: [{ NomeProduto: 'Item livre', Valor: 10, Quantidade: 1 }],
    TipoPagamentoId: 4,
    ...over,
  };
}

beforeAll(async () => {
  pgServer = await startPostgres();
  const url = await createDatabase(pgServer.url, 'balcao_once');
  const handle = await openDb({ databaseUrl: url, log: () => {} });
  const seed = await seedDemo(handle.db);
  await handle.close();
  venue = seed.venues.restaurant;
  db = new pg.Client({ connectionString: url });
  await db.connect();
  // Orders are accepted at intake and their courier is called automatically; reprints need a print server.
  await q(
    `insert into food_configs (venue_id, data) values ($1, $2::jsonb) on conflict (venue_id) do update set data = food_configs.data || excluded.data`,
    [venue, JSON.stringify({ automaticallyAcceptOrder: true, useMeepDelivery: true, callMeepDeliveryManually: false })],
  );
  await q(`insert into kds_settings (venue_id, print_server_url) values ($1, 'http://192.168.0.10:9100') on conflict (venue_id) do update set print_server_url = excluded.print_server_url`, [venue]);
  const env = { DATABASE_URL: url, STATIC_DIR: '/nonexistent', COURIER_SANDBOX_DELAY_MS: '500', JOBS_LEASE_MS: '2000', JOBS_POLL_MS: '200' };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  servers.push(a, b);
  tokens = [await login(a.url, 'gerente@balcao.dev'), await login(b.url, 'gerente@balcao.dev')];
}, 120_000);

afterAll(async () => {
  await db?.end();
  await Promise.allSettled(servers.map((s) => s.stop()));
  pgServer?.stop();
});

describe('exactly once across two processes', () => {
  it('20 racing pairs (carriers, reprints, rush) on two processes: one change and one replayed answer each', async () => {
    const created = await post(a, tokens[0], KDS_PATHS.intake, order('Corrida', { OrigemPedido: 1, TipoEntrega: 2 }));
    expect(created.status).toBe(201);
    const orderId = ((await created.json()) as { Id: string }).Id;
    const eventsOf = async () => (await q<{ n: number }>(`select count(*)::int as n from order_events where venue_id = $1 and order_id = $2`, [venue, orderId]))[0].n;
    const pairs: Array<{ kind: string; url: string; body: unknown }> = [];
    for (let i = 0; i < 10; i++) pairs.push({ kind: 'carrier', url: KDS_PATHS.carriers, body: { Nome: `Transportador ${i}`, Telefone: '(11) 97777-0000', Documento: '111.222.333-96', LocalClienteId: venue } });
    for (let i = 0; i < 8; i++) pairs.push({ kind: 'reprint', url: `${KDS_PATHS.resend}?pedidoId=${orderId}`, body: {} });
    for (const on of [true, false]) pairs.push({ kind: 'rush', url: KDS_PATHS.rush, body: { Id: orderId, Urgente: on } });

    let replays = 0;
    const eventsBefore = await eventsOf();
    for (const [i, p] of pairs.entries()) {
      const key = `par-${i}`;
      const [r1, r2] = await Promise.all([post(a, tokens[0], p.url, p.body, key), post(b, tokens[1], p.url, p.body, key)]);
      expect([r1.status, r2.status], `${p.kind} ${i}`).toEqual(p.kind === 'carrier' ? [201, 201] : [200, 200]);
      const replayed = [r1, r2].filter((r) => r.headers.get('idempotent-replayed') === 'true').length;
      expect(replayed, `${p.kind} ${i}: exactly one replay`).toBe(1);
      replays += replayed;
      const [j1, j2] = [await r1.json(), await r2.json()];
      expect(j2).toEqual(j1);
    }
    const carrierDuplicates = await q<{ name: string; n: number }>(`select name, count(*)::int as n from carriers where venue_id = $1 group by name having count(*) > 1`, [venue]);
    expect(carrierDuplicates).toEqual([]);
    expect((await q<{ n: number }>(`select count(*)::int as n from carriers where venue_id = $1 and name like 'Transportador %'`, [venue]))[0].n).toBe(10);
    // One event per reprint and per rush change: 8 + 2.
    expect((await eventsOf()) - eventsBefore).toBe(10);
    console.log(`racing pairs: ${pairs.length} pairs, ${replays} replayed answers, ${carrierDuplicates.length} duplicate carriers`);
  }, 60_000);

  it('kill -9 mid-burst: every order taken gets its courier called and assigned once, by the surviving process', async () => {
    const answered: string[] = [];
    let sent = 0;
    let killed = false;
    const burst = async () => {
      while (sent < 100 && !killed) {
        const n = sent++;
        try {
          const res = await post(a, tokens[0], KDS_PATHS.intake, order(`Rajada ${n}`));
          if (res.status === 201) answered.push(((await res.json()) as { Id: string }).Id);
        } catch {
          /* the process is gone */
        }
        if (answered.length >= 60 && !killed) {
          killed = true;
          a.proc.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, burst));
    await new Promise((r) => (a.proc.exitCode !== null || a.proc.signalCode ? r(null) : a.proc.once('exit', r)));
    expect(killed).toBe(true);
    servers.splice(servers.indexOf(a), 1);
    fs.rmSync(a.dataDir, { recursive: true, force: true });

    const taken = await q<{ id: string }>(`select id from orders where venue_id = $1 and customer->>'Nome' like 'Rajada %'`, [venue]);
    // Nothing answered 201 was lost.
    expect(answered.filter((id) => !taken.some((t) => t.id === id))).toEqual([]);
    await until(
      'every order taken has its courier assigned',
      async () =>
        (await q<{ n: number }>(`select count(*)::int as n from orders where venue_id = $1 and customer->>'Nome' like 'Rajada %' and (courier is null or courier_external_id is null)`, [venue]))[0].n === 0,
      45_000,
    );
    const assignedTwice = await q(`select payload->>'orderId' as id, count(*) from jobs where name = 'orders.courier-assigned' group by 1 having count(*) > 1`);
    expect(assignedTwice).toEqual([]);
    const calls = await q<{ state: string; n: number }>(`select state, count(*)::int as n from jobs where name = 'orders.courier-call' group by state`);
    expect(calls).toEqual([{ state: 'done', n: taken.length }]);
    expect(b.proc.exitCode).toBeNull();
    const retried = (await q<{ n: number }>(`select count(*)::int as n from jobs where name like 'orders.courier%' and attempts > 1`))[0].n;
    console.log(`kill -9: ${sent} sent, ${answered.length} answered 201, ${taken.length} orders taken, all ${taken.length} with courier called and assigned once (${retried} jobs taken over after the kill)`);
  }, 90_000);
});
