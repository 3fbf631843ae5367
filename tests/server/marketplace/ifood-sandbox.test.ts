/**
 * The sandbox iFood (in process, the same contract the real client speaks) and the board's store
 * status: "Recebendo pedidos" only while orders can arrive; the sandbox's screen with "Simular
 * pedido" and "Simular cancelamento"; who may use them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { IFOOD_MSG } from '../../../src/shared/marketplace';
import { MARKETPLACE_API } from '../../../src/shared/contract/marketplace';
import { MSG } from '../../../src/shared/messages';
import { KDS_PATHS, ORDER_ORIGIN, ORDER_STATE } from '../../../src/shared/orders';
import { IfoodClient } from '../../../src/server/modules/marketplace/ifood/adapters/ifood';
import { IfoodSandbox } from '../../../src/server/modules/marketplace/ifood/adapters/sandbox';
import type { IfoodIntegration } from '../../../src/server/modules/marketplace/ifood/ifood-integration';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError } from '../helpers';
import { allOrders, command, getOrder, restaurant, school, setFoodConfig } from '../orders-helpers';
import { FakeIfood } from './ifood-fake';

const t = useTestApp();
let ifood: IfoodIntegration;
let manager: string;
let kitchen: string;

beforeEach(async () => {
  ifood = t.app.ifood!;
  // A fresh sandbox per test, as a fresh server has.
  const sandbox = new IfoodSandbox({ orderEveryMs: 0 });
  ifood.connect(new IfoodClient({ baseUrl: 'http://ifood-sandbox.invalid', clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, fetch: sandbox.fetch }), sandbox);
  ifood.settings.pollMs = 30_000;
  manager = await t.login(DEMO.gerente);
  kitchen = await t.login(DEMO.cozinha);
  await setFoodConfig(t, restaurant(t), { automaticallyAcceptOrder: false, useMeepDelivery: false, sendToPrinterServerOnAcceptOrder: false, deliveryTimePerOrder: false });
});

const status = async () => {
  ifood.forgetStatus();
  const res = await t.app.inject({ method: 'GET', url: KDS_PATHS.marketplaceStatus(restaurant(t)), headers: t.auth(kitchen) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const simulate = (token = manager, venue = restaurant(t)) => t.app.inject({ method: 'POST', url: MARKETPLACE_API.sandboxOrder(venue), headers: t.auth(token) });
const view = async () => (await t.app.inject({ method: 'GET', url: MARKETPLACE_API.sandbox(restaurant(t)), headers: t.auth(manager) })).json();

describe('store status on the board', () => {
  it('never says "Recebendo pedidos" while nothing can arrive', async () => {
    ifood.settings.pollMs = 0; // this server does not poll
    let s = await status();
    expect(s.merchant.available).toBe(false);
    expect(s.merchant.message.subtitle).toBe(IFOOD_MSG.notReceiving);
    expect(s.merchant.validations.map((v: { message: { title: string } }) => v.message.title)).toEqual([IFOOD_MSG.pollingOffTitle]);

    ifood.settings.pollMs = 30_000; // polling, but iFood has not heard from this store yet
    s = await status();
    expect(s.merchant.available).toBe(false);
    expect(s.merchant.validations[0]).toMatchObject({ state: 'ERROR', message: { title: 'Loja desconectada' } });

    await ifood.pollOnce();
    s = await status();
    expect(s.merchant).toEqual({ available: true, message: { title: 'Loja aberta', subtitle: IFOOD_MSG.receivingSandbox }, validations: [] });

    await t.db.exec(`update marketplace_integrations set is_active = false`);
    s = await status();
    expect(s).toMatchObject({ ifoodIntegration: false, merchant: { available: false, message: { subtitle: IFOOD_MSG.integrationOff }, validations: [] } });
  });

  it('from iFood’s GET /merchants/{id}/status: a closed store, or iFood out of reach, is not receiving', async () => {
    const fake = await new FakeIfood().start();
    try {
      ifood.connect(new IfoodClient({ baseUrl: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret }));
      expect((await status()).merchant).toMatchObject({ available: true, message: { subtitle: IFOOD_MSG.receiving } });
      fake.merchantAvailable = false;
      const closed = await status();
      expect(closed.merchant.available).toBe(false);
      expect(closed.merchant.validations).toEqual([{ state: 'CLOSED', message: { title: 'Fora do horário de funcionamento', subtitle: 'Abre às 18:00', description: '' } }]);
      fake.down = 503;
      const down = await status();
      expect(down.merchant.available).toBe(false);
      expect(down.merchant.validations[0].message.title).toBe(IFOOD_MSG.unreachableTitle);
    } finally {
      await fake.stop();
    }
  });
});

describe('sandbox screen', () => {
  it('Simular pedido: a test order reaches the board; accepting it reaches the sandbox as confirm', async () => {
    const res = await simulate();
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json();
    expect(placed.Message).toBe(IFOOD_MSG.sandboxOrderPlaced(placed.displayId));
    const o = (await allOrders(t, kitchen, restaurant(t))).find((x) => x.CodigoExterno === placed.displayId)!;
    expect(o.OrigemPedido).toBe(ORDER_ORIGIN.marketplace);
    expect(o.Cliente.Nome).toMatch(/sandbox/);
    expect(o.ObservacaoPedido).toContain('Pedido de teste do iFood sandbox');
    expect(o.Cliente.CPF).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    expect(o.Itens[0].Observacoes.length).toBeGreaterThan(0);
    expect((await view()).pedidos).toEqual([expect.objectContaining({ id: placed.id, displayId: placed.displayId, status: 'PLACED', calls: [] })]);

    expect((await command(t, kitchen, 'acceptOrder', { Id: o.Id })).statusCode).toBe(200);
    await t.app.jobs.drain({ horizonMs: 60_000, timeoutMs: 60_000 });
    expect((await view()).pedidos[0]).toMatchObject({ status: 'CONFIRMED', calls: ['confirm'] });
  });

  it('Simular cancelamento: the customer cancels, the ticket goes to Recusado with the reason', async () => {
    const placed = (await simulate()).json();
    const cancel = await t.app.inject({ method: 'POST', url: MARKETPLACE_API.sandboxCancel(restaurant(t)), headers: t.auth(manager), payload: { id: placed.id } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const o = (await allOrders(t, kitchen, restaurant(t))).find((x) => x.CodigoExterno === placed.displayId)!;
    const after = await getOrder(t, kitchen, o.Id);
    expect(after.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Recusado);
    expect(after.ReasonCancellation?.reason).toBe('Pedido cancelado pelo cliente');
    expect((await view()).pedidos[0].status).toBe('CANCELLED');
    expectError(await t.app.inject({ method: 'POST', url: MARKETPLACE_API.sandboxCancel(restaurant(t)), headers: t.auth(manager), payload: { id: placed.id } }), 400, IFOOD_MSG.sandboxOrderNotCancellable);
  });

  it('bad input, wrong role, another venue, no sandbox', async () => {
    expectError(await t.app.inject({ method: 'POST', url: MARKETPLACE_API.sandboxCancel(restaurant(t)), headers: t.auth(manager), payload: {} }), 400, 'Informe o campo "id".', true);
    expectError(await t.app.inject({ method: 'POST', url: MARKETPLACE_API.sandboxCancel(restaurant(t)), headers: t.auth(manager), payload: { id: 'nope' } }), 404, IFOOD_MSG.sandboxOrderNotFound);
    expectError(await simulate(kitchen), 403, MSG.accessDenied); // the kitchen tablet cannot invent orders
    const escola = await t.login(DEMO.escola);
    expectError(await simulate(escola), 403, MSG.accessDenied); // another venue's manager
    expectError(await t.app.inject({ method: 'GET', url: MARKETPLACE_API.sandbox(restaurant(t)), headers: t.auth(escola) }), 403, MSG.accessDenied);
    expect((await simulate(escola, school(t))).statusCode).toBe(400); // its own venue has no store id
    await t.db.exec(`update marketplace_integrations set is_active = false`);
    expectError(await simulate(), 400, IFOOD_MSG.sandboxNeedsMerchant);
    const fake = new FakeIfood();
    ifood.connect(new IfoodClient({ baseUrl: 'http://127.0.0.1:9', clientId: fake.clientId, clientSecret: fake.clientSecret }));
    expectError(await simulate(), 404, IFOOD_MSG.sandboxInactive);
    expect((await view()).ativo).toBe(false);
  });

  it('cancelamentoParcial: once the order leaves the kitchen its customer asks to cancel one item; a refund proposal reaches the sandbox once', async () => {
    const res = await t.app.inject({ method: 'POST', url: MARKETPLACE_API.sandboxOrder(restaurant(t)), headers: t.auth(manager), payload: { cenario: 'cancelamentoParcial' } });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json();
    const o = (await allOrders(t, kitchen, restaurant(t))).find((x) => x.CodigoExterno === placed.displayId)!;
    for (const cmd of ['acceptOrder', 'startOrder', 'transportOrder'] as const) expect((await command(t, kitchen, cmd, { Id: o.Id })).statusCode).toBe(200);
    await t.app.jobs.drain({ horizonMs: 60_000, timeoutMs: 60_000 });
    await ifood.pollOnce();
    const n = (await getOrder(t, kitchen, o.Id)).Ifood!.Negociacao!;
    const last = o.Itens[o.Itens.length - 1];
    expect(n).toMatchObject({ Acao: 'PARTIAL_CANCELLATION', Tipo: 'AFTER_DELIVERY_PARTIALLY', Situacao: 'aberta', AoExpirar: 'REJECT_CANCELLATION', Mensagem: 'Um dos itens veio errado' });
    expect(n.Itens).toEqual([{ Nome: last.NomeProduto, Quantidade: last.Quantidade, Valor: expect.any(Number), Motivo: 'Item errado' }]);
    const [refund] = n.Alternativas!;
    expect(refund).toMatchObject({ Tipo: 'REFUND' });
    expect(refund.ValorMaximo).toBeCloseTo(n.Itens![0].Valor! / 2, 2);

    const propose = (valor: number) => t.app.inject({ method: 'POST', url: KDS_PATHS.ifoodDisputeProposal(o.Id), headers: t.auth(kitchen), payload: { alternativaId: refund.Id, valor } });
    expect((await propose(refund.ValorMaximo! + 0.01)).statusCode).toBe(400);
    const sent = await propose(refund.ValorMaximo!);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().Ifood.Negociacao).toMatchObject({ Situacao: 'proposta', Proposta: { Valor: refund.ValorMaximo } });
    await t.app.jobs.drain({ horizonMs: 60_000, timeoutMs: 60_000 });
    expect((await view()).pedidos[0].calls.filter((c: string) => c.startsWith('disputes/'))).toEqual(['disputes/alternatives']);
  });

  it('the sandbox places an order by itself every period for each store that polls it', async () => {
    let now = 1_000_000;
    const sandbox = new IfoodSandbox({ orderEveryMs: 180_000, now: () => now });
    const client = new IfoodClient({ baseUrl: 'http://ifood-sandbox.invalid', clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, fetch: sandbox.fetch, now: () => now });
    expect(await client.pollEvents(['m-1'])).toEqual([]); // the first poll starts the clock
    now += 180_000;
    const events = await client.pollEvents(['m-1']);
    expect(events.map((e) => e.fullCode)).toEqual(['PLACED']);
    await client.acknowledge(events.map((e) => e.id));
    now += 60_000;
    expect(await client.pollEvents(['m-1'])).toEqual([]);
    expect(await client.pollEvents(['m-2'])).toEqual([]); // another store's clock
  });
});
