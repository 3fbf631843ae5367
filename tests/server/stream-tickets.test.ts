/**
 * Stream tickets (issue 28, "Security nits"): the board's and the waiter's event stream never carry
 * the bearer token in their URL. POST api/kds/events/ticket (bearer token) answers a single-use
 * ticket valid 60 s, bound to the session and the venue; revoking the session closes the stream.
 * A waiter's stream (Garcom without Painel) carries table orders only, without the order body.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { STREAM_TICKET_PATH, STREAM_TICKET_TTL_SECONDS } from '../../src/shared/contract/stream-ticket';
import { KDS_PATHS } from '../../src/shared/orders';
import { MSG } from '../../src/shared/messages';
import { sha256 } from '../../src/server/lib/crypto';
import { DEMO, useTestApp } from '../setup/server';
import { expectError, rows } from './helpers';
import { command, intakeBody, newOrder, restaurant, school } from './orders-helpers';

const t = useTestApp();
let base: string | null = null;
const closers: Array<() => void> = [];

const ask = (token: string | null, body: unknown) =>
  t.app.inject({ method: 'POST', url: STREAM_TICKET_PATH, headers: token ? t.auth(token) : {}, payload: body as object });

async function ticket(token: string, venueId = restaurant(t)): Promise<string> {
  const res = await ask(token, { localClienteId: venueId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ticket;
}

async function streamUrl(venueId: string, ticketValue: string): Promise<string> {
  base ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `${base}${KDS_PATHS.events}?localClienteId=${venueId}&ticket=${encodeURIComponent(ticketValue)}`;
}

/** Opens a stream and reads it in the background: its events, and whether the server ended it. */
async function open(url: string) {
  const ctrl = new AbortController();
  const res = await fetch(url, { signal: ctrl.signal });
  const events: Array<{ event: string; data: string }> = [];
  let text = '';
  const waiting: { wake: (() => void) | null } = { wake: null };
  const ended = (async () => {
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel();
      return true;
    }
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return true;
        text += new TextDecoder().decode(value);
        let i: number;
        while ((i = text.indexOf('\n\n')) >= 0) {
          const frame = text.slice(0, i);
          text = text.slice(i + 2);
          const ev = { event: '', data: '' };
          for (const line of frame.split('\n')) {
            if (line.startsWith('event: ')) ev.event = line.slice(7);
            else if (line.startsWith('data: ')) ev.data += line.slice(6);
          }
          if (ev.event) events.push(ev);
        }
        waiting.wake?.();
      }
    } catch {
      return false;
    } finally {
      waiting.wake?.();
    }
  })();
  closers.push(() => ctrl.abort());
  return {
    status: res.status,
    events,
    ended,
    async waitFor(pred: (e: { event: string; data: string }) => boolean) {
      for (;;) {
        const found = events.find(pred);
        if (found) return found;
        await new Promise<void>((r) => (waiting.wake = r));
      }
    },
  };
}

beforeEach(() => {
  while (closers.length) closers.pop()!();
});
afterAll(() => {
  while (closers.length) closers.pop()!();
});

describe('POST api/kds/events/ticket', () => {
  it('answers a single-use ticket (201, no-store) valid 60 s, stored only as a hash and bound to the session', async () => {
    const token = await t.login(DEMO.cozinha);
    const res = await ask(token, { localClienteId: restaurant(t) });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({ ticket: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/), expiresIn: STREAM_TICKET_TTL_SECONDS });
    expect(body.ticket).not.toBe(token);
    const [row] = await rows<{ token_hash: string; venue_id: string; ttl: number; session_user: string }>(
      t,
      `select token_hash, venue_id, extract(epoch from expires_at - now())::int as ttl, (select u.email from sessions s join users u on u.id = s.user_id where s.id = session_id) as session_user from stream_tickets`,
    );
    expect(row).toEqual({ token_hash: sha256(body.ticket), venue_id: restaurant(t), ttl: expect.any(Number), session_user: DEMO.cozinha });
    expect(row.ttl).toBeGreaterThan(50);
    expect(row.ttl).toBeLessThanOrEqual(60);
  });

  it('is given to the waiter’s phone too (Garcom)', async () => {
    expect((await ask(await t.login(DEMO.garcom), { localClienteId: restaurant(t) })).statusCode).toBe(201);
  });

  it('refuses bad input with 400', async () => {
    const token = await t.login(DEMO.cozinha);
    expect((await ask(token, {})).statusCode).toBe(400);
    expect((await ask(token, { localClienteId: 12 })).statusCode).toBe(400);
    expect((await ask(token, { localClienteId: 'x'.repeat(65) })).statusCode).toBe(400);
    expectError(await ask(token, { localClienteId: 'não-é-uuid' }), 403, MSG.accessDenied);
  });

  it('needs a session (401), the board’s or the waiter’s role (403) and the venue (403)', async () => {
    expectError(await ask(null, { localClienteId: restaurant(t) }), 401, MSG.unauthorized);
    await t.db.exec(`update memberships set roles = 'Relatorios' where user_id = (select id from users where email = '${DEMO.garcom}')`);
    expectError(await ask(await t.login(DEMO.garcom), { localClienteId: restaurant(t) }), 403, MSG.accessDenied);
    expectError(await ask(await t.login(DEMO.escola), { localClienteId: restaurant(t) }), 403, MSG.accessDenied);
    expectError(await ask(await t.login(DEMO.cozinha), { localClienteId: school(t) }), 403, MSG.accessDenied);
    expect(await rows(t, 'select 1 from stream_tickets')).toHaveLength(0);
  });
});

describe('GET api/kds/events with a ticket', () => {
  it('opens the stream once: the same ticket again is refused (401)', async () => {
    const token = await t.login(DEMO.cozinha);
    const tk = await ticket(token);
    const s = await open(await streamUrl(restaurant(t), tk));
    expect(s.status).toBe(200);
    await s.waitFor((e) => e.event === 'ready');
    const again = await open(await streamUrl(restaurant(t), tk));
    expect(again.status).toBe(401);
  });

  it('refuses an expired ticket, an unknown one and the bearer token itself (401)', async () => {
    const token = await t.login(DEMO.cozinha);
    const tk = await ticket(token);
    await t.db.exec(`update stream_tickets set expires_at = now() - interval '1 second'`);
    expect((await open(await streamUrl(restaurant(t), tk))).status).toBe(401);
    expect((await open(await streamUrl(restaurant(t), 'x'.repeat(43)))).status).toBe(401);
    expect((await open(await streamUrl(restaurant(t), token))).status).toBe(401);
    expect((await open(`${await streamUrl(restaurant(t), 'x')}&access_token=${token}`)).status).toBe(401);
  });

  it('is bound to its venue: another venue of the same person answers 403', async () => {
    const admin = await t.login(DEMO.admin);
    const tk = await ticket(admin, restaurant(t));
    expect((await open(await streamUrl(school(t), tk))).status).toBe(403);
  });

  it('is bound to its session: a ticket of a revoked session opens nothing, and revoking ends an open stream', async () => {
    const token = await t.login(DEMO.cozinha);
    const unused = await ticket(token);
    const tk = await ticket(token);
    const s = await open(await streamUrl(restaurant(t), tk));
    await s.waitFor((e) => e.event === 'ready');
    expect((await t.app.inject({ method: 'POST', url: '/api/Account/Logout', headers: t.auth(token) })).statusCode).toBe(204);
    expect(await s.ended).toBe(true);
    expect((await open(await streamUrl(restaurant(t), unused))).status).toBe(401);
  });

  it('gives a waiter table orders only, with ids and state and no order body', async () => {
    const kitchen = await t.login(DEMO.cozinha);
    const waiter = await t.login(DEMO.garcom);
    const s = await open(await streamUrl(restaurant(t), await ticket(waiter)));
    await s.waitFor((e) => e.event === 'ready');
    const delivery = await newOrder(t, kitchen, { Cliente: { ...intakeBody(restaurant(t)).Cliente, Nome: 'Maria Entrega', Telefone: '(11) 98888-7777' } });
    const table = await newOrder(t, kitchen, { TipoEntrega: 3, Mesa: 'Mesa 2', Cliente: { Nome: 'Mesa 2' } });
    expect((await command(t, kitchen, 'acceptOrder', { Id: table.Id })).statusCode).toBe(200);
    const changed = await s.waitFor((e) => e.event === 'order.changed');
    const created = s.events.filter((e) => e.event === 'order.created');
    expect(created.map((e) => JSON.parse(e.data).PedidoId)).toEqual([table.Id]);
    expect(JSON.parse(changed.data)).toEqual({ id: expect.any(String), type: 'order.changed', LocalClienteId: restaurant(t), PedidoId: table.Id, EstadoId: expect.any(Number) });
    const all = s.events.map((e) => e.data).join('\n');
    expect(all).not.toContain(delivery.Id);
    expect(all).not.toContain('Maria Entrega');
    expect(all).not.toContain('Pedido"');
  });

  it('the board still gets every order with its body', async () => {
    const kitchen = await t.login(DEMO.cozinha);
    const s = await open(await streamUrl(restaurant(t), await ticket(kitchen)));
    await s.waitFor((e) => e.event === 'ready');
    const o = await newOrder(t, kitchen, { Cliente: { ...intakeBody(restaurant(t)).Cliente, Nome: 'Maria Entrega', Telefone: '(11) 98888-7777' } });
    const ev = await s.waitFor((e) => e.event === 'order.created');
    expect(JSON.parse(ev.data)).toMatchObject({ PedidoId: o.Id, Pedido: { Id: o.Id } });
  });
});

describe('cleanup', () => {
  it('a periodic job deletes expired tickets', async () => {
    const token = await t.login(DEMO.cozinha);
    await ticket(token);
    const fresh = await ticket(token);
    await t.db.exec(`update stream_tickets set expires_at = now() - interval '2 minutes' where token_hash <> '${sha256(fresh)}'`);
    await t.app.jobs.enqueue('orders.stream-tickets-cleanup', {}, { key: 'test' });
    await t.app.jobs.drain();
    expect((await rows<{ token_hash: string }>(t, 'select token_hash from stream_tickets')).map((r) => r.token_hash)).toEqual([sha256(fresh)]);
  });
});
