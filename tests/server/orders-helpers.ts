/** Helpers shared by the order-board API tests (not a test file itself). */
import { expect } from 'vitest';
import type { Order, OrderIntakeRequest } from '../../src/shared/contract/orders';
import { KDS_PATHS, type OrderCommand } from '../../src/shared/orders';
import { DEMO, type TestContext } from '../setup/server';
import { rows } from './helpers';

export const PASSWORD = 'Demo#2026';

/** An order the customer picks up (no delivery address). */
export const PICKUP = { TipoEntrega: 2, Cliente: { Nome: 'Cliente Retirada', Telefone: '11999990000' } };

/** No automatic acceptance, courier calls or prints in the background: orders move only by the test's commands. */
export const MANUAL_ORDERS = { automaticallyAcceptOrder: false, callMeepDeliveryManually: true, sendToPrinterServerOnAcceptOrder: false };

/** Signs the kitchen in with the restaurant's orders on MANUAL_ORDERS (and `config`); answers the kitchen's token. */
export async function manualKitchen(t: TestContext, config: Record<string, unknown> = {}): Promise<string> {
  const token = await t.login(DEMO.cozinha);
  await setFoodConfig(t, restaurant(t), { ...MANUAL_ORDERS, ...config });
  return token;
}

export function restaurant(t: TestContext): string {
  return t.seed.venues.restaurant;
}
export function school(t: TestContext): string {
  return t.seed.venues.school;
}

export async function list(t: TestContext, token: string, query: Record<string, string | number | boolean | number[]>, headers: Record<string, string> = {}) {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) for (const x of v) qs.append(k, String(x));
    else qs.set(k, String(v));
  }
  return t.app.inject({ method: 'GET', url: `${KDS_PATHS.list}?${qs}`, headers: { ...t.auth(token), ...headers } });
}

/** Every order of a venue (one big page). */
export async function allOrders(t: TestContext, token: string, venueId: string): Promise<Order[]> {
  const res = await list(t, token, { localClienteId: venueId, size: 100 });
  expect(res.statusCode).toBe(200);
  return res.json().items as Order[];
}

export async function command(t: TestContext, token: string, cmd: OrderCommand, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: KDS_PATHS.command(cmd), headers: { ...t.auth(token), ...headers }, payload: body });
}

export function intakeBody(venueId: string, over: Partial<OrderIntakeRequest> = {}): OrderIntakeRequest {
  return {
    LocalClienteId: venueId,
    OrigemPedido: 1,
    TipoEntrega: 1,
    Cliente: {
      Nome: 'Cliente de Teste',
      Telefone: '(11) 90000-1111',
      Endereco: { Logradouro: 'Rua Teste', Numero: '10', Bairro: 'Centro', Cidade: 'São Paulo', UF: 'SP', CEP: '01000000' },
    },
    Itens: [{ NomeProduto: 'Item livre', Valor: 10, Quantidade: 1 }],
    TipoPagamentoId: 4,
    ...over,
  };
}

export async function intake(t: TestContext, token: string, body: OrderIntakeRequest, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: KDS_PATHS.intake, headers: { ...t.auth(token), ...headers }, payload: body });
}

/** Creates an order through intake and returns it. */
export async function newOrder(t: TestContext, token: string, over: Partial<OrderIntakeRequest> = {}): Promise<Order> {
  const res = await intake(t, token, intakeBody(restaurant(t), over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Order;
}

/** Test fixture: puts an order straight into a state (the transition itself is what is under test). */
export async function forceState(t: TestContext, orderId: string, stateId: number): Promise<void> {
  await t.db.exec(`update orders set state_id = ${Number(stateId)} where id = '${orderId.replace(/[^0-9a-f-]/gi, '')}'`);
}

/** How many events the order's board stream got (order_events). */
export async function eventCount(t: TestContext, orderId: string): Promise<number> {
  const [r] = await rows<{ n: number }>(t, `select count(*)::int as n from order_events where order_id = '${orderId}'`);
  return r.n;
}

export async function historyCount(t: TestContext, orderId: string): Promise<number> {
  const [r] = await rows<{ n: number }>(t, `select count(*)::int as n from order_state_history where order_id = '${orderId.replace(/[^0-9a-f-]/gi, '')}'`);
  return r.n;
}

export async function getOrder(t: TestContext, token: string, id: string): Promise<Order> {
  const res = await t.app.inject({ method: 'GET', url: KDS_PATHS.orderForPrint(id), headers: t.auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

/** Sets fields of the venue's food configuration (owned by food-config) for a test. */
export async function setFoodConfig(t: TestContext, venueId: string, data: Record<string, unknown>): Promise<void> {
  const json = JSON.stringify(data).replace(/'/g, "''");
  await t.db.exec(
    `insert into food_configs (venue_id, data) values ('${venueId}', '${json}'::jsonb)
     on conflict (venue_id) do update set data = food_configs.data || excluded.data`,
  );
}
