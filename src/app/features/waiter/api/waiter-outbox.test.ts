/**
 * A bill payment recorded offline (issue 41): queued with the key made at the tap, kept across a
 * reload, sent with that key as Idempotency-Key once the network is back, and applied once even when
 * the server's answer is lost and the phone sends it again.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BILL_PATHS, type BillPaymentRequest } from '../../../../shared/contract/table-bill';

vi.mock('../../../lib/session', () => ({ getSession: () => ({ token: 't' }), clearSession: vi.fn(), onSessionChange: () => () => {} }));
vi.mock('../../../lib/runtime-config', () => ({ runtimeConfig: () => ({ apiBaseUrl: 'http://127.0.0.1:9' }) }));

const TABLE = '6f1c1f0e-2b7a-4d0e-9a57-0d5f2f7c9a01';
const request: BillPaymentRequest = { localId: 'venue-1', Forma: 'dinheiro', Valor: 29.22, ValorRecebido: 50, Parte: { Indice: 3, De: 3 } };

/** A server that applies each Idempotency-Key once and answers a replay with the stored answer. */
function fakeServer() {
  const applied: Array<{ key: string; body: unknown }> = [];
  const answers = new Map<string, unknown>();
  const answer = (key: string, body: unknown) => {
    if (!answers.has(key)) {
      applied.push({ key, body });
      answers.set(key, { Message: 'Pagamento registrado.', Pagamento: { Id: `p${applied.length}` } });
    }
    return answers.get(key);
  };
  return { applied, answer };
}

const fetchSpy = vi.fn();
beforeEach(() => {
  fetchSpy.mockReset();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The module as a new page load sees it (its outbox is a per-page singleton on the same IndexedDB). */
async function freshPage() {
  vi.resetModules();
  return import('./waiter-outbox');
}

describe('waiter outbox: a bill payment', () => {
  it('offline: queued with the tap key, kept across a reload, sent once with that key when the network is back; a lost answer replays the same', async () => {
    const server = fakeServer();
    let network: 'down' | 'answer-lost' | 'up' = 'down';
    fetchSpy.mockImplementation(async (_url: string, init: RequestInit) => {
      if (network === 'down') throw new TypeError('Failed to fetch');
      const key = (init.headers as Record<string, string>)['Idempotency-Key'];
      const body = server.answer(key, JSON.parse(String(init.body)));
      // The server committed, the phone never heard back.
      if (network === 'answer-lost') throw new TypeError('network changed');
      return new Response(JSON.stringify(body), { status: 201, headers: { 'content-type': 'application/json' } });
    });

    // The tap, without network: the record is written with the tap's key, nothing reached a server.
    let page = await freshPage();
    const key = 'tap-key-1';
    const first = await page.submitBillPayment({ tableId: TABLE, localId: 'venue-1', request }, key, 'Pagamento em dinheiro');
    expect(first).toEqual({ id: key, status: 'queued' });
    let queued = await page.waiterOutbox().list();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ id: key, command: 'payment', status: 'pending', payload: { tableId: TABLE, request } });
    expect(server.applied).toEqual([]);
    page.waiterOutbox().close();

    // Reload, still offline: the payment is still there, with the same key.
    page = await freshPage();
    queued = await page.waiterOutbox().list();
    expect(queued.map((r) => r.id)).toEqual([key]);

    // The network flickers: the server applies it but the answer is lost; the record stays.
    network = 'answer-lost';
    await page.waiterOutbox().retryNow();
    expect(server.applied).toHaveLength(1);
    expect((await page.waiterOutbox().list()).map((r) => r.id)).toEqual([key]);

    // The network is back: sent again with the same key, the server replays; applied once, queue empty.
    network = 'up';
    await page.waiterOutbox().retryNow();
    expect(await page.waiterOutbox().list()).toEqual([]);
    expect(server.applied).toEqual([{ key, body: request }]);
    const urls = fetchSpy.mock.calls.map(([url]) => String(url));
    expect(new Set(urls)).toEqual(new Set([`http://127.0.0.1:9/${BILL_PATHS.payments(TABLE)}`]));
    const keys = fetchSpy.mock.calls.map(([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key']);
    expect(new Set(keys)).toEqual(new Set([key]));

    // Nothing left to send: another drain sends nothing.
    const calls = fetchSpy.mock.calls.length;
    await page.waiterOutbox().drain();
    expect(fetchSpy.mock.calls.length).toBe(calls);
    page.waiterOutbox().close();
  });

  it('a payment the server refuses (409) is kept as refused with its message and holds back no other payment', async () => {
    fetchSpy.mockImplementation(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as BillPaymentRequest;
      if (body.Forma === 'cartao') return new Response(JSON.stringify({ Message: 'Esta parte já foi paga ou está em pagamento em outro aparelho.' }), { status: 409, headers: { 'content-type': 'application/json' } });
      return new Response(JSON.stringify({ Message: 'ok' }), { status: 201, headers: { 'content-type': 'application/json' } });
    });
    const page = await freshPage();
    const refused = await page.submitBillPayment({ tableId: TABLE, localId: 'venue-1', request: { localId: 'venue-1', Forma: 'cartao', Valor: 10 } }, 'k-card', 'Cartão');
    expect(refused).toEqual({ id: 'k-card', status: 'conflict', message: 'Esta parte já foi paga ou está em pagamento em outro aparelho.' });
    const applied = await page.submitBillPayment({ tableId: TABLE, localId: 'venue-1', request }, 'k-cash', 'Dinheiro');
    expect(applied.status).toBe('applied');
    expect((await page.waiterOutbox().list()).map((r) => [r.id, r.status])).toEqual([['k-card', 'conflict']]);
    await page.acknowledgeWaiterRecord('k-card');
    expect(await page.waiterOutbox().list()).toEqual([]);
    page.waiterOutbox().close();
  });
});
