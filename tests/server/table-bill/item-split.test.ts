/**
 * API of the split by items (issue 41): the people and their items stored on the open bill, each
 * person's part (items + proportional service, adding up to the total), paid once, the bill closing.
 */
import { describe, expect, it } from 'vitest';
import { BILL_PATHS, billPaymentAnswer, tableBill, type TableBill } from '../../../src/shared/contract/table-bill';
import { BILL_MSG } from '../../../src/shared/table-bill';
import { ITEM_SPLIT_MSG } from '../../../src/shared/table-bill-split';
import { DEMO, useTestApp } from '../../setup/server';
import { threeOrdersAtTable, useBillActors } from './helpers';
import { expectError, rows } from '../helpers';
import { restaurant, school } from '../orders-helpers';

const t = useTestApp();
const actors = useBillActors(t);

const url = (path: string) => `/${path}`;
/** 2x X-Burger 28,90 + Batata frita 12,00 + Refrigerante 9,90 → subtotal 79,70, service 7,97, total 87,67. */
const threeOrders = () => threeOrdersAtTable(t, actors.manager, actors.mesa7);
async function bill(token = actors.waiter): Promise<TableBill> {
  const res = await t.app.inject({ method: 'GET', url: `${url(BILL_PATHS.bill(actors.mesa7))}?localId=${restaurant(t)}`, headers: t.auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return tableBill.parse(res.json());
}
const split = (Divisao: unknown, token = actors.waiter, tableId = actors.mesa7, localId = restaurant(t)) =>
  t.app.inject({ method: 'POST', url: url(BILL_PATHS.itemSplit(tableId)), headers: t.auth(token), payload: { localId, Divisao } });
const pay = (body: Record<string, unknown>, key: string = crypto.randomUUID(), token = actors.waiter) =>
  t.app.inject({ method: 'POST', url: url(BILL_PATHS.payments(actors.mesa7)), headers: { ...t.auth(token), 'idempotency-key': key }, payload: { localId: restaurant(t), ...body } });
const close = () => t.app.inject({ method: 'POST', url: url(BILL_PATHS.close(actors.mesa7)), headers: { ...t.auth(actors.waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t) } });
const count = async (sql: string) => (await rows<{ n: number }>(t, sql))[0].n;

/** Ana and Bia one burger each, the fries shared by the three, Caio the soda. */
async function anaBiaCaio() {
  const b = await bill();
  const [burger, fries, soda] = b.Itens.map((l) => l.ItemId!);
  return {
    ids: { burger, fries, soda },
    doc: {
      Pessoas: [{ Nome: 'Ana' }, { Nome: ' Bia ' }, { Nome: 'Caio' }],
      Itens: [
        { ItemId: burger, Quantidade: 1, Pessoas: [1] },
        { ItemId: burger, Quantidade: 1, Pessoas: [2] },
        { ItemId: fries, Quantidade: 1, Pessoas: [1, 2, 3] },
        { ItemId: soda, Quantidade: 1, Pessoas: [3] },
      ],
    },
  };
}

describe('POST api/Mesa/{mesa}/Conta/DivisaoPorItens and paying each person', () => {
  it('stores the split on the bill (a second phone sees it); each part is items + proportional service, adding up to the total; each pays once and the table closes', async () => {
    await threeOrders();
    const { doc } = await anaBiaCaio();
    const res = await split(doc);
    expect(res.statusCode, res.body).toBe(200);
    // Another phone (the manager's) reads the same split from the server.
    const b = await bill(actors.manager);
    const d = b.DivisaoPorItens!;
    expect(d.Pessoas.map((p) => [p.Nome, p.ValorItens, p.TaxaServico, p.Valor, p.Situacao])).toEqual([
      ['Ana', 32.9, 3.29, 36.19, 'aberta'],
      ['Bia', 32.9, 3.29, 36.19, 'aberta'],
      ['Caio', 13.9, 1.39, 15.29, 'aberta'],
    ]);
    expect(d.Pessoas[0].Itens.map((i) => [i.Quantidade, i.Nome, i.DivididoPor, i.Valor])).toEqual([
      [1, 'X-Burger', 1, 28.9],
      [1, 'Batata frita', 3, 4],
    ]);
    expect(d.SemPessoa).toEqual({ Itens: [], ValorItens: 0, Valor: 0 });
    expect(Math.round(d.Pessoas.reduce((s, p) => s + p.Valor * 100, 0))).toBe(Math.round(b.Total * 100));

    const ana = await pay({ Forma: 'cartao', Valor: 36.19, Pessoa: 1 });
    expect(ana.statusCode, ana.body).toBe(201);
    const a = billPaymentAnswer.parse(ana.json());
    expect(a.Pagamento).toMatchObject({ Forma: 'cartao', Status: 'pago', Valor: 36.19, Pessoa: 1, Parte: null });
    expect(a.Conta.DivisaoPorItens!.Pessoas.map((p) => p.Situacao)).toEqual(['paga', 'aberta', 'aberta']);
    expectError(await close(), 409, BILL_MSG.notFullyPaid);
    expect((await pay({ Forma: 'dinheiro', Valor: 36.19, ValorRecebido: 40, Pessoa: 2 })).json().Pagamento).toMatchObject({ Troco: 3.81, Pessoa: 2 });
    expect((await pay({ Forma: 'cartao', Valor: 15.29, Pessoa: 3 })).statusCode).toBe(201);
    const after = await bill();
    expect(after).toMatchObject({ Pago: 87.67, Restante: 0 });
    expect(after.DivisaoPorItens!.Pessoas.map((p) => p.Situacao)).toEqual(['paga', 'paga', 'paga']);
    const closed = await close();
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().Conta).toMatchObject({ Aberta: false, Total: 87.67, Pago: 87.67 });
    expect(await count(`select count(*)::int as n from table_bill_payments where person_index is not null`)).toBe(3);
  });

  it('lists what nobody took; the bill closes only when paid; after a payment the paid person is fixed, others may change, the mode may not', async () => {
    await threeOrders();
    const { ids, doc } = await anaBiaCaio();
    // Only the burgers are assigned: the fries and the soda are "sem pessoa".
    const partial = { Pessoas: doc.Pessoas, Itens: doc.Itens.slice(0, 2) };
    const b = tableBill.parse((await split(partial)).json());
    expect(b.DivisaoPorItens!.SemPessoa.Itens.map((i) => [i.Nome, i.Quantidade, i.Valor])).toEqual([
      ['Batata frita', 1, 12],
      ['Refrigerante lata', 1, 9.9],
    ]);
    expect(b.DivisaoPorItens!.Pessoas[2]).toMatchObject({ Nome: 'Caio', Itens: [], Valor: 0 });
    // Equal shares do not mix with a split by items.
    expectError(await pay({ Forma: 'cartao', Valor: 29.23, Parte: { Indice: 1, De: 3 } }), 409, ITEM_SPLIT_MSG.modeItems);
    // A stale amount (the split changed since) is refused.
    expectError(await pay({ Forma: 'cartao', Valor: 36.19, Pessoa: 1 }), 409, BILL_MSG.shareChanged);
    const anaPart = b.DivisaoPorItens!.Pessoas[0].Valor;
    expect((await pay({ Forma: 'cartao', Valor: anaPart, Pessoa: 1 })).statusCode).toBe(201);
    expectError(await close(), 409, BILL_MSG.notFullyPaid);
    // Ana paid: she and her items stay; the rest may be assigned; the split may not be undone.
    expectError(await split({ ...doc, Pessoas: [{ Nome: 'Ana Paula' }, ...doc.Pessoas.slice(1)] }), 409, ITEM_SPLIT_MSG.personLocked('Ana'));
    expectError(await split({ Pessoas: doc.Pessoas, Itens: [...partial.Itens, { ItemId: ids.fries, Quantidade: 1, Pessoas: [1, 2, 3] }] }), 409, ITEM_SPLIT_MSG.personLocked('Ana'));
    expectError(await split(null), 409, ITEM_SPLIT_MSG.modeLocked);
    const rest = { Pessoas: doc.Pessoas, Itens: [...partial.Itens, { ItemId: ids.fries, Quantidade: 1, Pessoas: [2, 3] }, { ItemId: ids.soda, Quantidade: 1, Pessoas: [3] }] };
    const b2 = tableBill.parse((await split(rest)).json());
    const d2 = b2.DivisaoPorItens!;
    expect(d2.SemPessoa.Itens).toEqual([]);
    expect(d2.Pessoas[0]).toMatchObject({ Valor: anaPart, Situacao: 'paga' });
    expect(Math.round(d2.Pessoas.reduce((s, p) => s + p.Valor * 100, 0))).toBe(Math.round(b2.Total * 100));
    for (const p of d2.Pessoas.slice(1)) expect((await pay({ Forma: 'cartao', Valor: p.Valor, Pessoa: p.Indice })).statusCode).toBe(201);
    expect((await close()).statusCode).toBe(200);
  });

  it('switches between no split and a split by items only while nothing was paid; a person is refused when the bill is not split by items', async () => {
    await threeOrders();
    expectError(await pay({ Forma: 'cartao', Valor: 10, Pessoa: 1 }), 409, ITEM_SPLIT_MSG.modeNotItems);
    const { doc } = await anaBiaCaio();
    expect((await split(doc)).statusCode).toBe(200);
    const undone = await split(null);
    expect(undone.statusCode).toBe(200);
    expect(tableBill.parse(undone.json()).DivisaoPorItens).toBeNull();
    // An equal share paid: no split by items any more.
    expect((await pay({ Forma: 'cartao', Valor: 29.23, Parte: { Indice: 1, De: 3 } })).statusCode).toBe(201);
    expectError(await split(doc), 409, ITEM_SPLIT_MSG.modeLocked);
    expect((await bill()).DivisaoPorItens).toBeNull();
  });

  it('refuses bad input with pt-BR messages and changes nothing', async () => {
    await threeOrders();
    const { ids, doc } = await anaBiaCaio();
    expect((await split({ Pessoas: [], Itens: [] })).json().Message).toContain(ITEM_SPLIT_MSG.peopleInvalid);
    expect((await split({ Pessoas: [{ Nome: '   ' }], Itens: [] })).json().Message).toContain(ITEM_SPLIT_MSG.nameInvalid);
    expect((await split({ Pessoas: [{ Nome: 'x'.repeat(41) }], Itens: [] })).json().Message).toContain(ITEM_SPLIT_MSG.nameInvalid);
    expect((await split({ Pessoas: Array.from({ length: 51 }, (_, i) => ({ Nome: `P${i}` })), Itens: [] })).statusCode).toBe(400);
    expect((await split({ ...doc, Itens: [{ ItemId: ids.burger, Quantidade: 1, Pessoas: [4] }] })).json().Message).toContain(ITEM_SPLIT_MSG.assignPeopleInvalid);
    expect((await split({ ...doc, Itens: [{ ItemId: ids.burger, Quantidade: 1, Pessoas: [1, 1] }] })).json().Message).toContain(ITEM_SPLIT_MSG.assignPeopleInvalid);
    expect((await split({ ...doc, Itens: [{ ItemId: ids.burger, Quantidade: 0, Pessoas: [1] }] })).json().Message).toContain(ITEM_SPLIT_MSG.quantityInvalid);
    for (const r of [await split({ Pessoas: [], Itens: [] }), await split({ ...doc, Itens: [{ ItemId: ids.burger, Quantidade: 1, Pessoas: [] }] }), await split('x')]) expect(r.statusCode).toBe(400);
    expectError(await split({ ...doc, Itens: [{ ItemId: ids.burger, Quantidade: 3, Pessoas: [1] }] }), 400, ITEM_SPLIT_MSG.overQuantity('X-Burger'));
    expectError(await split({ ...doc, Itens: [{ ItemId: crypto.randomUUID(), Quantidade: 1, Pessoas: [1] }] }), 409, ITEM_SPLIT_MSG.itemUnknown);
    expect((await bill()).DivisaoPorItens).toBeNull();
    expect((await split(doc)).statusCode).toBe(200);
    expect((await pay({ Forma: 'cartao', Valor: 36.19, Pessoa: 1, Parte: { Indice: 1, De: 3 } })).json().Message).toContain(ITEM_SPLIT_MSG.shareAndPerson);
    expect((await pay({ Forma: 'cartao', Valor: 36.19, Pessoa: 0 })).statusCode).toBe(400);
    expectError(await pay({ Forma: 'cartao', Valor: 36.19, Pessoa: 4 }), 409, ITEM_SPLIT_MSG.personNotFound);
    expectError(await pay({ Forma: 'cartao', Valor: 36.18, Pessoa: 1 }), 409, BILL_MSG.shareChanged);
    expect(await count(`select count(*)::int as n from table_bill_payments`)).toBe(0);
  });

  it('refuses no sign-in, the wrong role, another venue and a table of another venue (404)', async () => {
    await threeOrders();
    const { doc } = await anaBiaCaio();
    expect((await t.app.inject({ method: 'POST', url: url(BILL_PATHS.itemSplit(actors.mesa7)), payload: { localId: restaurant(t), Divisao: doc } })).statusCode).toBe(401);
    expect((await split(doc, await t.login(DEMO.cozinha))).statusCode).toBe(403);
    expectError(await split(doc, actors.waiter, actors.mesa7, school(t)), 404, BILL_MSG.tableNotFound);
    await t.db.exec(`insert into kds_tables (venue_id, name, position) values ('${school(t)}', 'Mesa da escola', 1)`);
    const [{ id: other }] = await rows<{ id: string }>(t, `select id from kds_tables where venue_id = '${school(t)}'`);
    expectError(await split(doc, actors.waiter, other), 404, BILL_MSG.tableNotFound);
    expectError(await split(doc, actors.waiter, 'nao-e-uma-mesa'), 404, BILL_MSG.tableNotFound);
    expect(await count(`select count(*)::int as n from table_bills where item_split is not null`)).toBe(0);
    // Paying a person's part follows the same rules.
    expect((await split(doc)).statusCode).toBe(200);
    expect((await pay({ Forma: 'cartao', Valor: 36.19, Pessoa: 1 }, crypto.randomUUID(), await t.login(DEMO.cozinha))).statusCode).toBe(403);
    expect(await count(`select count(*)::int as n from table_bill_payments`)).toBe(0);
  });

  it("two phones paying one person's part at once: one payment, the other told it is taken; racing twins with one key answer the same payment", async () => {
    await threeOrders();
    const { doc } = await anaBiaCaio();
    expect((await split(doc)).statusCode).toBe(200);
    const body = { Forma: 'cartao', Valor: 36.19, Pessoa: 1 };
    const [a, b] = await Promise.all([pay(body), pay(body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().Message).toBe(BILL_MSG.shareTaken);
    // Two Pix for one person: one cob.
    const pixBody = { Forma: 'pix', Valor: 36.19, Pessoa: 2 };
    const [c, d] = await Promise.all([pay(pixBody), pay(pixBody)]);
    expect([c.statusCode, d.statusCode].sort()).toEqual([201, 409]);
    expect(await count(`select count(*)::int as n from pix_charges where kind = 'table-bill'`)).toBe(1);
    expect((await bill()).DivisaoPorItens!.Pessoas.map((p) => p.Situacao)).toEqual(['paga', 'aguardando', 'aberta']);
    // One key, twins: one payment, the same answer.
    const key = crypto.randomUUID();
    const cash = { Forma: 'dinheiro', Valor: 15.29, ValorRecebido: 20, Pessoa: 3 };
    const [e, f] = await Promise.all([pay(cash, key), pay(cash, key)]);
    expect([e.statusCode, f.statusCode]).toEqual([201, 201]);
    expect(e.json().Pagamento.Id).toBe(f.json().Pagamento.Id);
    const again = await pay(cash, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().Pagamento).toEqual(e.json().Pagamento);
    // The same key with another person is another command: refused.
    expect((await pay({ ...cash, Pessoa: 2 }, key)).statusCode).toBe(422);
    expect(await count(`select count(*)::int as n from table_bill_payments where person_index is not null and status in ('paid', 'pending')`)).toBe(3);
  });
});
