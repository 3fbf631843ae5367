import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { kdsEvent } from '../../src/shared/contract/orders';
import { STREAM_TICKET_PATH } from '../../src/shared/contract/stream-ticket';
import { ticketedStreamUrl } from './stream-ticket-helpers';
import { KDS_PATHS } from '../../src/shared/orders';
import { DEMO, useTestApp } from '../setup/server';
import { command, intake, intakeBody, manualKitchen, newOrder, PICKUP, restaurant, school } from './orders-helpers';

/** Pickup: goes to Em transporte without a carrier (own-platform deliveries need one). */

const t = useTestApp();
let token: string;
let base: string | null = null;
const closers: Array<() => Promise<unknown>> = [];

interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/** A small EventSource: fetch + a parser of the SSE wire format, with a queue tests can wait on. */
async function openStream(url: string, headers: Record<string, string> = {}) {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers, signal: ctrl.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let waiters: Array<() => void> = [];
  let buffer = '';
  const pump = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += dec.decode(value, { stream: true });
        let i: number;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const ev: SseEvent = { id: null, event: 'message', data: '' };
          let any = false;
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) comments.push(line);
            else if (line.startsWith('id: ')) ((ev.id = line.slice(4)), (any = true));
            else if (line.startsWith('event: ')) ((ev.event = line.slice(7)), (any = true));
            else if (line.startsWith('data: ')) ((ev.data += line.slice(6)), (any = true));
          }
          if (any && ev.data) events.push(ev);
          for (const w of waiters) w();
          waiters = [];
        }
      }
    } catch {
      /* aborted */
    }
  })();
  const stream = {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    /** Waits until `n` events matching `pred` arrived (the test timeout bounds the wait). */
    async waitFor(pred: (e: SseEvent) => boolean, n = 1): Promise<SseEvent[]> {
      for (;;) {
        const found = events.filter(pred);
        if (found.length >= n) return found;
        await new Promise<void>((r) => waiters.push(r));
      }
    },
    async waitComment(): Promise<string> {
      while (!comments.length) await new Promise<void>((r) => waiters.push(r));
      return comments[0];
    },
    async close() {
      ctrl.abort();
      await pump;
    },
  };
  closers.push(() => stream.close());
  return stream;
}

async function url(): Promise<string> {
  if (!base) {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address;
  }
  return base;
}

/** The stream's URL; with a token, a fresh single-use ticket asked for with it goes in the URL (never the token). */
const streamUrl = async (venueId: string, tokenParam?: string) =>
  tokenParam ? ticketedStreamUrl(await url(), t.app, tokenParam, venueId) : `${await url()}${KDS_PATHS.events}?localClienteId=${venueId}`;

beforeEach(async () => {
  while (closers.length) await closers.pop()!();
  token = await manualKitchen(t);
});

afterAll(async () => {
  while (closers.length) await closers.pop()!();
});

describe('GET api/kds/events', () => {
  it('needs a valid session: the Authorization header or a stream ticket, never the token in the URL', async () => {
    const none = await fetch(await streamUrl(restaurant(t)));
    expect(none.status).toBe(401);
    expect((await none.json()).Message).toBeTruthy();
    const bad = await fetch(`${await streamUrl(restaurant(t))}&ticket=not-a-ticket`);
    expect(bad.status).toBe(401);
    await bad.body?.cancel();
    // The bearer token in the query string opens nothing.
    const inUrl = await fetch(`${await streamUrl(restaurant(t))}&access_token=${encodeURIComponent(token)}&ticket=${encodeURIComponent(token)}`);
    expect(inUrl.status).toBe(401);
    await inUrl.body?.cancel();
    const escola = await t.login(DEMO.escola);
    const other = await t.app.inject({ method: 'POST', url: STREAM_TICKET_PATH, headers: t.auth(escola), payload: { localClienteId: restaurant(t) } });
    expect(other.statusCode).toBe(403);
    const viaHeader = await openStream(await streamUrl(restaurant(t)), { authorization: `Bearer ${token}` });
    expect(viaHeader.status).toBe(200);
    expect(viaHeader.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await viaHeader.waitFor((e) => e.event === 'ready');
  });

  it('streams new orders and state changes of the venue, with event ids, and nothing of other venues', async () => {
    const s = await openStream(await streamUrl(restaurant(t), token));
    const [ready] = await s.waitFor((e) => e.event === 'ready');
    const readyId = Number(JSON.parse(ready.data).lastEventId);
    const escola = await t.login(DEMO.escola);
    await intake(t, escola, intakeBody(school(t), { TipoEntrega: 2, Cliente: { Nome: 'Aluno' } }));
    const o = await newOrder(t, token);
    await command(t, token, 'acceptOrder', { Id: o.Id });
    const [created] = await s.waitFor((e) => e.event === 'order.created');
    const [changed] = await s.waitFor((e) => e.event === 'order.changed');
    const c = kdsEvent.parse(JSON.parse(created.data));
    expect(c).toMatchObject({ type: 'order.created', PedidoId: o.Id, LocalClienteId: restaurant(t), Signal: true, EstadoId: 1 });
    expect(c.Pedido.Codigo).toBe(o.Codigo);
    expect(created.id).toBe(c.id);
    expect(Number(created.id)).toBeGreaterThan(readyId);
    const ch = kdsEvent.parse(JSON.parse(changed.data));
    expect(ch).toMatchObject({ PedidoId: o.Id, EstadoId: 2, Versao: o.Versao + 1, Signal: false });
    expect(Number(changed.id)).toBeGreaterThan(Number(created.id));
    expect(s.events.some((e) => e.data.includes('Aluno'))).toBe(false);
  });

  it('catches up from Last-Event-ID after a reconnect, in order and without duplicates', async () => {
    const first = await openStream(await streamUrl(restaurant(t), token));
    const [ready] = await first.waitFor((e) => e.event === 'ready');
    await first.close();
    // While the tablet is away: a new order and two changes.
    const o = await newOrder(t, token, PICKUP);
    await command(t, token, 'acceptOrder', { Id: o.Id });
    await command(t, token, 'startOrder', { Id: o.Id });
    const again = await openStream(await streamUrl(restaurant(t), token), { 'last-event-id': ready.id! });
    const got = await again.waitFor((e) => e.event.startsWith('order.'), 3);
    expect(got.map((e) => e.event)).toEqual(['order.created', 'order.changed', 'order.changed']);
    expect(got.map((e) => JSON.parse(e.data).EstadoId)).toEqual([1, 2, 3]);
    const ids = got.map((e) => Number(e.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    // Live after the catch-up.
    await command(t, token, 'transportOrder', { Id: o.Id });
    const live = await again.waitFor((e) => e.event.startsWith('order.'), 4);
    expect(JSON.parse(live[3].data).EstadoId).toBe(4);
    expect(new Set(live.map((e) => e.id)).size).toBe(4);
  });

  it('the lastEventId query parameter works like the header (EventSource polyfills)', async () => {
    const first = await openStream(await streamUrl(restaurant(t), token));
    const [ready] = await first.waitFor((e) => e.event === 'ready');
    await first.close();
    await newOrder(t, token);
    const again = await openStream(`${await streamUrl(restaurant(t), token)}&lastEventId=${ready.id}`);
    const [ev] = await again.waitFor((e) => e.event === 'order.created');
    expect(Number(ev.id)).toBeGreaterThan(Number(ready.id));
  });

  it('says reset when the Last-Event-ID is no longer in the log, so the board reloads the list', async () => {
    const o = await newOrder(t, token, PICKUP);
    await command(t, token, 'acceptOrder', { Id: o.Id });
    const first = await openStream(await streamUrl(restaurant(t), token));
    const [ready] = await first.waitFor((e) => e.event === 'ready');
    await first.close();
    // Retention removed the old entries (and the one the tablet last saw).
    await t.db.exec(`delete from order_events`);
    await command(t, token, 'startOrder', { Id: o.Id });
    const again = await openStream(await streamUrl(restaurant(t), token), { 'last-event-id': ready.id! });
    const [reset] = await again.waitFor((e) => e.event === 'reset');
    expect(JSON.parse(reset.data).lastEventId).toEqual(expect.any(String));
    await command(t, token, 'transportOrder', { Id: o.Id });
    const [live] = await again.waitFor((e) => e.event === 'order.changed');
    expect(JSON.parse(live.data).EstadoId).toBe(4);
  });

  it('fans out through LISTEN/NOTIFY: a second server process on the same database streams changes made by the first', async () => {
    const second = await buildApp({
      db: t.db,
      mailer: { send: async () => {}, describe: () => 'memória' },
      config: { publicUrl: 'http://portal.test', frameAllowedOrigins: [], staticDir: undefined },
      env: { KDS_SSE_HEARTBEAT_MS: '50' },
    });
    const address = await second.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => second.close());
    const s = await openStream(await ticketedStreamUrl(address, second, token, restaurant(t)));
    await s.waitFor((e) => e.event === 'ready');
    expect(await s.waitComment()).toBe(': ping');
    // The change goes through the first app; the second only hears of it through NOTIFY.
    const o = await newOrder(t, token);
    const [ev] = await s.waitFor((e) => e.event === 'order.created');
    expect(JSON.parse(ev.data).PedidoId).toBe(o.Id);
    // And its ETag cache follows too: a poll of the second process sees the change.
    const p1 = await second.inject({ method: 'GET', url: `${KDS_PATHS.list}?localClienteId=${restaurant(t)}`, headers: t.auth(token) });
    await command(t, token, 'acceptOrder', { Id: o.Id });
    await s.waitFor((e) => e.event === 'order.changed');
    const p2 = await second.inject({ method: 'GET', url: `${KDS_PATHS.list}?localClienteId=${restaurant(t)}`, headers: { ...t.auth(token), 'if-none-match': p1.headers.etag as string } });
    expect(p2.statusCode).toBe(200);
  });
});
