/** What the table-bill API tests share: the people who use a bill, Mesa 7, and a table order. */
import { beforeEach, expect } from 'vitest';
import type { TestContext } from '../../setup/server';
import { DEMO } from '../../setup/server';
import { rows } from '../helpers';
import { intake, intakeBody, restaurant } from '../orders-helpers';

export type TableItem = { NomeProduto: string; Valor: number; Quantidade: number; Observacoes?: Array<{ Descricao: string; Opcoes: Array<{ Nome: string }> }> };

/** The demo's waiter and manager signed in, and the restaurant's Mesa 7 (for each test's beforeEach). */
export async function billActors(t: TestContext): Promise<{ waiter: string; manager: string; mesa7: string }> {
  const waiter = await t.login(DEMO.garcom);
  const manager = await t.login(DEMO.gerente);
  const [{ id: mesa7 }] = await rows<{ id: string }>(t, `select id from kds_tables where venue_id = '${restaurant(t)}' and name = 'Mesa 7'`);
  return { waiter, manager, mesa7 };
}

/** `billActors` for each test of a file: the fields are set again before every test (read them in the tests, not at load). */
export function useBillActors(t: TestContext): { waiter: string; manager: string; mesa7: string } {
  const actors = { waiter: '', manager: '', mesa7: '' };
  beforeEach(async () => void Object.assign(actors, await billActors(t)));
  return actors;
}

/** The two orders many bill tests start from, by `token` at the table: 2x 28,90 + 1x 12,00 with an option → subtotal 69,80, service 6,98, total 76,78. */
export async function twoOrdersAtTable(t: TestContext, token: string, tableId: string): Promise<void> {
  await orderAtTable(t, token, tableId, [{ NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 }]);
  await orderAtTable(t, token, tableId, [{ NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1, Observacoes: [{ Descricao: 'Molho', Opcoes: [{ Nome: 'Maionese verde' }] }] }]);
}

/** `twoOrdersAtTable` without the option, plus a can of soda: 2x 28,90 + 12,00 + 9,90 → subtotal 79,70, service 7,97, total 87,67. */
export async function threeOrdersAtTable(t: TestContext, token: string, tableId: string): Promise<void> {
  await orderAtTable(t, token, tableId, [{ NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 }]);
  await orderAtTable(t, token, tableId, [{ NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1 }]);
  await orderAtTable(t, token, tableId, [{ NomeProduto: 'Refrigerante lata', Valor: 9.9, Quantidade: 1 }]);
}

/**
 * An order at a table of the restaurant. Items by name and value (not from the catalogue) are the
 * board's, so a manager (or whoever `token` is) launches them.
 */
export async function orderAtTable(t: TestContext, token: string, tableId: string, items: TableItem[]): Promise<{ Id: string }> {
  const res = await intake(t, token, intakeBody(restaurant(t), { TipoEntrega: 3, MesaId: tableId, Cliente: { Nome: 'Mesa 7' }, TipoPagamentoId: 2, Itens: items }), { 'idempotency-key': crypto.randomUUID() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { Id: string };
}
