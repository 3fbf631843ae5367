/** Helpers for the PostgreSQL-lane tests: a server of their own, fresh databases, sign-in, the event stream. */
import pg from 'pg';
import { expect } from 'vitest';
import { openDb } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed';
// @ts-expect-error plain ESM script without types
import { startLocalPostgres } from '../../scripts/pg-local.mjs';

export interface LocalPostgres {
  url: string;
  halt(): void;
  resume(): void;
  restart(): void;
  stop(): void;
}

export const startPostgres = startLocalPostgres as () => Promise<LocalPostgres>;

/** A new empty database on the server; answers its URL. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database createDatabase made, closing its open connections. */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}

/** The server a file's databases go on: TEST_DATABASE_URL's when given, otherwise one of its own (then `own` is set: stop it after). */
export async function postgresForFile(): Promise<{ url: string; own?: LocalPostgres }> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given };
  const own = await startPostgres();
  return { url: own.url, own };
}

/** Migrates the database and seeds the demo in it; answers the demo restaurant's id. */
export async function seedDatabase(url: string): Promise<string> {
  const handle = await openDb({ databaseUrl: url, log: () => {} });
  const venue = (await seedDemo(handle.db)).venues.restaurant;
  await handle.close();
  return venue;
}

/** A client of its own on the database (a connection the test ends or a restart drops is not an error). */
export async function connect(url: string): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: url });
  db.on('error', () => {});
  await db.connect();
  return db;
}

/** The venue accepts every order at intake and calls its courier automatically (the food configuration). */
export async function acceptAndCallCourier(db: pg.Client, venue: string): Promise<void> {
  await db.query(
    `insert into food_configs (venue_id, data) values ($1, $2::jsonb) on conflict (venue_id) do update set data = food_configs.data || excluded.data`,
    [venue, JSON.stringify({ automaticallyAcceptOrder: true, useMeepDelivery: true, callMeepDeliveryManually: false })],
  );
}

/** An intake body of one free item: a delivery by default (OrigemPedido 1, a storefront); `pickup` for an order without address. */
export function freeItemOrder(venue: string, name: string, opts: { origin?: number; pickup?: boolean } = {}) {
  return {
    LocalClienteId: venue,
    OrigemPedido: opts.origin ?? 1,
    TipoEntrega: opts.pickup ? 2 : 1,
    Cliente: { Nome: name, Telefone: '(11) 90000-1111', Endereco: opts.pickup ? null : { Logradouro: 'Rua Teste', Numero: '10', Bairro: 'Centro', Cidade: 'São Paulo', UF: 'SP', CEP: '01000000' } },
    Itens: [{ NomeProduto: 'Item livre', Valor: 10, Quantidade: 1 }],
    TipoPagamentoId: 4,
  };
}

export async function login(baseUrl: string, email: string, password = 'Demo#2026'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/mfa/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) });
  const body = (await res.json()) as { access_token?: string };
  expect(body.access_token, JSON.stringify(body)).toBeTruthy();
  return body.access_token!;
}

/** Polls until `check` is true (bounded); fails with `what` otherwise. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Reads an SSE stream in the background and keeps every `data:` of named events (the token goes in the header, never the URL). */
export function openEventStream(url: string, token?: string) {
  const events: Array<{ event: string; id?: string; data: string }> = [];
  const ctrl = new AbortController();
  const done = (async () => {
    const res = await fetch(url, { signal: ctrl.signal, headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      buf += dec.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const ev = { event: 'message', data: '' } as { event: string; id?: string; data: string };
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) ev.event = line.slice(6).trim();
          else if (line.startsWith('id:')) ev.id = line.slice(3).trim();
          else if (line.startsWith('data:')) ev.data += line.slice(5).trim();
        }
        if (ev.data) events.push(ev);
      }
    }
  })().catch(() => {});
  return { events, close: () => ctrl.abort(), done };
}
