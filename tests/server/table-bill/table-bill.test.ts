/** API of the table's bill (issue 41): the bill, service charge, split shares, card/cash/Pix payments exactly once, closing. */
import { describe, expect, it } from 'vitest';
import { BILL_PATHS, billCloseAnswer, billPaymentAnswer, tableBill, type TableBill } from '../../../src/shared/contract/table-bill';
import { waiterTablesResponse, WAITER_PATHS } from '../../../src/shared/contract/waiter';
import { ORDER_STATE } from '../../../src/shared/orders';
import { BILL_MSG, splitEqually } from '../../../src/shared/table-bill';
import { seedDemoWaiterOrders } from '../../../src/server/modules/waiter/waiter.seed';
import { DEMO, useTestApp } from '../../setup/server';
import { useBillActors, orderAtTable, type TableItem } from './helpers';
import { expectError, rows } from '../helpers';
import { forceState, restaurant, school } from '../orders-helpers';

const t = useTestApp();
const actors = useBillActors(t);

const url = (path: string) => `/${path}`;
const tableOrder = (tableId: string, items: TableItem[]) => orderAtTable(t, actors.manager, tableId, items);
/** Three orders at Mesa 7: 2x 28,90 + 1x 12,00 (with an option) + 1x 9,90 → subtotal 79,70. */
async function threeOrders() {
  await tableOrder(actors.mesa7, [{ NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 }]);
  await tableOrder(actors.mesa7, [{ NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1, Observacoes: [{ Descricao: 'Molho', Opcoes: [{ Nome: 'Maionese verde' }] }] }]);
  await tableOrder(actors.mesa7, [{ NomeProduto: 'Refrigerante lata', Valor: 9.9, Quantidade: 1 }]);
}
async function getBill(token = actors.waiter, tableId = actors.mesa7, venueId = restaurant(t)) {
  return t.app.inject({ method: 'GET', url: `${url(BILL_PATHS.bill(tableId))}?localId=${venueId}`, headers: t.auth(token) });
}
async function bill(): Promise<TableBill> {
  const res = await getBill();
  expect(res.statusCode, res.body).toBe(200);
  return tableBill.parse(res.json());
}
const pay = (body: Record<string, unknown>, key: string | null = crypto.randomUUID(), token = actors.waiter, tableId = actors.mesa7) =>
  t.app.inject({
    method: 'POST',
    url: url(BILL_PATHS.payments(tableId)),
    headers: { ...t.auth(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { localId: restaurant(t), ...body },
  });
const close = (key: string | null = crypto.randomUUID(), token = actors.waiter) =>
  t.app.inject({ method: 'POST', url: url(BILL_PATHS.close(actors.mesa7)), headers: { ...t.auth(token), ...(key ? { 'idempotency-key': key } : {}) }, payload: { localId: restaurant(t) } });
const service = (Remover: boolean, token = actors.waiter) => t.app.inject({ method: 'POST', url: url(BILL_PATHS.service(actors.mesa7)), headers: t.auth(token), payload: { localId: restaurant(t), Remover } });
const count = async (sql: string) => (await rows<{ n: number }>(t, sql))[0].n;

describe('GET api/Mesa/{mesa}/Conta', () => {
  it('lists every item of the table since it opened (options kept, refused orders out), subtotal, 10 % service, total and remaining', async () => {
    await threeOrders();
    const refused = await tableOrder(actors.mesa7, [{ NomeProduto: 'Pudim', Valor: 11, Quantidade: 1 }]);
    await forceState(t, refused.Id, ORDER_STATE.Recusado);
    // A table order from before the bill's window (yesterday's, never closed) stays off tonight's bill.
    const old = await tableOrder(actors.mesa7, [{ NomeProduto: 'Esquecido', Valor: 50, Quantidade: 1 }]);
    await t.db.exec(`update orders set created_at = now() - interval '25 hours' where id = '${old.Id}'`);
    const b = await bill();
    expect(b.Itens.map((i) => [i.Quantidade, i.Nome, i.ValorTotal])).toEqual([
      [2, 'X-Burger', 57.8],
      [1, 'Batata frita', 12],
      [1, 'Refrigerante lata', 9.9],
    ]);
    expect(b.Itens[1].Observacoes).toEqual([{ Descricao: 'Molho', Opcoes: ['Maionese verde'] }]);
    expect(b).toMatchObject({ Mesa: 'Mesa 7', Aberta: true, Subtotal: 79.7, TaxaServicoPercentual: 10, TaxaServico: 7.97, TaxaServicoRemovida: false, AvisoTaxaServico: null, Total: 87.67, Pago: 0, Restante: 87.67, Pagamentos: [] });
    // Another table's bill is its own.
    const [{ id: mesa8 }] = await rows<{ id: string }>(t, `select id from kds_tables where venue_id = '${restaurant(t)}' and name = 'Mesa 8'`);
    expect(tableBill.parse((await getBill(actors.waiter, mesa8)).json()).Itens).toEqual([]);
  });

  it('refuses bad input, no sign-in, the kitchen tablet (no Garcom role) and another venue or its table (404); a manager may', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(BILL_PATHS.bill(actors.mesa7)), headers: t.auth(actors.waiter) })).statusCode).toBe(400);
    expectError(await getBill(actors.waiter, 'nao-e-uma-mesa'), 404, BILL_MSG.tableNotFound);
    expectError(await getBill(actors.waiter, '00000000-0000-4000-8000-000000000000'), 404, BILL_MSG.tableNotFound);
    expect((await t.app.inject({ method: 'GET', url: `${url(BILL_PATHS.bill(actors.mesa7))}?localId=${restaurant(t)}` })).statusCode).toBe(401);
    expect((await getBill(await t.login(DEMO.cozinha))).statusCode).toBe(403);
    // The waiter is not in the school: its venue and a table of it answer like a missing table.
    expectError(await getBill(actors.waiter, actors.mesa7, school(t)), 404, BILL_MSG.tableNotFound);
    await t.db.exec(`insert into kds_tables (venue_id, name, position) values ('${school(t)}', 'Mesa da escola', 1)`);
    const [{ id: other }] = await rows<{ id: string }>(t, `select id from kds_tables where venue_id = '${school(t)}'`);
    expectError(await getBill(actors.waiter, other), 404, BILL_MSG.tableNotFound);
    expect((await getBill(await t.login(DEMO.gerente))).statusCode).toBe(200);
  });
});

describe('POST api/Mesa/{mesa}/Conta/TaxaServico', () => {
  it('removes the service charge at the customer request (the bill says so), puts it back, and locks once money was taken', async () => {
    await threeOrders();
    const off = await service(true);
    expect(off.statusCode, off.body).toBe(200);
    expect(tableBill.parse(off.json())).toMatchObject({ TaxaServico: 0, TaxaServicoRemovida: true, AvisoTaxaServico: BILL_MSG.serviceRemoved, Total: 79.7, Restante: 79.7 });
    expect(tableBill.parse((await service(false)).json())).toMatchObject({ TaxaServico: 7.97, Total: 87.67 });
    expect((await pay({ Forma: 'cartao', Valor: 10 })).statusCode).toBe(201);
    expectError(await service(true), 409, BILL_MSG.serviceLocked);
    expect((await bill()).TaxaServico).toBe(7.97);
  });

  it('refuses bad input, the wrong role and another venue', async () => {
    expect((await t.app.inject({ method: 'POST', url: url(BILL_PATHS.service(actors.mesa7)), headers: t.auth(actors.waiter), payload: { localId: restaurant(t), Remover: 'sim' } })).statusCode).toBe(400);
    expect((await service(true, await t.login(DEMO.cozinha))).statusCode).toBe(403);
    const other = await t.app.inject({ method: 'POST', url: url(BILL_PATHS.service(actors.mesa7)), headers: t.auth(actors.waiter), payload: { localId: school(t), Remover: true } });
    expectError(other, 404, BILL_MSG.tableNotFound);
    expect(await count(`select count(*)::int as n from table_bills`)).toBe(0);
  });
});

describe('POST api/Mesa/{mesa}/Conta/Pagamentos and Fechar', () => {
  it('splits by 3 to the cent, takes one share by Pix (paid by the sandbox PSP), one by card, one in cash with change, then closes and frees the table', async () => {
    await threeOrders();
    const total = Math.round((await bill()).Total * 100);
    const parts = splitEqually(total, 3);
    expect(parts).toEqual([2923, 2922, 2922]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);

    const pix = await pay({ Forma: 'pix', Valor: parts[0] / 100, Parte: { Indice: 1, De: 3 } });
    expect(pix.statusCode, pix.body).toBe(201);
    const pixAnswer = billPaymentAnswer.parse(pix.json());
    expect(pixAnswer.Pagamento).toMatchObject({ Forma: 'pix', Status: 'pendente', Valor: 29.23, Parte: { Indice: 1, De: 3 } });
    expect(pixAnswer.Pagamento.BrCode).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(pixAnswer.Conta).toMatchObject({ EmAndamento: 29.23, Pago: 0, Restante: 58.44 });
    // Closing with a Pix still waiting is refused.
    expectError(await close(), 409, BILL_MSG.pixPending);

    const card = billPaymentAnswer.parse((await pay({ Forma: 'cartao', Valor: parts[1] / 100, Parte: { Indice: 2, De: 3 } })).json());
    expect(card.Pagamento).toMatchObject({ Forma: 'cartao', Status: 'pago', Valor: 29.22 });
    expect(card.Message).toBe(BILL_MSG.recorded('Cartão', 2922));
    const cash = await pay({ Forma: 'dinheiro', Valor: parts[2] / 100, ValorRecebido: 50, Parte: { Indice: 3, De: 3 } });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(billPaymentAnswer.parse(cash.json()).Pagamento).toMatchObject({ Forma: 'dinheiro', Status: 'pago', Valor: 29.22, ValorRecebido: 50, Troco: 20.78 });
    expectError(await close(), 409, BILL_MSG.pixPending);

    // The payer's bank pays the cob; the PSP's webhook queues a re-read; the bill's GET re-reads too.
    const sandbox = await t.app.inject({ method: 'POST', url: `${url(BILL_PATHS.sandboxPay(actors.mesa7, pixAnswer.Pagamento.Id))}?localId=${restaurant(t)}`, headers: t.auth(actors.waiter) });
    expect(sandbox.statusCode, sandbox.body).toBe(200);
    const paid = await bill();
    expect(paid).toMatchObject({ Pago: 87.67, EmAndamento: 0, Restante: 0 });
    expect(paid.Pagamentos.map((p) => [p.Forma, p.Status])).toEqual([
      ['pix', 'pago'],
      ['cartao', 'pago'],
      ['dinheiro', 'pago'],
    ]);
    expect(await count(`select count(*)::int as n from pix_charges where kind = 'table-bill' and status = 'paid' and amount_cents = 2923`)).toBe(1);

    const closed = await close();
    expect(closed.statusCode, closed.body).toBe(200);
    const c = billCloseAnswer.parse(closed.json());
    expect(c.Message).toBe(BILL_MSG.closed('Mesa 7'));
    expect(c.Conta).toMatchObject({ Aberta: false, Total: 87.67, Pago: 87.67, Restante: 0 });
    expect(c.Conta.Itens).toHaveLength(3);
    // The table is free: a new, empty bill, and the waiter's tables show no open order there.
    expect(await bill()).toMatchObject({ Id: null, Itens: [], Total: 0 });
    const tables = waiterTablesResponse.parse((await t.app.inject({ method: 'GET', url: `${WAITER_PATHS.tables}?localClienteId=${restaurant(t)}`, headers: t.auth(actors.waiter) })).json());
    expect(tables.Mesas.find((m) => m.Nome === 'Mesa 7')!.Abertos).toBe(0);
    // The closed bill is immutable: nothing more to pay, nothing to close, and its snapshot stays.
    expectError(await pay({ Forma: 'cartao', Valor: 1 }), 409, BILL_MSG.nothingToPay);
    expectError(await close(), 409, BILL_MSG.empty);
    const [snap] = await rows<{ total_cents: number; status: string; n: number }>(t, `select total_cents, status, (select count(*)::int from table_bill_orders o where o.bill_id = b.id) as n from table_bills b`);
    expect(snap).toEqual({ total_cents: 8767, status: 'closed', n: 3 });
    // The database refuses to change a closed bill or its payments, whoever asks.
    await expect(t.db.exec(`update table_bills set total_cents = 1`)).rejects.toThrow(/closed/);
    await expect(t.db.exec(`update table_bill_payments set amount_cents = 1`)).rejects.toThrow(/closed/);
    expect((await rows<{ t: number }>(t, `select total_cents as t from table_bills`))[0].t).toBe(8767);
    // A new order opens a new bill with only itself.
    await tableOrder(actors.mesa7, [{ NomeProduto: 'Café', Valor: 6, Quantidade: 1 }]);
    expect(await bill()).toMatchObject({ Subtotal: 6, Total: 6.6 });
  });

  it('refuses bad input with pt-BR messages and records nothing', async () => {
    await threeOrders();
    expectError(await pay({ Forma: 'cartao', Valor: 10 }, null), 400, BILL_MSG.idempotencyRequired);
    expect((await pay({ Forma: 'cartao', Valor: 0 })).json().Message).toContain(BILL_MSG.amountInvalid);
    expect((await pay({ Forma: 'cartao', Valor: 1.234 })).statusCode).toBe(400);
    expect((await pay({ Forma: 'cheque', Valor: 10 })).statusCode).toBe(400);
    expect((await pay({ Forma: 'dinheiro', Valor: 10 })).json().Message).toContain(BILL_MSG.receivedRequired);
    expect((await pay({ Forma: 'dinheiro', Valor: 10, ValorRecebido: 5 })).json().Message).toContain(BILL_MSG.receivedTooLow);
    expect((await pay({ Forma: 'cartao', Valor: 10, ValorRecebido: 20 })).json().Message).toContain(BILL_MSG.receivedOnlyCash);
    expect((await pay({ Forma: 'cartao', Valor: 10, Parte: { Indice: 4, De: 3 } })).json().Message).toContain(BILL_MSG.shareInvalid);
    for (const bad of [{ Forma: 'cartao', Valor: 0 }, { Forma: 'dinheiro', Valor: 10 }]) expect((await pay(bad)).statusCode).toBe(400);
    expectError(await pay({ Forma: 'cartao', Valor: 100 }), 409, BILL_MSG.overRemaining(8767));
    expectError(await pay({ Forma: 'cartao', Valor: 10, Parte: { Indice: 1, De: 3 } }), 409, BILL_MSG.shareChanged);
    expectError(await close(), 409, BILL_MSG.notFullyPaid);
    expect(await count(`select count(*)::int as n from table_bill_payments`)).toBe(0);
  });

  it('refuses the wrong role, another venue and a table of another venue', async () => {
    await threeOrders();
    expect((await pay({ Forma: 'cartao', Valor: 10 }, crypto.randomUUID(), await t.login(DEMO.cozinha))).statusCode).toBe(403);
    expectError(await pay({ Forma: 'cartao', Valor: 10, localId: school(t) }), 404, BILL_MSG.tableNotFound);
    expect((await close(crypto.randomUUID(), await t.login(DEMO.cozinha))).statusCode).toBe(403);
    await t.db.exec(`insert into kds_tables (venue_id, name, position) values ('${school(t)}', 'Mesa da escola', 1)`);
    const [{ id: other }] = await rows<{ id: string }>(t, `select id from kds_tables where venue_id = '${school(t)}'`);
    expectError(await pay({ Forma: 'cartao', Valor: 10 }, crypto.randomUUID(), actors.waiter, other), 404, BILL_MSG.tableNotFound);
    expect(await count(`select count(*)::int as n from table_bill_payments`)).toBe(0);
  });

  it('racing twins with one key make one payment; the same key replays the same answer; another request with it is 422', async () => {
    await threeOrders();
    const key = crypto.randomUUID();
    const body = { Forma: 'dinheiro', Valor: 29.23, ValorRecebido: 30, Parte: { Indice: 1, De: 3 } };
    const [a, b] = await Promise.all([pay(body, key), pay(body, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().Pagamento.Id).toBe(b.json().Pagamento.Id);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    const again = await pay(body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().Pagamento).toEqual(a.json().Pagamento);
    expect((await pay({ ...body, ValorRecebido: 50 }, key)).statusCode).toBe(422);
    expect(await count(`select count(*)::int as n from table_bill_payments`)).toBe(1);
    expect((await bill()).Pago).toBe(29.23);
  });

  it("a payment queued offline and sent late: the bill lists it with its key (a phone whose answer was lost never counts it twice); the replay answers the same; another table's bill does not list it", async () => {
    await threeOrders();
    const key = crypto.randomUUID();
    const body = { Forma: 'dinheiro', Valor: 29.22, ValorRecebido: 50, Parte: { Indice: 3, De: 3 } };
    const first = await pay(body, key);
    expect(first.statusCode, first.body).toBe(201);
    const answer = billPaymentAnswer.parse(first.json());
    expect(answer.Pagamento).toMatchObject({ Forma: 'dinheiro', Status: 'pago', Valor: 29.22, Troco: 20.78, Chave: key });
    expect(answer.Conta.Pagamentos.map((p) => p.Chave)).toEqual([key]);
    // The phone never heard back and sends it again after a reload: the same answer, one payment.
    const replay = await pay(body, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const b = await bill();
    expect(b.Pagamentos.map((p) => [p.Chave, p.Valor])).toEqual([[key, 29.22]]);
    expect(b).toMatchObject({ Pago: 29.22, Restante: 58.45 });
    expect(await count(`select count(*)::int as n from table_bill_payments`)).toBe(1);
    const [{ id: mesa8 }] = await rows<{ id: string }>(t, `select id from kds_tables where venue_id = '${restaurant(t)}' and name = 'Mesa 8'`);
    expect(tableBill.parse((await getBill(actors.waiter, mesa8)).json()).Pagamentos).toEqual([]);
  });

  it('two phones paying the same share at once (two keys): one payment, the other told the share is taken', async () => {
    await threeOrders();
    const body = { Forma: 'cartao', Valor: 29.22, Parte: { Indice: 2, De: 3 } };
    const [a, b] = await Promise.all([pay(body), pay(body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().Message).toBe(BILL_MSG.shareTaken);
    expect(await count(`select count(*)::int as n from table_bill_payments`)).toBe(1);
    // Two Pix for the same share: one cob.
    const pixBody = { Forma: 'pix', Valor: 29.23, Parte: { Indice: 1, De: 3 } };
    const [c, d] = await Promise.all([pay(pixBody), pay(pixBody)]);
    expect([c.statusCode, d.statusCode].sort()).toEqual([201, 409]);
    expect(await count(`select count(*)::int as n from pix_charges where kind = 'table-bill'`)).toBe(1);
  });
});

describe('demo seed', () => {
  it("a real demo opens with Mesa 3's bill split by two and the first half paid by card; the tables show what each bill holds", async () => {
    await seedDemoWaiterOrders(t.db.db, restaurant(t));
    const [{ id: mesa3 }] = await rows<{ id: string }>(t, `select id from kds_tables where venue_id = '${restaurant(t)}' and name = 'Mesa 3'`);
    const b = tableBill.parse((await getBill(actors.waiter, mesa3)).json());
    const total = Math.round(b.Total * 100);
    expect(b.Itens.length).toBeGreaterThan(0);
    expect(b.Pagamentos).toHaveLength(1);
    expect(b.Pagamentos[0]).toMatchObject({ Forma: 'cartao', Status: 'pago', Parte: { Indice: 1, De: 2 } });
    expect(Math.round(b.Pago * 100)).toBe(splitEqually(total, 2)[0]);
    expect(Math.round(b.Restante * 100)).toBe(splitEqually(total, 2)[1]);
    const tables = waiterTablesResponse.parse((await t.app.inject({ method: 'GET', url: `${WAITER_PATHS.tables}?localClienteId=${restaurant(t)}`, headers: t.auth(actors.waiter) })).json());
    expect(tables.Mesas.find((m) => m.Nome === 'Mesa 3')!.Conta).toBe(b.Subtotal);
    expect(tables.Mesas.find((m) => m.Nome === 'Mesa 7')!.Conta).toBe(0);
  });
});
