import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '../testing/fixtures';

interface Call {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  storedBefore: string[];
}

const calls: Call[] = [];
let respond: (c: Call) => Response | Promise<Response> = () => new Response('{}', { status: 200 });

const mod = await import('./order-commands');
const { submitOrderCommand, orderOutbox } = mod;

beforeEach(async () => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const storedBefore = (await orderOutbox().list()).map((r) => r.id);
    const c: Call = { url, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)), storedBefore };
    calls.push(c);
    return respond(c);
  });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  for (const r of await orderOutbox().list()) await orderOutbox().acknowledge(r.id);
});

const accept = (o = makeOrder({ stateId: 1 }), waitMs = 2_000) =>
  submitOrderCommand({
    orderId: o.Id,
    codigo: o.Codigo,
    command: 'acceptOrder',
    expectedStateId: 1,
    body: { Id: o.Id, NewStateId: 2, ExpectedStateId: 1 },
    preview: { state: { Id: 2, Name: 'Aceito', BackgroundColor: '#2563EB' } },
    waitMs,
  });

describe('submitOrderCommand', () => {
  it('stores the command first, then sends it once with the record id as Idempotency-Key and the expected state', async () => {
    const o = makeOrder({ stateId: 1 });
    respond = () => new Response(JSON.stringify({ Id: 2, Name: 'Aceito', Aplicado: true, Pedido: { ...o, Versao: 2 } }), { status: 200 });
    const r = await accept(o);
    expect(r.status).toBe('applied');
    expect(calls).toHaveLength(1);
    const [c] = calls;
    expect(c.url).toBe('/api/kds/acceptOrder');
    expect(c.storedBefore).toEqual([r.id]);
    expect(c.headers['Idempotency-Key']).toBe(r.id);
    expect(c.body).toMatchObject({ Id: o.Id, NewStateId: 2, ExpectedStateId: 1 });
    // Applied: nothing left in the queue.
    expect(await orderOutbox().list()).toEqual([]);
  });

  it('keeps the command queued (pending, with its preview) when the server cannot be reached', async () => {
    respond = () => {
      throw new TypeError('Failed to fetch');
    };
    const r = await accept(makeOrder({ stateId: 1 }));
    expect(r.status).toBe('queued');
    const [rec] = await orderOutbox().list();
    expect(rec).toMatchObject({ id: r.id, status: 'pending', command: 'acceptOrder', expectedState: 1, attempts: 1 });
    expect((rec.payload as { preview: { state: { Name: string } } }).preview.state.Name).toBe('Aceito');
    expect(rec.label).toMatch(/^Aceite do pedido #\d+$/);
  });

  it('keeps a 409 as a conflict carrying the order as the server has it', async () => {
    const o = makeOrder({ stateId: 1 });
    const current = { ...o, Versao: 3, WorkflowInstance: { CurrenteState: { Id: 6, Name: 'Recusado', BackgroundColor: '#DC2626' } } };
    respond = () => new Response(JSON.stringify({ Message: 'Não foi possível alterar o pedido', Pedido: current }), { status: 409 });
    const r = await accept(o);
    expect(r.status).toBe('conflict');
    const [rec] = await orderOutbox().list();
    expect(rec.status).toBe('conflict');
    expect((rec.response as { Pedido: { WorkflowInstance: { CurrenteState: { Name: string } } } }).Pedido.WorkflowInstance.CurrenteState.Name).toBe('Recusado');
  });

  it('reports a final refusal with the server message (a wrong password)', async () => {
    respond = () => new Response(JSON.stringify({ Message: 'Senha incorreta.' }), { status: 403 });
    const o = makeOrder({ stateId: 1 });
    const r = await submitOrderCommand({ orderId: o.Id, codigo: o.Codigo, command: 'refuseOrder', expectedStateId: 1, body: { Id: o.Id, Password: 'errada' }, waitMs: 2_000 });
    expect(r).toMatchObject({ status: 'failed', message: 'Senha incorreta.' });
    expect(calls[0].body.Password).toBe('errada');
  });
});
