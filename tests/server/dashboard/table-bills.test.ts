/**
 * api/salesdashboard/TableBills (issue 41): the tables' bills closed in the period, by payment
 * method, with the service charge as its own figure; venue, role and period checked like every call.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD_BILLS_PATH, dashboardBills } from '../../../src/shared/contract/dashboard';
import { BILL_PATHS, billPaymentAnswer } from '../../../src/shared/contract/table-bill';
import { addDays, formatDateBR, saoPauloDay } from '../../../src/shared/dashboard';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';
import { intake, intakeBody, restaurant, school } from '../orders-helpers';

const t = useTestApp();
const today = formatDateBR(saoPauloDay(new Date()));
const yesterday = formatDateBR(addDays(saoPauloDay(new Date()), -1));

async function tableId(name: string): Promise<string> {
  return (await rows<{ id: string }>(t, `select id from kds_tables where venue_id = '${restaurant(t)}' and name = '${name}'`))[0].id;
}
async function order(manager: string, mesa: string, items: Array<{ NomeProduto: string; Valor: number; Quantidade: number }>) {
  const res = await intake(t, manager, intakeBody(restaurant(t), { TipoEntrega: 3, MesaId: mesa, Cliente: { Nome: 'Mesa' }, TipoPagamentoId: 2, Itens: items }), { 'idempotency-key': crypto.randomUUID() });
  expect(res.statusCode, res.body).toBe(201);
}
async function pay(waiter: string, mesa: string, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.payments(mesa)}`, headers: { ...t.auth(waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t), ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return billPaymentAnswer.parse(res.json());
}
async function figures(params: Record<string, string> = {}, email: string = DEMO.gerente, venue = restaurant(t)) {
  const token = await t.login(email);
  const qs = new URLSearchParams({ localClienteId: venue, InitialPeriod: today, FinalPeriod: today, ...params });
  return t.app.inject({ method: 'GET', url: `/${DASHBOARD_BILLS_PATH}?${qs}`, headers: t.auth(token) });
}

let waiter: string;
beforeEach(async () => {
  waiter = await t.login(DEMO.garcom);
});

/** Mesa 7: 79,70 + 10 % = 87,67 split by 3: Pix 29,23 (paid by the sandbox PSP), card 29,22, cash 29,22; closed. Mesa 8: open, 10,00 paid by card. */
async function closeMesa7AndOpenMesa8() {
  const manager = await t.login(DEMO.gerente);
  const mesa7 = await tableId('Mesa 7');
  await order(manager, mesa7, [{ NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 }]);
  await order(manager, mesa7, [{ NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1 }]);
  await order(manager, mesa7, [{ NomeProduto: 'Refrigerante lata', Valor: 9.9, Quantidade: 1 }]);
  const pix = await pay(waiter, mesa7, { Forma: 'pix', Valor: 29.23, Parte: { Indice: 1, De: 3 } });
  const paid = await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.sandboxPay(mesa7, pix.Pagamento.Id)}?localId=${restaurant(t)}`, headers: t.auth(waiter) });
  expect(paid.statusCode, paid.body).toBe(200);
  await pay(waiter, mesa7, { Forma: 'cartao', Valor: 29.22, Parte: { Indice: 2, De: 3 } });
  await pay(waiter, mesa7, { Forma: 'dinheiro', Valor: 29.22, ValorRecebido: 50, Parte: { Indice: 3, De: 3 } });
  const closed = await t.app.inject({ method: 'POST', url: `/${BILL_PATHS.close(mesa7)}`, headers: { ...t.auth(waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t) } });
  expect(closed.statusCode, closed.body).toBe(200);
  // An open bill is not a sale yet.
  const mesa8 = await tableId('Mesa 8');
  await order(manager, mesa8, [{ NomeProduto: 'Café', Valor: 20, Quantidade: 1 }]);
  await pay(waiter, mesa8, { Forma: 'cartao', Valor: 10 });
}

describe('GET api/salesdashboard/TableBills', () => {
  it('gives the closed bills of the period by method (Pix, Cartão, Dinheiro) with the service charge as its own figure', async () => {
    await closeMesa7AndOpenMesa8();
    const res = await figures();
    expect(res.statusCode, res.body).toBe(200);
    expect(dashboardBills.parse(res.json())).toEqual({
      Contas: 1,
      Total: 87.67,
      TaxaServico: 7.97,
      Couvert: 0,
      Desconto: 0,
      PorForma: [
        { Forma: 'pix', Nome: 'Pix', Quantidade: 1, Valor: 29.23 },
        { Forma: 'cartao', Nome: 'Cartão', Quantidade: 1, Valor: 29.22 },
        { Forma: 'dinheiro', Nome: 'Dinheiro', Quantidade: 1, Valor: 29.22 },
      ],
    });
    // The internal channel has them; the delivery channel alone has none; another period has none.
    expect((await figures({ IsInInternalChannel: 'true' })).json()).toMatchObject({ Contas: 1, TaxaServico: 7.97 });
    expect((await figures({ IsInDeliveryChannel: 'true' })).json()).toMatchObject({ Contas: 0, Total: 0, TaxaServico: 0 });
    const before = (await figures({ InitialPeriod: yesterday, FinalPeriod: yesterday })).json();
    expect(before).toMatchObject({ Contas: 0, Total: 0, TaxaServico: 0 });
    expect(before.PorForma.map((m: { Valor: number }) => m.Valor)).toEqual([0, 0, 0]);
  });

  it('refuses bad input with the pt-BR message, no token, the wrong role and another venue', async () => {
    await closeMesa7AndOpenMesa8();
    expectError(await figures({ InitialPeriod: '31/02/2025' }), 400, 'Informe a data inicial no formato dd/MM/aaaa.');
    expectError(await figures({ InitialPeriod: today, FinalPeriod: yesterday }), 400, 'A data inicial não pode ser posterior à data final.');
    const qs = new URLSearchParams({ localClienteId: restaurant(t), InitialPeriod: today, FinalPeriod: today });
    expect((await t.app.inject({ method: 'GET', url: `/${DASHBOARD_BILLS_PATH}?${qs}` })).statusCode).toBe(401);
    // The kitchen tablet and the waiter have no dashboard role.
    expectError(await figures({}, DEMO.cozinha), 403, 'Acesso negado/Proibido');
    expect((await figures({}, DEMO.garcom)).statusCode).toBe(403);
    // Another venue's manager: refused on the restaurant; their own place has no bills.
    expect((await figures({}, DEMO.escola)).statusCode).toBe(403);
    const own = await figures({}, DEMO.escola, school(t));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ Contas: 0, Total: 0, TaxaServico: 0 });
  });
});
