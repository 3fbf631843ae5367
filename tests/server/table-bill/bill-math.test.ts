/**
 * The bill's math and settings (issue 41, billmath): the venue's service rate and couvert
 * (api/ContaMesa/Configuracao), the couvert's people (api/Mesa/{mesa}/Conta/Couvert), discounts
 * authorised by a manager's e-mail and password (api/Mesa/{mesa}/Conta/Descontos), and the closed
 * bill and the sales dashboard agreeing with the bill.
 */
import { describe, expect, it } from 'vitest';
import { DASHBOARD_BILLS_PATH, dashboardBills } from '../../../src/shared/contract/dashboard';
import { BILL_PATHS, billCloseAnswer, billDiscountAnswer, billSettings, tableBill, type TableBill } from '../../../src/shared/contract/table-bill';
import { formatDateBR, saoPauloDay } from '../../../src/shared/dashboard';
import { MSG } from '../../../src/shared/messages';
import { BILL_MSG, MANAGER_CONFIRM_LIMIT } from '../../../src/shared/table-bill';
import { DEMO, useTestApp } from '../../setup/server';
import { orderAtTable, threeOrdersAtTable, type TableItem, useBillActors } from './helpers';
import { expectError, rows } from '../helpers';
import { restaurant, school } from '../orders-helpers';

const t = useTestApp();
const actors = useBillActors(t);

const url = (path: string) => `/${path}`;
const tableOrder = (items: TableItem[], tableId = actors.mesa7) => orderAtTable(t, actors.manager, tableId, items);
/** 2x 28,90 + 12,00 + 9,90 → subtotal 79,70. */
const threeOrders = () => threeOrdersAtTable(t, actors.manager, actors.mesa7);
async function bill(token = actors.waiter): Promise<TableBill> {
  const res = await t.app.inject({ method: 'GET', url: `${url(BILL_PATHS.bill(actors.mesa7))}?localId=${restaurant(t)}`, headers: t.auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return tableBill.parse(res.json());
}
const settingsGet = (token: string, venue = restaurant(t)) => t.app.inject({ method: 'GET', url: `${url(BILL_PATHS.settings)}?localId=${venue}`, headers: t.auth(token) });
const settingsPut = (body: Record<string, unknown>, token = actors.manager, venue = restaurant(t)) =>
  t.app.inject({ method: 'PUT', url: url(BILL_PATHS.settings), headers: t.auth(token), payload: { localId: venue, ...body } });
const couvert = (Pessoas: unknown, token = actors.waiter, venue = restaurant(t), tableId = actors.mesa7) =>
  t.app.inject({ method: 'POST', url: url(BILL_PATHS.couvert(tableId)), headers: t.auth(token), payload: { localId: venue, Pessoas } });
const managerOf = (email: string = DEMO.gerente, Senha: string = DEMO.password) => ({ Email: email, Senha });
const discount = (body: Record<string, unknown>, opts: { token?: string; venue?: string; tableId?: string; key?: string | null } = {}) =>
  t.app.inject({
    method: 'POST',
    url: url(BILL_PATHS.discounts(opts.tableId ?? actors.mesa7)),
    headers: { ...t.auth(opts.token ?? actors.waiter), ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
    payload: { localId: opts.venue ?? restaurant(t), Tipo: 'valor', Valor: 5, Motivo: 'Prato demorou', Gerente: managerOf(), ...body },
  });
const pay = (Valor: number, Forma = 'cartao', extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: url(BILL_PATHS.payments(actors.mesa7)), headers: { ...t.auth(actors.waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t), Forma, Valor, ...extra } });
const count = async (sql: string) => (await rows<{ n: number }>(t, sql))[0].n;

describe('api/ContaMesa/Configuracao (the venue service rate and couvert)', () => {
  it('answers 10 % and no couvert until a manager sets them; a new bill takes the rate and couvert at opening, an open one keeps its own', async () => {
    expect(billSettings.parse((await settingsGet(actors.manager)).json())).toEqual({ TaxaServicoPercentual: 10, ValorCouvert: null });
    await threeOrders();
    // The bill opens (its first write) with 10 % and no couvert, so it has no couvert to charge.
    const opened = await t.app.inject({ method: 'POST', url: url(BILL_PATHS.service(actors.mesa7)), headers: t.auth(actors.waiter), payload: { localId: restaurant(t), Remover: false } });
    expect(tableBill.parse(opened.json())).toMatchObject({ Id: expect.any(String), TaxaServicoPercentual: 10, CouvertValorPessoa: null });
    expectError(await couvert(2), 409, BILL_MSG.couvertOff);
    const saved = await settingsPut({ TaxaServicoPercentual: 12.5, ValorCouvert: 8.5 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(billSettings.parse(saved.json())).toEqual({ TaxaServicoPercentual: 12.5, ValorCouvert: 8.5 });
    expect(billSettings.parse((await settingsGet(actors.manager)).json())).toEqual({ TaxaServicoPercentual: 12.5, ValorCouvert: 8.5 });
    // The open bill keeps what it opened with.
    expect(await bill()).toMatchObject({ TaxaServicoPercentual: 10, TaxaServico: 7.97, CouvertValorPessoa: null, Total: 87.67 });
    // Pay and close it; the table's next bill takes 12,5 % and the couvert.
    expect((await pay(87.67)).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: url(BILL_PATHS.close(actors.mesa7)), headers: { ...t.auth(actors.waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t) } })).statusCode).toBe(200);
    await tableOrder([{ NomeProduto: 'Pudim', Valor: 11, Quantidade: 1 }]);
    // Before its row exists the bill already shows the venue's terms; the first write stores them.
    expect(await bill()).toMatchObject({ Id: null, Subtotal: 11, TaxaServicoPercentual: 12.5, TaxaServico: 1.38, CouvertValorPessoa: 8.5, Total: 12.38 });
    const withCouvert = await couvert(2);
    expect(withCouvert.statusCode, withCouvert.body).toBe(200);
    expect(tableBill.parse(withCouvert.json())).toMatchObject({ TaxaServicoPercentual: 12.5, TaxaServico: 1.38, CouvertPessoas: 2, Couvert: 17, Total: 29.38 });
    expect(await count(`select count(*)::int as n from table_bills where status = 'open' and service_rate_bps = 1250 and couvert_unit_cents = 850`)).toBe(1);
    // Turning the couvert off for the venue does not move the open bill.
    expect((await settingsPut({ TaxaServicoPercentual: 10, ValorCouvert: null })).statusCode).toBe(200);
    expect(await bill()).toMatchObject({ Couvert: 17, Total: 29.38 });
  });

  it('refuses bad input with the pt-BR message, the waiter and the kitchen (403), and another venue (403)', async () => {
    expectError(await settingsPut({ TaxaServicoPercentual: 20.01, ValorCouvert: null }), 400, BILL_MSG.rateInvalid);
    expectError(await settingsPut({ TaxaServicoPercentual: -1, ValorCouvert: null }), 400, BILL_MSG.rateInvalid);
    expectError(await settingsPut({ TaxaServicoPercentual: 10.001, ValorCouvert: null }), 400, BILL_MSG.rateInvalid);
    expectError(await settingsPut({ TaxaServicoPercentual: 10, ValorCouvert: 0 }), 400, BILL_MSG.couvertInvalid);
    expectError(await settingsPut({ TaxaServicoPercentual: 10, ValorCouvert: 1000.01 }), 400, BILL_MSG.couvertInvalid);
    expect((await settingsPut({ TaxaServicoPercentual: '10', ValorCouvert: null })).statusCode).toBe(400);
    expect((await settingsPut({ TaxaServicoPercentual: 20, ValorCouvert: 1000 })).statusCode).toBe(200);
    expect((await settingsPut({ TaxaServicoPercentual: 0, ValorCouvert: null })).statusCode).toBe(200);
    expectError(await settingsPut({ TaxaServicoPercentual: 15, ValorCouvert: null }, actors.waiter), 403, MSG.accessDenied);
    expectError(await settingsGet(actors.waiter), 403, MSG.accessDenied);
    expect((await settingsPut({ TaxaServicoPercentual: 15, ValorCouvert: null }, await t.login(DEMO.cozinha))).statusCode).toBe(403);
    expectError(await settingsPut({ TaxaServicoPercentual: 15, ValorCouvert: null }, actors.manager, school(t)), 403, MSG.accessDenied);
    expectError(await settingsGet(actors.manager, school(t)), 403, MSG.accessDenied);
    expect((await t.app.inject({ method: 'GET', url: `${url(BILL_PATHS.settings)}?localId=${restaurant(t)}` })).statusCode).toBe(401);
    expect(billSettings.parse((await settingsGet(actors.manager)).json())).toEqual({ TaxaServicoPercentual: 0, ValorCouvert: null });
  });
});

describe('POST api/Mesa/{mesa}/Conta/Couvert', () => {
  it('charges people × value on its own line without service, and locks once a payment exists', async () => {
    await settingsPut({ TaxaServicoPercentual: 10, ValorCouvert: 12.5 });
    await threeOrders();
    const res = await couvert(2);
    expect(res.statusCode, res.body).toBe(200);
    // 79,70 + 7,97 service (on the items only) + 2 × 12,50 = 112,67.
    expect(tableBill.parse(res.json())).toMatchObject({ Subtotal: 79.7, TaxaServico: 7.97, CouvertValorPessoa: 12.5, CouvertPessoas: 2, Couvert: 25, Total: 112.67, Restante: 112.67 });
    expect(tableBill.parse((await couvert(0)).json())).toMatchObject({ CouvertPessoas: 0, Couvert: 0, Total: 87.67 });
    expect(tableBill.parse((await couvert(3)).json())).toMatchObject({ Couvert: 37.5, Total: 125.17 });
    expect((await pay(10)).statusCode).toBe(201);
    expectError(await couvert(2), 409, BILL_MSG.couvertLocked);
    // The same number again is not a change.
    expect((await couvert(3)).statusCode).toBe(200);
    expect(await bill()).toMatchObject({ CouvertPessoas: 3, Couvert: 37.5, Total: 125.17, Restante: 115.17 });
  });

  it('refuses bad input, the kitchen (no Garcom) and another venue or its table (404)', async () => {
    await settingsPut({ TaxaServicoPercentual: 10, ValorCouvert: 12.5 });
    expectError(await couvert(-1), 400, BILL_MSG.couvertPeopleInvalid);
    expectError(await couvert(100), 400, BILL_MSG.couvertPeopleInvalid);
    expect((await couvert(1.5)).statusCode).toBe(400);
    expect((await couvert('dois')).statusCode).toBe(400);
    expect((await couvert(2, await t.login(DEMO.cozinha))).statusCode).toBe(403);
    expectError(await couvert(2, actors.waiter, school(t)), 404, BILL_MSG.tableNotFound);
    await t.db.exec(`insert into kds_tables (venue_id, name, position) values ('${school(t)}', 'Mesa da escola', 1)`);
    const [{ id: other }] = await rows<{ id: string }>(t, `select id from kds_tables where venue_id = '${school(t)}'`);
    expectError(await couvert(2, actors.waiter, restaurant(t), other), 404, BILL_MSG.tableNotFound);
    expect(await count(`select count(*)::int as n from table_bills`)).toBe(0);
  });
});

describe('POST api/Mesa/{mesa}/Conta/Descontos', () => {
  it('a manager of the venue authorises on the waiter phone: the entry has its audit line and the total follows (service on the discounted items)', async () => {
    await threeOrders();
    const res = await discount({ Tipo: 'percentual', Valor: 10, Motivo: 'Aniversário do cliente' });
    expect(res.statusCode, res.body).toBe(201);
    const a = billDiscountAnswer.parse(res.json());
    expect(a.Message).toBe(BILL_MSG.discountGiven(797));
    expect(a.Desconto).toMatchObject({ Tipo: 'percentual', Valor: 10, Motivo: 'Aniversário do cliente', SolicitadoPor: 'Gabriel Garçom', AutorizadoPor: 'Gustavo Gerente' });
    expect(Date.now() - Date.parse(a.Desconto.CriadoEm)).toBeLessThan(60_000);
    // 79,70 − 7,97 = 71,73; 10 % service = 7,17 (7,173); total 78,90.
    expect(a.Conta).toMatchObject({ Subtotal: 79.7, Desconto: 7.97, TaxaServico: 7.17, Total: 78.9, Restante: 78.9 });
    // A value discount adds up with it.
    const v = billDiscountAnswer.parse((await discount({ Tipo: 'valor', Valor: 1.73, Motivo: 'Arredondamento' })).json());
    expect(v.Conta).toMatchObject({ Desconto: 9.7, TaxaServico: 7, Total: 77 });
    expect(v.Conta.Descontos?.map((d) => [d.Tipo, d.Valor, d.AutorizadoPor])).toEqual([
      ['percentual', 10, 'Gustavo Gerente'],
      ['valor', 1.73, 'Gustavo Gerente'],
    ]);
    const [audit] = await rows<{ requested_by: string; authorized_by: string }>(t, `select requested_by, authorized_by from table_bill_discounts order by created_at limit 1`);
    const [{ id: waiterId }] = await rows<{ id: string }>(t, `select id from users where email = '${DEMO.garcom}'`);
    const [{ id: managerId }] = await rows<{ id: string }>(t, `select id from users where email = '${DEMO.gerente}'`);
    expect(audit).toEqual({ requested_by: waiterId, authorized_by: managerId });
    // The same Idempotency-Key twice: one discount.
    const key = crypto.randomUUID();
    expect((await discount({ Valor: 1 }, { key })).statusCode).toBe(201);
    const again = await discount({ Valor: 1 }, { key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count(`select count(*)::int as n from table_bill_discounts`)).toBe(3);
  });

  it('refuses: no manager password (400), the waiter own credentials, a wrong password, another venue manager (403, nothing written)', async () => {
    await threeOrders();
    expectError(await discount({ Gerente: { Email: DEMO.gerente, Senha: '' } }), 400, BILL_MSG.managerPasswordRequired);
    expectError(await discount({ Gerente: { Email: '', Senha: DEMO.password } }), 400, BILL_MSG.managerEmailRequired);
    expect((await discount({ Gerente: undefined })).statusCode).toBe(400);
    // The Garcom cannot authorise themself.
    expectError(await discount({ Gerente: managerOf(DEMO.garcom) }), 403, BILL_MSG.managerRefused);
    expectError(await discount({ Gerente: managerOf(DEMO.gerente, 'errada-123') }), 403, BILL_MSG.managerRefused);
    expectError(await discount({ Gerente: managerOf('ninguem@balcao.dev') }), 403, BILL_MSG.managerRefused);
    // The school's manager is a manager, of another venue.
    expectError(await discount({ Gerente: managerOf(DEMO.escola) }), 403, BILL_MSG.managerRefused);
    // The kitchen (a device role, in the venue) is not a manager either.
    expectError(await discount({ Gerente: managerOf(DEMO.cozinha) }), 403, BILL_MSG.managerRefused);
    expect(await count(`select count(*)::int as n from table_bill_discounts`)).toBe(0);
    // E-mail case and spaces do not matter.
    expect((await discount({ Gerente: managerOf(` ${DEMO.gerente.toUpperCase()} `) })).statusCode).toBe(201);
  });

  it('refuses bad input with pt-BR messages, the wrong role and another venue or its table (404)', async () => {
    await threeOrders();
    expectError(await discount({ Valor: 0 }), 400, BILL_MSG.discountValueInvalid);
    expectError(await discount({ Valor: 1.005 }), 400, BILL_MSG.discountValueInvalid);
    expectError(await discount({ Tipo: 'percentual', Valor: 100.5 }), 400, BILL_MSG.discountPercentInvalid);
    expectError(await discount({ Motivo: ' a ' }), 400, BILL_MSG.discountReasonInvalid);
    expect((await discount({ Tipo: 'brinde' })).statusCode).toBe(400);
    expectError(await discount({ Valor: 79.71 }), 409, BILL_MSG.discountOverSubtotal);
    expect((await discount({}, { token: await t.login(DEMO.cozinha) })).statusCode).toBe(403);
    expectError(await discount({}, { venue: school(t) }), 404, BILL_MSG.tableNotFound);
    await t.db.exec(`insert into kds_tables (venue_id, name, position) values ('${school(t)}', 'Mesa da escola', 1)`);
    const [{ id: other }] = await rows<{ id: string }>(t, `select id from kds_tables where venue_id = '${school(t)}'`);
    expectError(await discount({}, { tableId: other }), 404, BILL_MSG.tableNotFound);
    // The school's manager on their own table, named under the restaurant: still 404 (not their venue).
    expectError(await discount({ Gerente: managerOf(DEMO.escola) }, { token: await t.login(DEMO.escola), tableId: actors.mesa7 , venue: restaurant(t) }), 404, BILL_MSG.tableNotFound);
    expect(await count(`select count(*)::int as n from table_bill_discounts`)).toBe(0);
  });

  it('rate-limits wrong credentials per waiter (429 with the wait), then even the right ones wait', async () => {
    await threeOrders();
    for (let i = 0; i < MANAGER_CONFIRM_LIMIT; i++) expect((await discount({ Gerente: managerOf(DEMO.gerente, `errada-${i}`) })).statusCode).toBe(403);
    const limited = await discount({ Gerente: managerOf() });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count(`select count(*)::int as n from table_bill_discounts`)).toBe(0);
  });

  it('locks once a payment exists; an empty bill has nothing to discount; a closed bill is immutable (the database refuses too)', async () => {
    expectError(await discount({}), 409, BILL_MSG.discountEmptyBill);
    await threeOrders();
    expect((await discount({ Valor: 9.7 })).statusCode).toBe(201);
    expect((await pay(10)).statusCode).toBe(201);
    expectError(await discount({ Valor: 1 }), 409, BILL_MSG.discountLocked);
    expect((await pay(67, 'dinheiro', { ValorRecebido: 100 })).statusCode).toBe(201);
    const closed = await t.app.inject({ method: 'POST', url: url(BILL_PATHS.close(actors.mesa7)), headers: { ...t.auth(actors.waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t) } });
    expect(closed.statusCode, closed.body).toBe(200);
    const [{ id: billId }] = await rows<{ id: string }>(t, `select id from table_bills where status = 'closed'`);
    await expect(
      t.db.exec(`insert into table_bill_discounts (bill_id, venue_id, kind, value_cents, reason, requested_by, authorized_by, authorized_by_name) select id, venue_id, 'value', 100, 'x', opened_by, opened_by, 'x' from table_bills where id = '${billId}'`),
    ).rejects.toThrow(/closed/);
    // After closing, a discount goes to the table's next bill, which is empty.
    expectError(await discount({}), 409, BILL_MSG.discountEmptyBill);
  });
});

describe('closing: the closed bill, the pré-conta figures and the dashboard agree', () => {
  it('snapshots subtotal, discount, service, couvert and total; the dashboard shows the same figures', async () => {
    await settingsPut({ TaxaServicoPercentual: 10, ValorCouvert: 12.5 });
    await threeOrders();
    await couvert(2);
    const d = billDiscountAnswer.parse((await discount({ Tipo: 'percentual', Valor: 10, Motivo: 'Aniversário' })).json());
    // 79,70 − 7,97 + 7,17 + 25,00 = 103,90.
    expect(d.Conta).toMatchObject({ Subtotal: 79.7, Desconto: 7.97, TaxaServico: 7.17, Couvert: 25, Total: 103.9 });
    expect((await pay(103.9)).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'POST', url: url(BILL_PATHS.close(actors.mesa7)), headers: { ...t.auth(actors.waiter), 'idempotency-key': crypto.randomUUID() }, payload: { localId: restaurant(t) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(billCloseAnswer.parse(res.json()).Conta).toMatchObject({ Aberta: false, Subtotal: 79.7, Desconto: 7.97, TaxaServico: 7.17, Couvert: 25, Total: 103.9, Restante: 0 });
    expect(await rows(t, `select subtotal_cents, discount_cents, service_cents, couvert_cents, total_cents from table_bills where status = 'closed'`)).toEqual([
      { subtotal_cents: 7970, discount_cents: 797, service_cents: 717, couvert_cents: 2500, total_cents: 10390 },
    ]);
    const today = formatDateBR(saoPauloDay(new Date()));
    const qs = new URLSearchParams({ localClienteId: restaurant(t), InitialPeriod: today, FinalPeriod: today });
    const dash = await t.app.inject({ method: 'GET', url: `/${DASHBOARD_BILLS_PATH}?${qs}`, headers: t.auth(actors.manager) });
    expect(dash.statusCode, dash.body).toBe(200);
    expect(dashboardBills.parse(dash.json())).toMatchObject({ Contas: 1, Total: 103.9, TaxaServico: 7.17, Couvert: 25, Desconto: 7.97 });
  });
});
