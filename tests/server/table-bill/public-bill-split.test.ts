/**
 * The split on the public bill page (issue 41, branch billend): GET api/publico/Conta/{token} shows,
 * split by items, each person's name, items, amount and situation; split equally, the parts once a
 * share fixed N; nothing private (no staff names, no payment ids or keys).
 */
import { describe, expect, it } from 'vitest';
import { BILL_PATHS, PUBLIC_BILL_PATHS, billLinkAnswer, publicBill, tableBill } from '../../../src/shared/contract/table-bill';
import { BILL_MSG } from '../../../src/shared/table-bill';
import { useTestApp } from '../../setup/server';
import { anaAndBiaSplit } from '../../support/bill-split-fixture';
import { useBillActors, orderAtTable } from './helpers';
import { expectError, rows } from '../helpers';
import { restaurant } from '../orders-helpers';

const t = useTestApp();
const actors = useBillActors(t);

async function publicToken(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.link(actors.mesa7)}`, headers: t.auth(actors.waiter), payload: { localId: restaurant(t) } });
  expect(res.statusCode, res.body).toBe(200);
  return billLinkAnswer.parse(res.json()).Token;
}
const read = (token: string) => t.app.inject({ method: 'GET', url: `/${PUBLIC_BILL_PATHS.bill(token)}` });
const pay = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/${BILL_PATHS.payments(actors.mesa7)}`, headers: { ...t.auth(actors.waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t), ...body } });

async function threeItems() {
  await orderAtTable(t, actors.manager, actors.mesa7, [
    { NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 },
    { NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1 },
  ]);
  await orderAtTable(t, actors.manager, actors.mesa7, [{ NomeProduto: 'Suco de laranja', Valor: 9.9, Quantidade: 1 }]);
}

describe('GET api/publico/Conta/{token}: the split', () => {
  it('split by items: each person with their items, amount and situation, the items nobody took; no staff name, no ids, no keys', async () => {
    await threeItems();
    const token = await publicToken();
    expect(publicBill.parse((await read(token)).json()).Divisao).toBeNull();
    const b = tableBill.parse((await t.app.inject({ method: 'GET', url: `/${BILL_PATHS.bill(actors.mesa7)}?localId=${restaurant(t)}`, headers: t.auth(actors.waiter) })).json());
    const split = await t.app.inject({
      method: 'POST',
      url: `/${BILL_PATHS.itemSplit(actors.mesa7)}`,
      headers: t.auth(actors.waiter),
      payload: {
        localId: restaurant(t),
        Divisao: anaAndBiaSplit(b.Itens, false),
      },
    });
    expect(split.statusCode, split.body).toBe(200);
    // Ana pays her part by card.
    const ana = tableBill.parse(split.json()).DivisaoPorItens!.Pessoas[0];
    expect((await pay({ Forma: 'cartao', Valor: ana.Valor, Pessoa: 1 })).statusCode).toBe(201);

    const res = await read(token);
    expect(res.statusCode, res.body).toBe(200);
    const p = publicBill.parse(res.json());
    // 79,70 + 7,97 = 87,67 over Ana 34,90, Bia 34,90 and the unassigned 9,90.
    expect(p.Divisao).toEqual({
      Modo: 'itens',
      Pessoas: [
        { Nome: 'Ana', Itens: [{ Nome: 'X-Burger', Quantidade: 1, DivididoPor: 1, Valor: 28.9 }, { Nome: 'Batata frita', Quantidade: 1, DivididoPor: 2, Valor: 6 }], Valor: ana.Valor, Situacao: 'paga' },
        { Nome: 'Bia', Itens: [{ Nome: 'X-Burger', Quantidade: 1, DivididoPor: 1, Valor: 28.9 }, { Nome: 'Batata frita', Quantidade: 1, DivididoPor: 2, Valor: 6 }], Valor: expect.any(Number), Situacao: 'aberta' },
      ],
      SemPessoa: { Itens: [{ Nome: 'Suco de laranja', Quantidade: 1, Valor: 9.9 }], Valor: expect.any(Number) },
    });
    const d = p.Divisao!;
    expect(Math.round((d.Pessoas[0].Valor + d.Pessoas[1].Valor + d.SemPessoa!.Valor) * 100)).toBe(8767);
    // Nothing private: no staff names, no ids, no Idempotency-Keys.
    const body = res.body;
    const [{ name: waiterName }] = await rows<{ name: string }>(t, `select name from users where email = 'garcom@balcao.dev'`);
    expect(body).not.toContain(waiterName);
    const [{ key }] = await rows<{ key: string }>(t, `select key from command_keys where scope = 'table:${actors.mesa7}'`);
    expect(body).not.toContain(key);
    for (const [{ id: pid }] of [await rows<{ id: string }>(t, `select id from table_bill_payments`)]) expect(body).not.toContain(pid);
    expect(body).not.toContain(b.Itens.find((i) => i.Nome === 'X-Burger')!.ItemId!);
    expect(body).not.toMatch(/ItemId|Chave|Pagamentos|Indice/);
  });

  it('split equally: no parts until a share fixes N; then the parts add up to the total, each with its situation', async () => {
    await threeItems();
    const token = await publicToken();
    expect(publicBill.parse((await read(token)).json()).Divisao).toBeNull();
    // 87,67 by 3: 29,23 / 29,22 / 29,22; the first share by cash.
    expect((await pay({ Forma: 'dinheiro', Valor: 29.23, ValorRecebido: 30, Parte: { Indice: 1, De: 3 } })).statusCode).toBe(201);
    const p = publicBill.parse((await read(token)).json());
    expect(p.Divisao).toEqual({
      Modo: 'igual',
      Pessoas: [
        { Nome: 'Parte 1 de 3', Itens: [], Valor: 29.23, Situacao: 'paga' },
        { Nome: 'Parte 2 de 3', Itens: [], Valor: 29.22, Situacao: 'aberta' },
        { Nome: 'Parte 3 de 3', Itens: [], Valor: 29.22, Situacao: 'aberta' },
      ],
      SemPessoa: null,
    });
  });

  it('bad input: a malformed or unknown token is 404 with the same message (no split is told)', async () => {
    await threeItems();
    await publicToken();
    expectError(await read('curto'), 404, BILL_MSG.publicNotFound);
    expectError(await read('A'.repeat(32)), 404, BILL_MSG.publicNotFound);
  });
});
