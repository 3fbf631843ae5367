/**
 * API of the manager's views of the tables' bills (issue 41): GET api/Mesa/Contas (open tables, bills
 * closed on a day) and POST api/Mesa/Contas/{conta}/Reimprimir (a closed bill's ticket, "2ª VIA").
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { agentJobs, PRINTER_PATHS } from '../../../src/shared/contract/printers';
import { BILL_PATHS, preBillAnswer } from '../../../src/shared/contract/table-bill';
import { BILL_MANAGER_PATHS, billList, type BillList } from '../../../src/shared/contract/table-bill-manager';
import { formatDateBR, saoPauloDay } from '../../../src/shared/dashboard';
import { BILL_MGR_MSG } from '../../../src/shared/table-bill-manager';
import { DEMO, useTestApp } from '../../setup/server';
import { billActors, orderAtTable, type TableItem } from './helpers';
import { expectError, rows } from '../helpers';
import { restaurant, school } from '../orders-helpers';
import { decodeEscPos, linesOf } from '../printers/escpos';

const t = useTestApp();
let waiter: string;
let manager: string;
let admin: string;
let mesa7: string;

beforeEach(async () => {
  ({ waiter, manager, mesa7 } = await billActors(t));
  admin = await t.login(DEMO.admin);
});

const tableOrder = async (token: string, items: TableItem[]) => void (await orderAtTable(t, token, mesa7, items));
/** 2x 28,90 (by the manager) + 1x 12,00 (by the admin) → subtotal 69,80, service 6,98, total 76,78. */
async function twoOrders() {
  await tableOrder(manager, [{ NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 }]);
  await tableOrder(admin, [{ NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1 }]);
}
const pay = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/${BILL_PATHS.payments(mesa7)}`, headers: { ...t.auth(waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t), ...body } });
async function payAndClose() {
  expect((await pay({ Forma: 'cartao', Valor: 50 })).statusCode).toBe(201);
  expect((await pay({ Forma: 'dinheiro', Valor: 26.78, ValorRecebido: 30 })).statusCode).toBe(201);
  const res = await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.close(mesa7)}`, headers: { ...t.auth(waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t) } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { Conta: { Id: string } }).Conta.Id;
}
const list = (query: Record<string, string>, token = manager) =>
  t.app.inject({ method: 'GET', url: `/${BILL_MANAGER_PATHS.list}?${new URLSearchParams({ localId: restaurant(t), ...query })}`, headers: t.auth(token) });
async function listOk(query: Record<string, string>, token = manager): Promise<BillList> {
  const res = await list(query, token);
  expect(res.statusCode, res.body).toBe(200);
  return billList.parse(res.json());
}
const reprint = (billId: string, body: Record<string, unknown> = {}, token = manager) =>
  t.app.inject({ method: 'POST', url: `/${BILL_MANAGER_PATHS.reprint(billId)}`, headers: t.auth(token), payload: { localId: restaurant(t), ...body } });
async function networkPrinter() {
  const res = await t.app.inject({
    method: 'POST',
    url: PRINTER_PATHS.list,
    headers: t.auth(manager),
    payload: { localClienteId: restaurant(t), nome: 'Caixa', conexao: 'rede', endereco: '192.168.0.60', porta: 9100, larguraPapel: 80, paginaCodigo: 'cp860' },
  });
  expect(res.statusCode, res.body).toBe(201);
}
const today = () => formatDateBR(saoPauloDay(new Date()));

describe('GET api/Mesa/Contas?status=aberta', () => {
  it('lists each open table with the time open, total, paid and remaining, and who ordered; a closed bill leaves it', async () => {
    const before = Date.now();
    await twoOrders();
    expect((await pay({ Forma: 'cartao', Valor: 20 })).statusCode).toBe(201);
    const open = await listOk({ status: 'aberta' });
    const m7 = open.Contas.find((c) => c.MesaId === mesa7);
    expect(m7).toMatchObject({ Mesa: 'Mesa 7', Status: 'aberta', Itens: 3, Subtotal: 69.8, TaxaServico: 6.98, Total: 76.78, Pago: 20, Restante: 56.78, FechadaEm: null, FechadaPor: null });
    expect(m7!.Id).not.toBeNull();
    expect(m7!.Garcons).toEqual(['Gustavo Gerente', 'Ana Administradora']);
    expect(m7!.PorForma.map((f) => [f.Forma, f.Quantidade, f.Valor])).toEqual([
      ['pix', 0, 0],
      ['cartao', 1, 20],
      ['dinheiro', 0, 0],
    ]);
    // Opened at the first order (before the bill row, made by the payment).
    const opened = new Date(m7!.AbertaEm!).getTime();
    expect(opened).toBeGreaterThanOrEqual(before - 1000);
    expect(opened).toBeLessThanOrEqual(Date.now());
    const [{ created }] = await rows<{ created: Date }>(t, `select min(created_at) as created from orders where table_id = '${mesa7}'`);
    expect(opened).toBe(new Date(created).getTime());
    expect(open.Total).toBe(open.Contas.reduce((s, c) => Math.round((s + c.Total) * 100) / 100, 0));

    expect((await pay({ Forma: 'dinheiro', Valor: 56.78, ValorRecebido: 60 })).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.close(mesa7)}`, headers: { ...t.auth(waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t) } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listOk({ status: 'aberta' })).Contas.find((c) => c.MesaId === mesa7)).toBeUndefined();
  });
});

describe('GET api/Mesa/Contas?status=fechada', () => {
  it('lists the bills closed on the day (São Paulo) with total, service, payments by method and who closed; another day has none', async () => {
    await twoOrders();
    const id = await payAndClose();
    const closed = await listOk({ status: 'fechada', data: today() });
    expect(closed.Dia).toBe(today());
    expect(closed.Contas).toHaveLength(1);
    expect(closed.Contas[0]).toMatchObject({ Id: id, Mesa: 'Mesa 7', Status: 'fechada', FechadaPor: 'Gabriel Garçom', Itens: 3, Subtotal: 69.8, TaxaServico: 6.98, Total: 76.78, Pago: 76.78, Restante: 0 });
    expect(closed.Contas[0].Garcons).toEqual(['Gustavo Gerente', 'Ana Administradora']);
    expect(closed.Contas[0].PorForma.map((f) => [f.Forma, f.Quantidade, f.Valor])).toEqual([
      ['pix', 0, 0],
      ['cartao', 1, 50],
      ['dinheiro', 1, 26.78],
    ]);
    expect(closed).toMatchObject({ Total: 76.78, TaxaServico: 6.98 });
    // Without a day: today in São Paulo.
    expect((await listOk({ status: 'fechada' })).Contas.map((c) => c.Id)).toEqual([id]);
    // The day before has none; a bill closed just before midnight in São Paulo (02:59 UTC) is that day's.
    expect((await listOk({ status: 'fechada', data: '01/01/2026' })).Contas).toEqual([]);
    await t.db.exec(`alter table table_bills disable trigger user`);
    await t.db.exec(`update table_bills set closed_at = '2026-01-02T02:59:00Z' where id = '${id}'`);
    await t.db.exec(`alter table table_bills enable trigger user`);
    expect((await listOk({ status: 'fechada', data: '01/01/2026' })).Contas.map((c) => c.Id)).toEqual([id]);
    expect((await listOk({ status: 'fechada', data: '02/01/2026' })).Contas).toEqual([]);
  });
});

describe('GET api/Mesa/Contas: refusals', () => {
  it('refuses bad input (400 in pt-BR), no sign-in, a waiter and the kitchen tablet (403), and another venue (404)', async () => {
    expectError(await list({ status: 'talvez' }), 400, BILL_MGR_MSG.statusInvalid, true);
    expectError(await list({ status: 'fechada', data: '31/02/2026' }), 400, BILL_MGR_MSG.dayInvalid, true);
    expectError(await list({ status: 'fechada', data: '2026-01-01' }), 400, BILL_MGR_MSG.dayInvalid, true);
    expect((await t.app.inject({ method: 'GET', url: `/${BILL_MANAGER_PATHS.list}?localId=${restaurant(t)}&status=aberta` })).statusCode).toBe(401);
    // A waiter's phone takes its own tables' bills, never the venue's list of closed bills.
    expect((await list({ status: 'fechada' }, waiter)).statusCode).toBe(403);
    expect((await list({ status: 'aberta' }, waiter)).statusCode).toBe(403);
    expect((await list({ status: 'aberta' }, await t.login(DEMO.cozinha))).statusCode).toBe(403);
    // Another venue, a venue that does not exist and a malformed id answer alike.
    const escola = await t.login(DEMO.escola);
    expectError(await list({ status: 'aberta' }, escola), 404, BILL_MGR_MSG.venueNotFound);
    expectError(await list({ status: 'aberta', localId: '00000000-0000-4000-8000-000000000000' }), 404, BILL_MGR_MSG.venueNotFound);
    expectError(await list({ status: 'aberta', localId: 'nada' }), 404, BILL_MGR_MSG.venueNotFound);
    // The school's manager sees the school's (empty) lists, never the restaurant's bills.
    await twoOrders();
    await payAndClose();
    const mine = await t.app.inject({ method: 'GET', url: `/${BILL_MANAGER_PATHS.list}?localId=${school(t)}&status=fechada`, headers: t.auth(escola) });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(billList.parse(mine.json()).Contas).toEqual([]);
  });
});

describe('POST api/Mesa/Contas/{conta}/Reimprimir', () => {
  it('prints the closed bill again from its snapshot, marked 2ª VIA, through the pré-conta path (the agent job)', async () => {
    await twoOrders();
    const id = await payAndClose();
    await networkPrinter();
    // Later orders at the same table never reach the closed bill's reprint.
    await tableOrder(manager, [{ NomeProduto: 'Pudim', Valor: 11, Quantidade: 1 }]);
    const res = await reprint(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(preBillAnswer.parse(res.json())).toEqual({ Message: BILL_MGR_MSG.reprintSent('Caixa'), Impressora: 'Caixa', EnderecoServidorLocal: null, Trabalho: null });
    const agent = await t.app.inject({ method: 'POST', url: PRINTER_PATHS.agents, headers: t.auth(manager), payload: { localClienteId: restaurant(t), nome: 'PC do caixa' } });
    const claimed = await t.app.inject({ method: 'GET', url: `${PRINTER_PATHS.agentJobs}?espera=0`, headers: t.auth((agent.json() as { Token: string }).Token) });
    const { Trabalhos } = agentJobs.parse(claimed.json());
    expect(Trabalhos).toHaveLength(1);
    const lines = linesOf(decodeEscPos(Buffer.from(Trabalhos[0].Dados, 'base64')));
    const trimmed = lines.map((l) => l.trim());
    expect(trimmed).toEqual(expect.arrayContaining(['CONTA', '2ª VIA', 'Mesa 7']));
    expect(trimmed).not.toContain('PRÉ-CONTA');
    expect(trimmed.some((l) => l.startsWith('Fechada em '))).toBe(true);
    const has = (left: string, right: string) => expect(lines.find((l) => l.startsWith(left) && l.endsWith(right)), `${left} … ${right}`).toBeDefined();
    has('2x X-Burger', 'R$ 57,80');
    has('Total', 'R$ 76,78');
    has('Pago', 'R$ 76,78');
    has('Falta pagar', 'R$ 0,00');
    has('Cartão', 'R$ 50,00');
    has('Troco', 'R$ 3,22');
    expect(lines.some((l) => l.includes('Pudim'))).toBe(false);
  });

  it('refuses an open or unknown bill (404), bad input, a waiter (403), and another venue bill (404 alike)', async () => {
    await twoOrders();
    await networkPrinter();
    expect((await pay({ Forma: 'cartao', Valor: 10 })).statusCode).toBe(201);
    const [{ id: openId }] = await rows<{ id: string }>(t, `select id from table_bills where table_id = '${mesa7}' and status = 'open'`);
    expectError(await reprint(openId), 404, BILL_MGR_MSG.billNotFound);
    expectError(await reprint('00000000-0000-4000-8000-000000000000'), 404, BILL_MGR_MSG.billNotFound);
    expectError(await reprint('nao-e-uma-conta'), 404, BILL_MGR_MSG.billNotFound);
    expect((await pay({ Forma: 'cartao', Valor: 66.78 })).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.close(mesa7)}`, headers: { ...t.auth(waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t) } });
    const id = (res.json() as { Conta: { Id: string } }).Conta.Id;
    expect((await reprint(id, { ImpressoraId: 12 })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/${BILL_MANAGER_PATHS.reprint(id)}`, payload: { localId: restaurant(t) } })).statusCode).toBe(401);
    expect((await reprint(id, {}, waiter)).statusCode).toBe(403);
    // The school's manager: the restaurant's bill through the school is not there, and the restaurant is not theirs.
    const escola = await t.login(DEMO.escola);
    const viaSchool = await t.app.inject({ method: 'POST', url: `/${BILL_MANAGER_PATHS.reprint(id)}`, headers: t.auth(escola), payload: { localId: school(t) } });
    expectError(viaSchool, 404, BILL_MGR_MSG.billNotFound);
    expectError(await reprint(id, {}, escola), 404, BILL_MGR_MSG.venueNotFound);
    expect(await rows(t, `select id from print_jobs`)).toEqual([]);
    expect((await reprint(id)).statusCode).toBe(200);
  });
});
