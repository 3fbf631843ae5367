/** What the table-bill API tests share: the people who use a bill, Mesa 7, and a table order. */
import { expect } from 'vitest';
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

/**
 * An order at a table of the restaurant. Items by name and value (not from the catalogue) are the
 * board's, so a manager (or whoever `token` is) launches them.
 */
export async function orderAtTable(t: TestContext, token: string, tableId: string, items: TableItem[]): Promise<{ Id: string }> {
  const res = await intake(t, token, intakeBody(restaurant(t), { TipoEntrega: 3, MesaId: tableId, Cliente: { Nome: 'Mesa 7' }, TipoPagamentoId: 2, Itens: items }), { 'idempotency-key': crypto.randomUUID() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { Id: string };
}
