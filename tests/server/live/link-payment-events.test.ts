/**
 * Issue 28, payment links live: a payment of a link (created, paid by Pix through the PSP re-read,
 * paid or declined by card, a boleto) is announced on the venue's event stream (GET api/kds/events)
 * with ids and status only, to sessions holding CadastroLink in that venue: never to another
 * venue's stream, nor to the kitchen tablet's (Painel) or the waiter's (Garcom) stream.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { LINK_EVENTS_ROLE, VENUE_EVENT } from '../../../src/shared/contract/venue-events';
import { STREAM_TICKET_PATH } from '../../../src/shared/contract/stream-ticket';
import { KDS_PATHS } from '../../../src/shared/orders';
import { DEMO, useTestApp } from '../../setup/server';
import { rows } from '../helpers';
import { newOrder, restaurant, school } from '../orders-helpers';

const t = useTestApp();
let base: string | null = null;
const closers: Array<() => void> = [];
type Frame = { event: string; data: string };

beforeEach(() => {
  while (closers.length) closers.pop()!();
});
afterAll(() => {
  while (closers.length) closers.pop()!();
});

/** Opens the venue's stream with a fresh ticket of `token` and reads it in the background. */
async function stream(token: string, venueId: string) {
  const tk = await t.app.inject({ method: 'POST', url: STREAM_TICKET_PATH, headers: t.auth(token), payload: { localClienteId: venueId } });
  expect(tk.statusCode, tk.body).toBe(201);
  base ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
  const ctrl = new AbortController();
  closers.push(() => ctrl.abort());
  const res = await fetch(`${base}${KDS_PATHS.events}?localClienteId=${venueId}&ticket=${encodeURIComponent(tk.json().ticket)}`, { signal: ctrl.signal });
  expect(res.status).toBe(200);
  const events: Frame[] = [];
  const waiting: { wake: (() => void) | null } = { wake: null };
  void (async () => {
    const reader = res.body!.getReader();
    let text = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
        let i: number;
        while ((i = text.indexOf('\n\n')) >= 0) {
          const ev: Frame = { event: '', data: '' };
          for (const line of text.slice(0, i).split('\n')) {
            if (line.startsWith('event: ')) ev.event = line.slice(7);
            else if (line.startsWith('data: ')) ev.data += line.slice(6);
          }
          text = text.slice(i + 2);
          if (ev.event) events.push(ev);
        }
        waiting.wake?.();
      }
    } catch {
      /* aborted */
    }
  })();
  const s = {
    events,
    async waitFor(pred: (e: Frame) => boolean): Promise<Frame> {
      for (;;) {
        const found = events.find(pred);
        if (found) return found;
        await new Promise<void>((r) => (waiting.wake = r));
      }
    },
    linkEvents: () => events.filter((e) => e.event === VENUE_EVENT.linkPayment).map((e) => JSON.parse(e.data)),
  };
  await s.waitFor((e) => e.event === 'ready');
  return s;
}

async function seededLinkId(venueId: string): Promise<string> {
  const [l] = await rows<{ id: string }>(t, `select id from payment_links where venue_id = '${venueId}' and deleted_at is null and not single_use order by created_at limit 1`);
  return l.id;
}

const payByCard = (linkId: string, number = '4111 1111 1111 1111') =>
  t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${linkId}/card`, payload: { holderName: 'MARIA SILVA', number, expiry: '12/39', cvv: '123', installments: 1, payerName: 'Maria Silva', payerCpf: '529.982.247-25' } });

describe('payment-link events on the venue stream', () => {
  it('a card payment reaches the manager’s stream of that venue with ids and status only', async () => {
    const venue = restaurant(t);
    const linkId = await seededLinkId(venue);
    const manager = await stream(await t.login(DEMO.gerente), venue);
    const pay = await payByCard(linkId);
    expect(pay.statusCode, pay.body).toBe(201);
    const ev = await manager.waitFor((e) => e.event === VENUE_EVENT.linkPayment);
    expect(JSON.parse(ev.data)).toEqual({ id: expect.any(String), type: VENUE_EVENT.linkPayment, LocalClienteId: venue, LinkId: linkId, PagamentoId: pay.json().paymentId, Status: 'paid' });
    // No personal data: not the payer's name, CPF nor the card.
    expect(ev.data).not.toMatch(/Maria|MARIA|52998224725|529\.982|4111|1111/);
  });

  it('a Pix is announced waiting, then paid when the PSP’s charge is re-read as paid', async () => {
    const venue = restaurant(t);
    const linkId = await seededLinkId(venue);
    const manager = await stream(await t.login(DEMO.gerente), venue);
    const created = await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${linkId}/pix`, payload: { payerName: 'Maria Silva', payerCpf: '529.982.247-25' } });
    expect(created.statusCode, created.body).toBe(201);
    const paymentId = created.json().paymentId as string;
    await manager.waitFor((e) => e.event === VENUE_EVENT.linkPayment && JSON.parse(e.data).Status === 'pending');
    const paid = await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${paymentId}/sandbox-pay` });
    expect(paid.statusCode, paid.body).toBe(200);
    await manager.waitFor((e) => e.event === VENUE_EVENT.linkPayment && JSON.parse(e.data).Status === 'paid');
    expect(manager.linkEvents().map((e) => [e.PagamentoId, e.Status])).toEqual([
      [paymentId, 'pending'],
      [paymentId, 'paid'],
    ]);
    // Reading it again announces nothing new (paid once).
    await t.app.inject({ method: 'GET', url: `/api/mepaylink/public/payment/${paymentId}` });
    expect(await rows(t, `select 1 from order_events where order_id = '${paymentId}' and type = '${VENUE_EVENT.linkPayment}'`)).toHaveLength(2);
  });

  it('a declined card and a boleto are announced too (declined, pending), then the sandbox boleto paid', async () => {
    const venue = restaurant(t);
    await t.db.exec(`update payment_links set allow_payment_slip = true where venue_id = '${venue}'`);
    const linkId = await seededLinkId(venue);
    const manager = await stream(await t.login(DEMO.gerente), venue);
    // The sandbox acquirer declines this test card (see modules/payment-links/adapters/sandbox.ts).
    const declined = await payByCard(linkId, '4000000000000002');
    expect(declined.statusCode, declined.body).toBe(201);
    const boleto = await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/${linkId}/boleto`, payload: { payerName: 'Maria Silva', payerCpf: '529.982.247-25' } });
    expect(boleto.statusCode, boleto.body).toBe(201);
    await manager.waitFor((e) => e.event === VENUE_EVENT.linkPayment && JSON.parse(e.data).PagamentoId === boleto.json().paymentId);
    expect((await t.app.inject({ method: 'POST', url: `/api/mepaylink/public/payment/${boleto.json().paymentId}/sandbox-pay` })).statusCode).toBe(200);
    await manager.waitFor((e) => e.event === VENUE_EVENT.linkPayment && JSON.parse(e.data).PagamentoId === boleto.json().paymentId && JSON.parse(e.data).Status === 'paid');
    expect(manager.linkEvents().map((e) => e.Status)).toEqual([declined.json().status, 'pending', 'paid']);
  });

  it('never reaches another venue’s stream, the kitchen tablet’s or the waiter’s', async () => {
    const venue = restaurant(t);
    const linkId = await seededLinkId(venue);
    const admin = await t.login(DEMO.admin);
    const kitchenToken = await t.login(DEMO.cozinha);
    const manager = await stream(await t.login(DEMO.gerente), venue);
    const kitchen = await stream(kitchenToken, venue);
    const waiter = await stream(await t.login(DEMO.garcom), venue);
    // The administrator holds every role in the school too: its stream there gets only the school's events.
    const otherVenue = await stream(admin, school(t));
    expect((await payByCard(linkId)).statusCode).toBe(201);
    await manager.waitFor((e) => e.event === VENUE_EVENT.linkPayment);
    // Later events each of them does see: the payment's event, earlier in the same log, was passed over.
    const order = await newOrder(t, kitchenToken, { TipoEntrega: 3, Mesa: 'Mesa 2', Cliente: { Nome: 'Mesa 2' } });
    await kitchen.waitFor((e) => e.event === 'order.created' && JSON.parse(e.data).PedidoId === order.Id);
    await waiter.waitFor((e) => e.event === 'order.created' && JSON.parse(e.data).PedidoId === order.Id);
    const schoolLink = await t.app.inject({ method: 'POST', url: '/api/mepaylink/Add', headers: t.auth(admin), payload: { localId: school(t), price: 12.5, description: 'Mensalidade de teste' } });
    expect(schoolLink.statusCode, schoolLink.body).toBe(201);
    const schoolPay = await payByCard(schoolLink.json().link.id);
    await otherVenue.waitFor((e) => e.event === VENUE_EVENT.linkPayment);
    expect(kitchen.linkEvents()).toEqual([]);
    expect(waiter.linkEvents()).toEqual([]);
    expect(otherVenue.linkEvents().map((e) => e.PagamentoId)).toEqual([schoolPay.json().paymentId]);
    expect(manager.linkEvents().map((e) => e.LocalClienteId)).toEqual([venue]);
  });

  it('does not change the board’s ETag: the kitchen’s next poll after a payment is still a 304', async () => {
    const venue = restaurant(t);
    const kitchen = await t.login(DEMO.cozinha);
    const url = `${KDS_PATHS.list}?localClienteId=${venue}&etapas=1,2,3`;
    const first = await t.app.inject({ method: 'GET', url, headers: t.auth(kitchen) });
    expect(first.statusCode, first.body).toBe(200);
    const etag = first.headers.etag as string;
    const manager = await stream(await t.login(DEMO.gerente), venue);
    expect((await payByCard(await seededLinkId(venue))).statusCode).toBe(201);
    await manager.waitFor((e) => e.event === VENUE_EVENT.linkPayment);
    const again = await t.app.inject({ method: 'GET', url, headers: { ...t.auth(kitchen), 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // An order change still does.
    await newOrder(t, kitchen, { TipoEntrega: 3, Mesa: 'Mesa 4', Cliente: { Nome: 'Mesa 4' } });
    expect((await t.app.inject({ method: 'GET', url, headers: { ...t.auth(kitchen), 'if-none-match': etag } })).statusCode).toBe(200);
  });

  it('a session with only the payment links’ role gets their events and no order events', async () => {
    const venue = restaurant(t);
    await t.db.exec(`update memberships set roles = '${LINK_EVENTS_ROLE}' where user_id = (select id from users where email = '${DEMO.garcom}')`);
    const links = await stream(await t.login(DEMO.garcom), venue);
    const kitchenToken = await t.login(DEMO.cozinha);
    const kitchen = await stream(kitchenToken, venue);
    const order = await newOrder(t, kitchenToken, { TipoEntrega: 3, Mesa: 'Mesa 3', Cliente: { Nome: 'Mesa 3' } });
    await kitchen.waitFor((e) => e.event === 'order.created' && JSON.parse(e.data).PedidoId === order.Id);
    expect((await payByCard(await seededLinkId(venue))).statusCode).toBe(201);
    await links.waitFor((e) => e.event === VENUE_EVENT.linkPayment);
    expect(links.events.filter((e) => e.event.startsWith('order.'))).toEqual([]);
  });
});
