/**
 * API of one person's pré-conta (issue 41, branch billend): POST api/Mesa/{mesa}/Conta/PreConta with
 * `Parte` (a share of an equal split of `Partes`) or `Pessoa` (a person of the split by items) prints
 * that person's ticket through the same path as the whole pré-conta.
 */
import { describe, expect, it } from 'vitest';
import { PRINTER_PATHS, agentJobs } from '../../../src/shared/contract/printers';
import { BILL_PATHS, preBillAnswer, tableBill, type TableBill } from '../../../src/shared/contract/table-bill';
import { BILL_MSG } from '../../../src/shared/table-bill';
import { ITEM_SPLIT_MSG } from '../../../src/shared/table-bill-split';
import { DEMO, useTestApp } from '../../setup/server';
import { anaAndBiaSplit } from '../../support/bill-split-fixture';
import { useBillActors, orderAtTable } from './helpers';
import { expectError, rows } from '../helpers';
import { restaurant, school } from '../orders-helpers';
import { decodeEscPos, linesOf } from '../printers/escpos';

const t = useTestApp();
const actors = useBillActors(t);

const preBill = (body: Record<string, unknown> = {}, token = actors.waiter, tableId = actors.mesa7) =>
  t.app.inject({ method: 'POST', url: `/${BILL_PATHS.preBill(tableId)}`, headers: t.auth(token), payload: { localId: restaurant(t), ...body } });
const getBill = async (): Promise<TableBill> => {
  const res = await t.app.inject({ method: 'GET', url: `/${BILL_PATHS.bill(actors.mesa7)}?localId=${restaurant(t)}`, headers: t.auth(actors.waiter) });
  expect(res.statusCode, res.body).toBe(200);
  return tableBill.parse(res.json());
};

/** 2x X-Burger 28,90 (one each), Batata 12,00 shared, Suco 9,90 Bia's: Ana 34,90, Bia 44,80; total 87,67 → Ana 38,39, Bia 49,28. */
async function splitByItems(): Promise<TableBill> {
  await orderAtTable(t, actors.manager, actors.mesa7, [
    { NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 },
    { NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1 },
  ]);
  await orderAtTable(t, actors.manager, actors.mesa7, [{ NomeProduto: 'Suco de laranja', Valor: 9.9, Quantidade: 1 }]);
  const b = await getBill();
  const res = await t.app.inject({
    method: 'POST',
    url: `/${BILL_PATHS.itemSplit(actors.mesa7)}`,
    headers: t.auth(actors.waiter),
    payload: {
      localId: restaurant(t),
      Divisao: anaAndBiaSplit(b.Itens, true),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return tableBill.parse(res.json());
}

async function networkPrinter() {
  const res = await t.app.inject({
    method: 'POST',
    url: PRINTER_PATHS.list,
    headers: t.auth(actors.manager),
    payload: { localClienteId: restaurant(t), nome: 'Caixa', conexao: 'rede', endereco: '192.168.0.60', porta: 9100, larguraPapel: 80, paginaCodigo: 'cp860', colunas: 48 },
  });
  expect(res.statusCode, res.body).toBe(201);
}
/** The ESC/POS lines of the agent's only queued job. */
async function agentLines(): Promise<string[]> {
  const a = await t.app.inject({ method: 'POST', url: PRINTER_PATHS.agents, headers: t.auth(actors.manager), payload: { localClienteId: restaurant(t), nome: 'PC do caixa' } });
  const token = (a.json() as { Token: string }).Token;
  const claimed = await t.app.inject({ method: 'GET', url: `${PRINTER_PATHS.agentJobs}?espera=0`, headers: t.auth(token) });
  const { Trabalhos } = agentJobs.parse(claimed.json());
  expect(Trabalhos).toHaveLength(1);
  return linesOf(decodeEscPos(Buffer.from(Trabalhos[0].Dados, 'base64')));
}
const has = (lines: string[], left: string, right: string) => expect(lines.find((l) => l.startsWith(left) && l.endsWith(right)), `${left} … ${right}`).toBeDefined();

describe("POST api/Mesa/{mesa}/Conta/PreConta for one person", () => {
  it("prints one person of the split by items on the cashier's network printer: their items, service part, amount, paid and remaining", async () => {
    const b = await splitByItems();
    expect(b.DivisaoPorItens!.Pessoas.map((p) => [p.Nome, p.Valor])).toEqual([['Ana', 38.39], ['Bia', 49.28]]);
    // Ana pays her part by card first.
    const paid = await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.payments(actors.mesa7)}`, headers: { ...t.auth(actors.waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t), Forma: 'cartao', Valor: 38.39, Pessoa: 1 } });
    expect(paid.statusCode, paid.body).toBe(201);
    await networkPrinter();
    const res = await preBill({ Pessoa: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(preBillAnswer.parse(res.json())).toEqual({ Message: BILL_MSG.preBillPartSent('Bia', 'Caixa'), Impressora: 'Caixa', EnderecoServidorLocal: null, Trabalho: null });
    const lines = await agentLines();
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(48);
    expect(lines.map((l) => l.trim())).toEqual(expect.arrayContaining(['PRÉ-CONTA', 'Mesa 7', 'Bia', 'dividido por 2']));
    has(lines, '1x X-Burger', 'R$ 28,90');
    has(lines, '1x Batata frita', 'R$ 6,00');
    has(lines, '1x Suco de laranja', 'R$ 9,90');
    has(lines, 'Itens', 'R$ 44,80');
    has(lines, 'Taxa de serviço (10 %)', 'R$ 4,48');
    has(lines, 'Total de Bia', 'R$ 49,28');
    has(lines, 'Pago', 'R$ 0,00');
    has(lines, 'Falta pagar', 'R$ 49,28');
    has(lines, 'Total da mesa', 'R$ 87,67');
    expect(lines.some((l) => l.startsWith('2x X-Burger') || l.includes('Ana') || l.startsWith('Cartão'))).toBe(false);
  });

  it('a share of an equal split comes back as the local print server job, tagged with the share, and decodes to the whole bill and that share', async () => {
    await orderAtTable(t, actors.manager, actors.mesa7, [{ NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 }, { NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1 }]);
    await t.db.exec(`insert into kds_settings (venue_id, print_server_url) values ('${restaurant(t)}', 'http://192.168.0.10:8080') on conflict (venue_id) do update set print_server_url = excluded.print_server_url`);
    // 69,80 + 6,98 = 76,78 by 3: 25,60 / 25,59 / 25,59.
    const res = await preBill({ Partes: 3, Parte: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const a = preBillAnswer.parse(res.json());
    expect(a.Message).toBe(BILL_MSG.preBillPartSent('Parte 2 de 3', a.Impressora));
    expect(a.Trabalho?.body.tag).toBe('Pré-conta Mesa 7 · Parte 2 de 3');
    const lines = linesOf(decodeEscPos(Buffer.from(a.Trabalho!.body.escPosBase64!, 'base64')));
    expect(lines.map((l) => l.trim())).toContain('Parte 2 de 3');
    has(lines, '2x X-Burger', 'R$ 57,80');
    has(lines, 'Total', 'R$ 76,78');
    has(lines, 'Parte 2 de 3', 'R$ 25,59');
    has(lines, 'Falta pagar', 'R$ 25,59');
    expect(lines.some((l) => l.startsWith('Parte 1 de 3') || l.startsWith('Parte 3 de 3'))).toBe(false);
  });

  it('refuses bad input (share out of range, no split, share and person), a person out of the split or with no split by items, the wrong role and another venue', async () => {
    await orderAtTable(t, actors.manager, actors.mesa7, [{ NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 }]);
    await networkPrinter();
    expectError(await preBill({ Partes: 3, Parte: 4 }), 400, BILL_MSG.preBillShareInvalid);
    expectError(await preBill({ Parte: 1 }), 400, BILL_MSG.preBillShareInvalid);
    expectError(await preBill({ Partes: 1, Parte: 1 }), 400, BILL_MSG.preBillShareInvalid);
    expectError(await preBill({ Partes: 2, Parte: 0 }), 400, BILL_MSG.preBillShareInvalid);
    expectError(await preBill({ Partes: 2, Parte: 1, Pessoa: 1 }), 400, ITEM_SPLIT_MSG.shareAndPerson);
    expect((await preBill({ Pessoa: 'Ana' })).statusCode).toBe(400);
    expectError(await preBill({ Pessoa: 0 }), 400, ITEM_SPLIT_MSG.personNotFound);
    // Not split by items: no person to print.
    expectError(await preBill({ Pessoa: 1 }), 409, ITEM_SPLIT_MSG.modeNotItems);
    expect(await rows(t, `select id from print_jobs`)).toEqual([]);

    expect((await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.preBill(actors.mesa7)}`, payload: { localId: restaurant(t), Partes: 2, Parte: 1 } })).statusCode).toBe(401);
    expect((await preBill({ Partes: 2, Parte: 1 }, await t.login(DEMO.cozinha))).statusCode).toBe(403);
    const other = await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.preBill(actors.mesa7)}`, headers: t.auth(actors.waiter), payload: { localId: school(t), Partes: 2, Parte: 1 } });
    expectError(other, 404, BILL_MSG.tableNotFound);
    expect(await rows(t, `select id from print_jobs`)).toEqual([]);
  });

  it('while split by items: a person not in the split and an equal share are refused (409); a person prints', async () => {
    await splitByItems();
    await networkPrinter();
    expectError(await preBill({ Pessoa: 3 }), 409, ITEM_SPLIT_MSG.personNotFound);
    expectError(await preBill({ Partes: 2, Parte: 1 }), 409, ITEM_SPLIT_MSG.modeItems);
    expect(await rows(t, `select id from print_jobs`)).toEqual([]);
    expect((await preBill({ Pessoa: 1 }, actors.manager)).statusCode).toBe(200);
    expect(await rows(t, `select printer_name from print_jobs`)).toEqual([{ printer_name: 'Caixa' }]);
  });
});
