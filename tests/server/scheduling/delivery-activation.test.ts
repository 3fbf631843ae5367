import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeliveryActivation, DeliveryActivationError } from '../../../src/server/modules/scheduling/adapters';

/** A real loopback HTTP server standing in for the delivery-activation backend. */
async function fakeBackend(answer: (body: unknown, req: http.IncomingMessage) => { status: number; body: unknown }) {
  const seen: Array<{ url: string; auth: string | undefined; body: unknown }> = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || 'null');
      seen.push({ url: req.url ?? '', auth: req.headers.authorization, body });
      const a = answer(body, req);
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise((r) => server.close(r)) };
}

let close: (() => Promise<unknown>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

const store = { id: '5556a6f1-a18a-4d24-bc8a-cc839f4d0f97', name: 'Restaurante', urlMeepFood: 'http://x/meepFood/painel', description: 'Restaurante', deliveryTime: 0, deliveryFee: 0 };

describe('delivery activation adapter', () => {
  it('without a URL is the sandbox and answers the store name', async () => {
    const a = createDeliveryActivation({});
    expect(a.sandbox).toBe(true);
    expect(await a.activate(store)).toEqual({ razaoSocial: 'Restaurante' });
  });

  it('with a URL posts the spec body with the bearer token and reads razaoSocial', async () => {
    const b = await fakeBackend(() => ({ status: 200, body: { razaoSocial: 'Sabor da Casa Ltda' } }));
    close = b.close;
    const a = createDeliveryActivation({ DELIVERY_ACTIVATION_URL: b.url, DELIVERY_ACTIVATION_TOKEN: 'segredo' });
    expect(a.sandbox).toBe(false);
    expect(await a.activate(store)).toEqual({ razaoSocial: 'Sabor da Casa Ltda' });
    expect(b.seen).toEqual([{ url: '/api/MeepEstabelecimento/AtivarEstabelecimentoDeliveryOld', auth: 'Bearer segredo', body: store }]);
  });

  it('a refusal carries the backend message; an unreachable backend a pt-BR one', async () => {
    const b = await fakeBackend(() => ({ status: 400, body: { Message: 'Estabelecimento não encontrado' } }));
    close = b.close;
    await expect(createDeliveryActivation({ DELIVERY_ACTIVATION_URL: b.url }).activate(store)).rejects.toThrow(new DeliveryActivationError('Estabelecimento não encontrado'));
    await expect(createDeliveryActivation({ DELIVERY_ACTIVATION_URL: 'http://127.0.0.1:1' }).activate(store)).rejects.toThrow('Não foi possível sincronizar com o tablet. Tente novamente.');
  });
});
