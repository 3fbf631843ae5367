/**
 * Finance calls as spec 001 §7 writes them: no venue parameter (the venue follows from the object or
 * the user's only place with the role), the own acquirer's process payload, and the two calls whose
 * payload the spec does not show (ProcessOutsideTransactions, GerarRemessaAjusteBs2).
 */
import { describe, expect, it } from 'vitest';
import { addDays, saoPauloDay } from '../../../src/shared/finance';
import { DEMO_FINANCE } from '../../../src/server/modules/finance/finance.seed';
import { DEMO, useTestApp } from '../../setup/server';
import { auditCount, caller, one } from '../finance/helpers';

const t = useTestApp();
const call = caller(t);
const today = saoPauloDay();
const F = '/api/MPPagamentosFinancial';

/** The admin keeps only the restaurant: the calls without a venue then have one place to follow. */
async function adminOfRestaurantOnly() {
  await t.db.db.execute(`delete from memberships where user_id = (select id from users where email = '${DEMO.admin}') and venue_id <> '${t.seed.venues.restaurant}'`);
  return t.login(DEMO.admin);
}

describe('Pix calls with the order id only', () => {
  it('finds, updates and refunds by the order, whatever places the user has', async () => {
    const token = await t.login(DEMO.admin);
    const res = await call('GET', `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.pixApproved}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Id: DEMO_FINANCE.pixApproved, LocalName: 'Restaurante Sabor da Casa' });
    expect((await call('GET', `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.schoolPix}`, token)).json().Id).toBe(DEMO_FINANCE.schoolPix);
    const upd = await call('POST', `/api/CDCBank/UpdatePaymentOrder/${DEMO_FINANCE.pixPending}`, token);
    expect(upd.statusCode).toBe(200);
    expect(upd.json().Order.Status).toBe('approved');
    const refund = await call('POST', `/api/CDCBank/Refund/${DEMO_FINANCE.pixApproved}`, token);
    expect(refund.statusCode).toBe(200);
    expect(refund.json().Order.RefundedValue).toBe(150);
  });
  it('answers not found for an unknown order, or one of a place the user is not in; 403 for the wrong role', async () => {
    const escola = await t.login(DEMO.escola);
    const other = await call('GET', `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.pixApproved}`, escola);
    expect(other.statusCode).toBe(404);
    expect(other.json().Message).toBe('Pagamento Pix não encontrado');
    expect((await call('POST', `/api/CDCBank/Refund/${DEMO_FINANCE.pixApproved}`, escola)).statusCode).toBe(404);
    expect((await call('GET', '/api/CDCBank/GetPixPaymentOrder/nao-existe', await t.login(DEMO.admin))).statusCode).toBe(404);
    expect((await call('GET', `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.pixApproved}`, await t.login(DEMO.gerente))).statusCode).toBe(403);
    // Ours, when given, still scopes the call.
    expect((await call('GET', `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.schoolPix}?localId=${t.seed.venues.restaurant}`, await t.login(DEMO.admin))).statusCode).toBe(404);
    expect((await call('GET', `/api/CDCBank/GetPixPaymentOrder/${DEMO_FINANCE.pixApproved}?localId=x`, await t.login(DEMO.admin))).statusCode).toBe(400);
    expect(await auditCount(t)).toBe(0);
  });
});

describe('withdrawals and remittances without a venue parameter', () => {
  it('looks a withdrawal up and changes its receipt date by its id', async () => {
    const token = await t.login(DEMO.admin);
    const info = await call('GET', `${F}/ObterInformacoesSaque/${DEMO_FINANCE.schoolWithdrawal}`, token);
    expect(info.statusCode).toBe(200);
    expect(info.json().SaqueId).toBe(DEMO_FINANCE.schoolWithdrawal);
    const res = await call('POST', `${F}/AtualizarDataRecebimentoSaque`, token, { SaqueId: DEMO_FINANCE.withdrawal, NovaDataSaque: today });
    expect(res.json()).toEqual({ Message: 'Data de recebimento atualizada com sucesso!' });
    expect(await one(t, `select received_on::text as d from finance_withdrawals where id = '${DEMO_FINANCE.withdrawal}'`)).toEqual({ d: today });
    const escola = await t.login(DEMO.escola);
    expect((await call('GET', `${F}/ObterInformacoesSaque/${DEMO_FINANCE.withdrawal}`, escola)).statusCode).toBe(404);
    expect((await call('GET', `${F}/ObterInformacoesSaque/${DEMO_FINANCE.withdrawal}`, await t.login(DEMO.gerente))).statusCode).toBe(403);
    const bad = await call('POST', `${F}/AtualizarDataRecebimentoSaque`, token, { SaqueId: DEMO_FINANCE.withdrawal, NovaDataSaque: 'amanhã' });
    expect(bad.statusCode).toBe(400);
  });
  it('reports the day and lists today’s withdrawals of the current place: the only one, or the first of several until a call names another', async () => {
    const admin = await t.login(DEMO.admin);
    const several = await call('GET', `${F}/GetBS2TodayWithdrawals`, admin);
    expect(several.statusCode, several.body).toBe(200);
    expect(several.json()).toHaveLength(6);
    // Naming the school (any call with localId) makes it current: the same call answers for it.
    expect((await call('GET', `${F}/GetBS2TodayWithdrawals?localId=${t.seed.venues.school}`, admin)).statusCode).toBe(200);
    const school = (await call('GET', `${F}/GetBS2TodayWithdrawals`, admin)).json() as unknown[];
    expect(school).toEqual((await call('GET', `${F}/GetBS2TodayWithdrawals?localId=${t.seed.venues.school}`, admin)).json());
    expect(school).not.toHaveLength(6);
    const token = await adminOfRestaurantOnly();
    const list = await call('GET', `${F}/GetBS2TodayWithdrawals`, token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(6);
    const report = await call('GET', `${F}/GetDailyWithdrawalReport?withdrawalDate=${today}%2000:00:00`, token);
    expect(report.statusCode).toBe(200);
    expect((report.json() as Array<{ Quantity: number }>).reduce((s, r) => s + r.Quantity, 0)).toBe(6);
    expect((await call('GET', `${F}/GetDailyWithdrawalReport`, token)).json().Message).toBe('Escolha uma data');
    expect((await call('GET', `${F}/GetBS2TodayWithdrawals`, await t.login(DEMO.gerente))).statusCode).toBe(403);
  });
  it('sends a remittance and then an adjustment of it with the withdrawals’ ids only', async () => {
    const token = await adminOfRestaurantOnly();
    const list = (await call('GET', `${F}/GetBS2TodayWithdrawals`, token)).json() as Array<{ TransactionId: string }>;
    const chosen = list.slice(0, 2).map((r) => r.TransactionId);
    const notSent = await call('POST', `${F}/GerarRemessaAjusteBs2`, token, { TransactionList: chosen });
    expect(notSent.statusCode).toBe(409);
    expect(notSent.json().Message).toBe('Só entram na remessa de ajuste saques que já foram enviados em uma remessa.');
    const rem = await call('POST', `${F}/CreateNewBS2CnabFile`, token, { TransactionList: chosen });
    expect(rem.statusCode).toBe(200);
    const adj = await call('POST', `${F}/GerarRemessaAjusteBs2`, token, { TransactionList: chosen }, { 'idempotency-key': 'adj-1' });
    expect(adj.statusCode).toBe(200);
    expect(adj.json()).toMatchObject({ Message: 'Arquivo enviado por e-mail', Quantidade: 2 });
    expect(adj.json().FileName).toMatch(/^remessa-ajuste-bs2-/);
    await t.app.jobs.drain();
    expect(t.mails.at(-1)!.subject).toMatch(/^Remessa de ajuste de saques/);
    // The withdrawals stay in their first remittance.
    expect(await one(t, `select count(distinct remittance_id)::int as n from finance_withdrawals where id in ('${chosen.join("','")}')`)).toEqual({ n: 1 });
    expect(await auditCount(t, 'create-remittance-adjustment')).toBe(1);
    expect((await call('POST', `${F}/GerarRemessaAjusteBs2`, token, { TransactionList: [] })).statusCode).toBe(400);
    expect((await call('POST', `${F}/GerarRemessaAjusteBs2`, await t.login(DEMO.gerente), { TransactionList: chosen })).statusCode).toBe(403);
    // Another venue's withdrawal is not found from a user who is not there.
    expect((await call('POST', `${F}/GerarRemessaAjusteBs2`, await t.login(DEMO.escola), { TransactionList: chosen })).statusCode).toBe(404);
  });
});

describe('ERP export with the invoice only', () => {
  it('exports a pending invoice of the support user’s place; another place’s is not found', async () => {
    const token = await t.login(DEMO.suporte);
    const req = { localId: t.seed.venues.restaurant, sessionId: DEMO_FINANCE.erpSession };
    const pending = (await call('POST', '/api/sankhya/InvoiceOrder/Pending', token, req)).json() as Array<{ id: string }>;
    const res = await call('POST', `/api/sankhya/InvoiceOrder/Export?invoiceId=${pending[1].id}`, token, []);
    expect(res.statusCode).toBe(200);
    expect(res.json().integrated + res.json().failed).toBe(1);
    expect((await call('POST', `/api/sankhya/InvoiceOrder/Export?invoiceId=${pending[0].id}`, await t.login(DEMO.escola), [])).statusCode).toBe(404);
    expect((await call('POST', `/api/sankhya/InvoiceOrder/Export?invoiceId=${pending[0].id}`, await t.login(DEMO.gerente), [])).statusCode).toBe(403);
    expect((await call('POST', '/api/sankhya/InvoiceOrder/Export?invoiceId=x', token, [])).statusCode).toBe(400);
  });
});

describe('own acquirer and outside transactions', () => {
  const own = () => ({
    LocalId: t.seed.venues.restaurant,
    CardLastDigits: '',
    InitialDate: addDays(today, -2),
    EndDate: today,
    Equipaments: ['TT5512C9'],
    BankAccountId: DEMO_FINANCE.restaurantOwnAccount,
  });
  it('processes the own acquirer’s payload as Adquirente 4', async () => {
    const token = await t.login(DEMO.admin);
    const before = await one<{ n: number }>(t, `select count(*)::int as n from finance_transactions where processed_at is null and acquirer = 4`);
    expect(before.n).toBeGreaterThan(0);
    const res = await call('POST', '/api/transaction/pagseguro/process', token, own());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Message: 'Enviado para processamento!', TransacoesProcessadas: before.n });
    const bad = await call('POST', '/api/transaction/pagseguro/process', token, { ...own(), Equipaments: [] });
    expect(bad.statusCode).toBe(400);
    expect((await call('POST', '/api/transaction/pagseguro/process', await t.login(DEMO.gerente), own())).statusCode).toBe(403);
    expect((await call('POST', '/api/transaction/pagseguro/process', await t.login(DEMO.escola), own())).statusCode).toBe(403);
  });
  it('ProcessOutsideTransactions takes the own acquirer’s unprocessed transactions of the window', async () => {
    const token = await t.login(DEMO.admin);
    const body = { LocalId: t.seed.venues.restaurant, DataInicio: addDays(today, -2), DataFinal: today, ContaBancariaId: DEMO_FINANCE.restaurantOwnAccount };
    const before = await one<{ n: number; cents: number }>(t, `select count(*)::int as n, sum(amount_cents)::int as cents from finance_transactions where processed_at is null and acquirer = 4`);
    const res = await call('POST', '/api/transaction/PayStore/ProcessOutsideTransactions', token, body, { 'idempotency-key': 'out-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Message: 'Enviado para processamento!', TransacoesProcessadas: before.n, Valor: before.cents / 100 });
    expect(await one(t, `select count(*)::int as n from finance_transactions where processed_at is null and acquirer = 4`)).toEqual({ n: 0 });
    expect(await one(t, `select count(*)::int as n from finance_transactions where processed_at is null and acquirer = 3`)).not.toEqual({ n: 0 });
    const replay = await call('POST', '/api/transaction/PayStore/ProcessOutsideTransactions', token, body, { 'idempotency-key': 'out-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await auditCount(t, 'process-outside-transactions')).toBe(1);
    const bad = await call('POST', '/api/transaction/PayStore/ProcessOutsideTransactions', token, { ...body, DataInicio: addDays(today, 5) });
    expect(bad.statusCode).toBe(400);
    expect((await call('POST', '/api/transaction/PayStore/ProcessOutsideTransactions', token, { ...body, ContaBancariaId: DEMO_FINANCE.schoolAccount })).statusCode).toBe(400);
    expect((await call('POST', '/api/transaction/PayStore/ProcessOutsideTransactions', await t.login(DEMO.gerente), body)).statusCode).toBe(403);
    expect((await call('POST', '/api/transaction/PayStore/ProcessOutsideTransactions', await t.login(DEMO.escola), body)).statusCode).toBe(403);
  });
});
