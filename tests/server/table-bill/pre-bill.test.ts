/** API of the pré-conta (issue 41): POST api/Mesa/{mesa}/Conta/PreConta prints the bill through the kitchen tickets' path. */
import { describe, expect, it } from 'vitest';
import { PRINTER_PATHS, agentJobs } from '../../../src/shared/contract/printers';
import { BILL_PATHS, preBillAnswer } from '../../../src/shared/contract/table-bill';
import { BILL_MSG } from '../../../src/shared/table-bill';
import { DEMO, useTestApp } from '../../setup/server';
import { twoOrdersAtTable, useBillActors } from './helpers';
import { expectError, rows } from '../helpers';
import { restaurant, school } from '../orders-helpers';
import { decodeEscPos, linesOf } from '../printers/escpos';

const t = useTestApp();
const actors = useBillActors(t);

/** 2x 28,90 + 1x 12,00 (with an option) → subtotal 69,80, service 6,98, total 76,78. */
const twoOrders = () => twoOrdersAtTable(t, actors.manager, actors.mesa7);
const preBill = (body: Record<string, unknown> = {}, token = actors.waiter, tableId = actors.mesa7) =>
  t.app.inject({ method: 'POST', url: `/${BILL_PATHS.preBill(tableId)}`, headers: t.auth(token), payload: { localId: restaurant(t), ...body } });

async function printer(over: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: PRINTER_PATHS.list,
    headers: t.auth(actors.manager),
    payload: { localClienteId: restaurant(t), nome: 'Caixa', conexao: 'rede', endereco: '192.168.0.60', porta: 9100, larguraPapel: 80, paginaCodigo: 'cp860', ...over },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { Id: string }).Id;
}
async function agentToken() {
  const res = await t.app.inject({ method: 'POST', url: PRINTER_PATHS.agents, headers: t.auth(actors.manager), payload: { localClienteId: restaurant(t), nome: 'PC do caixa' } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { Token: string }).Token;
}

describe('POST api/Mesa/{mesa}/Conta/PreConta', () => {
  it('queues the bill for the venue agent on the cashier network printer; the agent gets ESC/POS that decodes to its lines and totals at the printer columns', async () => {
    await twoOrders();
    // The demo's Bar and Cozinha sit on the local print server; the cashier's printer is on the network, 42 columns.
    await printer({ colunas: 42 });
    const res = await preBill({ Partes: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(preBillAnswer.parse(res.json())).toEqual({ Message: BILL_MSG.preBillSent('Caixa'), Impressora: 'Caixa', EnderecoServidorLocal: null, Trabalho: null });

    const token = await agentToken();
    const claimed = await t.app.inject({ method: 'GET', url: `${PRINTER_PATHS.agentJobs}?espera=0`, headers: t.auth(token) });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const { Trabalhos } = agentJobs.parse(claimed.json());
    expect(Trabalhos).toHaveLength(1);
    expect(Trabalhos[0]).toMatchObject({ Impressora: 'Caixa', Endereco: '192.168.0.60', Porta: 9100 });
    const lines = linesOf(decodeEscPos(Buffer.from(Trabalhos[0].Dados, 'base64')));
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(42);
    const trimmed = lines.map((l) => l.trim());
    expect(trimmed).toEqual(expect.arrayContaining(['PRÉ-CONTA', 'NÃO É DOCUMENTO FISCAL', 'Mesa 7', '  Molho: Maionese verde'.trim(), 'Dividido por 2 pessoas']));
    const has = (left: string, right: string) => expect(lines.find((l) => l.startsWith(left) && l.endsWith(right)), `${left} … ${right}`).toBeDefined();
    has('2x X-Burger', 'R$ 57,80');
    has('1x Batata frita', 'R$ 12,00');
    has('Subtotal', 'R$ 69,80');
    has('Taxa de serviço (10 %)', 'R$ 6,98');
    has('Total', 'R$ 76,78');
    has('Pago', 'R$ 0,00');
    has('Falta pagar', 'R$ 76,78');
    has('Parte 1 de 2', 'R$ 38,39');
    has('Parte 2 de 2', 'R$ 38,39');
    // A job of no order: the printers page lists it without an order code.
    expect(await rows(t, `select order_id, printer_name, status from print_jobs`)).toEqual([{ order_id: null, printer_name: 'Caixa', status: 'sent' }]);
  });

  it('a printer on the local print server comes back as the spec print job for the phone, with the ESC/POS at 32 columns', async () => {
    await twoOrders();
    await t.db.exec(`insert into kds_settings (venue_id, print_server_url) values ('${restaurant(t)}', 'http://192.168.0.10:8080') on conflict (venue_id) do update set print_server_url = excluded.print_server_url`);
    const [{ id: bar }] = await rows<{ id: string }>(t, `select id from printers where venue_id = '${restaurant(t)}' and name = 'Bar'`);
    const res = await preBill({ ImpressoraId: bar });
    expect(res.statusCode, res.body).toBe(200);
    const a = preBillAnswer.parse(res.json());
    expect(a).toMatchObject({ Message: BILL_MSG.preBillSent('Bar'), Impressora: 'Bar', EnderecoServidorLocal: 'http://192.168.0.10:8080' });
    expect(a.Trabalho).toMatchObject({ printer: 'Bar', body: { tag: 'Pré-conta Mesa 7', details: [{ productName: 'X-Burger', quantity: 2, value: 28.9 }, { productName: 'Batata frita', quantity: 1, value: 12, notes: 'Molho: Maionese verde' }] } });
    // The demo's Bar printer: 58 mm paper, CP850.
    const ops = decodeEscPos(Buffer.from(a.Trabalho!.body.escPosBase64!, 'base64'));
    expect(ops.find((o) => o.op === 'codepage')).toEqual({ op: 'codepage', n: 2 });
    const lines = linesOf(ops);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(32);
    expect(lines.find((l) => l.startsWith('Total') && l.endsWith('R$ 76,78'))).toBeDefined();
    expect(lines.some((l) => l.startsWith('Parte'))).toBe(false);
    expect(await rows(t, `select id from print_jobs`)).toEqual([]);
  });

  it('says in pt-BR when no printer can print, and when the bill is empty', async () => {
    // The demo's printers are on the local print server and the venue has no print server address.
    expectError(await preBill(), 409, BILL_MSG.preBillEmpty);
    await twoOrders();
    expectError(await preBill(), 409, BILL_MSG.preBillNoPrinter);
    expectError(await preBill({ ImpressoraId: '00000000-0000-4000-8000-000000000000' }), 404, BILL_MSG.preBillPrinterNotFound);
    expect(await rows(t, `select id from print_jobs`)).toEqual([]);
  });

  it('refuses bad input, no sign-in, the wrong role, another venue and its table (404), and another venue printer', async () => {
    await twoOrders();
    await printer({});
    expectError(await preBill({ Partes: 0 }), 400, BILL_MSG.partsInvalid);
    expectError(await preBill({ Partes: 51 }), 400, BILL_MSG.partsInvalid);
    expect((await preBill({ Partes: 'duas' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.preBill(actors.mesa7)}`, payload: { localId: restaurant(t) } })).statusCode).toBe(401);
    expect((await preBill({}, await t.login(DEMO.cozinha))).statusCode).toBe(403);
    expectError(await preBill({}, actors.waiter, 'nao-e-uma-mesa'), 404, BILL_MSG.tableNotFound);
    const other = await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.preBill(actors.mesa7)}`, headers: t.auth(actors.waiter), payload: { localId: school(t) } });
    expectError(other, 404, BILL_MSG.tableNotFound);
    await t.db.exec(`insert into kds_tables (venue_id, name, position) values ('${school(t)}', 'Mesa da escola', 1)`);
    const [{ id: otherTable }] = await rows<{ id: string }>(t, `select id from kds_tables where venue_id = '${school(t)}'`);
    expectError(await preBill({}, actors.waiter, otherTable), 404, BILL_MSG.tableNotFound);
    await t.db.exec(`insert into printers (venue_id, name, connection, host, port) values ('${school(t)}', 'Caixa da escola', 'rede', '192.168.1.5', 9100)`);
    const [{ id: schoolPrinter }] = await rows<{ id: string }>(t, `select id from printers where venue_id = '${school(t)}'`);
    expectError(await preBill({ ImpressoraId: schoolPrinter }), 404, BILL_MSG.preBillPrinterNotFound);
    expect(await rows(t, `select id from print_jobs`)).toEqual([]);
    // A manager holds the waiter's role.
    expect((await preBill({}, actors.manager)).statusCode).toBe(200);
  });
});
