import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DEMO_CASHLESS } from '../../../src/server/modules/cashless/cashless.seed';
import { DEMO, useTestApp } from '../../setup/server';

const t = useTestApp();

async function report(token: string, venueId: string, query = '') {
  return t.app.inject({ url: `/api/SaldoNegativo/Relatorio?localId=${venueId}${query}`, headers: t.auth(token) });
}

describe('negative balance report', () => {
  it('pages 20 users in negative balance with totals over the whole report', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await report(token, t.seed.venues.restaurant);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users).toHaveLength(20);
    expect(body.totalQuantity).toBeGreaterThan(20);
    for (const u of body.users) expect(u.negativeBalance).toBeLessThan(0);
    const page2 = (await report(token, t.seed.venues.restaurant, '&page=2')).json();
    expect(page2.users[0].id).not.toBe(body.users[0].id);
    expect(page2.totalNegativeBalance).toBe(body.totalNegativeBalance);
    expect(body.users.some((u: { negativeBalanceLimit: number | null }) => u.negativeBalanceLimit === null)).toBe(true);
    const limited = body.users.find((u: { negativeBalanceLimit: number | null }) => u.negativeBalanceLimit !== null);
    expect(limited.difference).toBeCloseTo(limited.negativeBalanceLimit + limited.negativeBalance, 2);
    expect(body.users[0].scheduledRechargeDate).toBe('0001-01-01T00:00:00');
  });

  it('filters by CPF, with or without the mask', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await report(token, t.seed.venues.restaurant, '&document=529.982.247-25');
    const body = res.json();
    expect(body.totalQuantity).toBe(1);
    expect(body.users[0]).toMatchObject({ name: DEMO_CASHLESS.name, document: DEMO_CASHLESS.cpf, negativeBalance: -127.9, negativeBalanceLimit: 100, difference: -27.9 });
    expect(body.totalNegativeBalance).toBe(-127.9);
    const bad = await report(token, t.seed.venues.restaurant, '&document=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBe('Documento inválido. Informe os números do CPF ou CNPJ.');
  });

  it('refuses a wrong role, another venue and a bad page', async () => {
    const kitchen = await t.login(DEMO.cozinha);
    expect((await report(kitchen, t.seed.venues.restaurant)).statusCode).toBe(403);
    const school = await t.login(DEMO.escola);
    expect((await report(school, t.seed.venues.restaurant)).statusCode).toBe(403);
    expect((await report(school, t.seed.venues.school)).statusCode).toBe(200);
    const token = await t.login(DEMO.gerente);
    expect((await report(token, t.seed.venues.restaurant, '&page=x')).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/SaldoNegativo/Relatorio?localId=${t.seed.venues.restaurant}` })).statusCode).toBe(401);
  });

  it('exports a real .xlsx through api/download/file', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await t.app.inject({ url: `/api/SaldoNegativo/Relatorio/Exportar?localId=${t.seed.venues.restaurant}&document=52998224725&extension=EXCELOPENXML`, headers: t.auth(token) });
    expect(res.statusCode).toBe(200);
    const { FileName, RelativePath } = res.json();
    expect(FileName).toMatch(/^saldo-negativo-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = await t.app.inject({ url: `/api/download/file?filename=${FileName}&relativepath=${RelativePath}`, headers: t.auth(token) });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Saldo negativo')!;
    expect(ws.getRow(1).getCell(1).value).toBe('Nome');
    expect(ws.getRow(2).getCell(1).value).toBe(DEMO_CASHLESS.name);
    expect(ws.getRow(2).getCell(2).value).toBe('529.982.247-25');
    expect(ws.getRow(2).getCell(4).value).toBe(-127.9);
    expect(ws.getRow(3).getCell(1).value).toBe('Total (1)');

    // With a recharge planned, over every user: money cells are numbers or empty, never "Ilimitado"
    // or "-"; the recharge date is a date cell in São Paulo time.
    const planned = await t.app.inject({ method: 'POST', url: '/api/SaldoNegativo/CriarPlanejamentoRecarga', headers: t.auth(token), payload: { LocalId: t.seed.venues.restaurant, Password: DEMO.password } });
    expect(planned.statusCode).toBe(200);
    const all = await t.app.inject({ url: `/api/SaldoNegativo/Relatorio/Exportar?localId=${t.seed.venues.restaurant}&extension=EXCELOPENXML`, headers: t.auth(token) });
    const allFile = await t.app.inject({ url: `/api/download/file?filename=${all.json().FileName}&relativepath=${all.json().RelativePath}`, headers: t.auth(token) });
    const wbAll = new ExcelJS.Workbook();
    await wbAll.xlsx.load(allFile.rawPayload as unknown as ArrayBuffer);
    const sheet = wbAll.getWorksheet('Saldo negativo')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nome', 'Documento', 'Limite', 'Saldo negativo', 'Diferença', 'Recarga planejada', 'Data da recarga', 'Sem limite']);
    let dates = 0;
    let unlimited = 0;
    for (let i = 2; i < sheet.rowCount; i++) {
      const row = sheet.getRow(i);
      for (const c of [3, 4, 5, 6]) expect(['number', 'object'].includes(typeof row.getCell(c).value) && typeof row.getCell(c).value !== 'string', `row ${i} col ${c}`).toBe(true);
      for (const c of [3, 5]) expect(row.getCell(c).value === null || typeof row.getCell(c).value === 'number').toBe(true);
      const when = row.getCell(7).value;
      if (when !== null) {
        expect(when).toBeInstanceOf(Date);
        dates++;
      }
      if (row.getCell(8).value === 'Sim') {
        unlimited++;
        expect(row.getCell(3).value).toBeNull();
      }
    }
    expect(dates).toBeGreaterThan(0);
    expect(sheet.getColumn(7).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(unlimited + dates).toBeGreaterThan(0);
    const bad = await t.app.inject({ url: `/api/SaldoNegativo/Relatorio/Exportar?localId=${t.seed.venues.restaurant}&extension=PDF`, headers: t.auth(token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBe('Formato de exportação não suportado.');
    const school = await t.login(DEMO.escola);
    expect((await t.app.inject({ url: `/api/SaldoNegativo/Relatorio/Exportar?localId=${t.seed.venues.restaurant}&extension=EXCELOPENXML`, headers: t.auth(school) })).statusCode).toBe(403);
  });

  it("lists a card's consumption, only for the card's venue", async () => {
    const token = await t.login(DEMO.gerente);
    const row = (await report(token, t.seed.venues.restaurant, '&document=52998224725')).json().users[0];
    const res = await t.app.inject({ url: `/api/Cartao/consumo?historicoAssociacaoId=${row.id}`, headers: t.auth(token) });
    expect(res.statusCode).toBe(200);
    const lines = res.json();
    expect(lines.length).toBe(12);
    expect(Object.keys(lines[0]).sort()).toEqual(['DataRealizacao', 'DescricaoTipoPagamento', 'Equipamento', 'NomeProduto', 'Operador', 'ValorProduto', 'ValorTotal']);
    const school = await t.login(DEMO.escola);
    // Another place's card answers like an unknown one (issue 37).
    expect((await t.app.inject({ url: `/api/Cartao/consumo?historicoAssociacaoId=${row.id}`, headers: t.auth(school) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/Cartao/consumo?historicoAssociacaoId=nope`, headers: t.auth(token) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/Cartao/consumo?historicoAssociacaoId=00000000-0000-4000-8000-000000000000`, headers: t.auth(token) })).statusCode).toBe(404);
  });
});

describe('recharge planning and confirmation', () => {
  const plan = (token: string, LocalId: string, Password: string) =>
    t.app.inject({ method: 'POST', url: '/api/SaldoNegativo/CriarPlanejamentoRecarga', headers: t.auth(token), payload: { LocalId, Password } });
  const confirm = (token: string, LocalId: string, Password: string) =>
    t.app.inject({ method: 'POST', url: '/api/SaldoNegativo/RealizarRecarga', headers: t.auth(token), payload: { LocalId, Password } });

  it('racing confirmations with one Idempotency-Key: one recharge, every answer the original success (not "no pending plan"); a replay too', async () => {
    const token = await t.login(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    expect((await plan(token, venue, DEMO.password)).statusCode).toBe(200);
    const sumBefore = (await t.db.db.execute(`select coalesce(sum(balance_cents), 0)::int as s from cashless_cards where venue_id = '${venue}'`)) as unknown as { rows: Array<{ s: number }> };
    const keyed = () => t.app.inject({ method: 'POST', url: '/api/SaldoNegativo/RealizarRecarga', headers: { ...t.auth(token), 'idempotency-key': 'confirm-1' }, payload: { LocalId: venue, Password: DEMO.password } });
    const answers = await Promise.all([keyed(), keyed(), keyed(), keyed()]);
    expect(answers.map((a) => [a.statusCode, a.json().Message])).toEqual(Array(4).fill([200, 'Pagamento Confirmado com sucesso!']));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    const replay = await keyed();
    expect([replay.statusCode, replay.json().Message, replay.headers['idempotent-replayed']]).toEqual([200, 'Pagamento Confirmado com sucesso!', 'true']);
    // One credit per planned card: the venue's balance went up by the plan once.
    const planned = (await t.db.db.execute(`select sum(i.value_cents)::int as s from recharge_plan_items i join recharge_plans p on p.id = i.plan_id where p.venue_id = '${venue}' and p.paid_by_id is not null and p.paid_at > now() - interval '1 minute'`)) as unknown as { rows: Array<{ s: number }> };
    const sumAfter = (await t.db.db.execute(`select coalesce(sum(balance_cents), 0)::int as s from cashless_cards where venue_id = '${venue}'`)) as unknown as { rows: Array<{ s: number }> };
    expect(sumAfter.rows[0].s - sumBefore.rows[0].s).toBe(planned.rows[0].s);
    // Another key is another confirmation: nothing left to pay.
    const other = await t.app.inject({ method: 'POST', url: '/api/SaldoNegativo/RealizarRecarga', headers: { ...t.auth(token), 'idempotency-key': 'confirm-2' }, payload: { LocalId: venue, Password: DEMO.password } });
    expect([other.statusCode, other.json().Message]).toEqual([400, 'Não há planejamento de recarga pendente.']);
    // A wrong password is checked on a replay too.
    const wrong = await t.app.inject({ method: 'POST', url: '/api/SaldoNegativo/RealizarRecarga', headers: { ...t.auth(token), 'idempotency-key': 'confirm-1' }, payload: { LocalId: venue, Password: 'errada' } });
    expect(wrong.statusCode).toBe(400);
  });

  it('plans every negative card, then confirming recharges them once and writes the history', async () => {
    const token = await t.login(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const before = (await report(token, venue)).json();

    const wrong = await plan(token, venue, 'errada');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Message).toBe('Senha Incorreta');
    expect((await report(token, venue)).json().totalScheduledRecharge).toBe(0);

    const ok = await plan(token, venue, DEMO.password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().Message).toBe('Planejamento criado com sucesso!');
    const planned = (await report(token, venue)).json();
    expect(planned.totalScheduledRecharge).toBeCloseTo(-before.totalNegativeBalance, 2);
    expect(planned.users[0].scheduledRecharge).toBeCloseTo(-planned.users[0].negativeBalance, 2);
    expect(planned.users[0].scheduledRechargeDate).not.toBe('0001-01-01T00:00:00');

    // A second plan replaces the first: still one unpaid plan.
    expect((await plan(token, venue, DEMO.password)).statusCode).toBe(200);
    let history = (await t.app.inject({ url: `/api/SaldoNegativo/Relatorio/Historico?localClienteId=${venue}`, headers: t.auth(token) })).json();
    expect(history.totalQuantity).toBe(2); // the seeded paid plan + this one
    expect(history.items[0]).toMatchObject({ createdBy: 'Gustavo Gerente', paidAt: '0001-01-01T00:00:00', paidBy: '' });

    const badConfirm = await confirm(token, venue, 'errada');
    expect(badConfirm.statusCode).toBe(400);
    expect(badConfirm.json().Message).toBe('Senha Incorreta');

    const done = await confirm(token, venue, DEMO.password);
    expect(done.statusCode).toBe(200);
    expect(done.json().Message).toBe('Pagamento Confirmado com sucesso!');
    const after = (await report(token, venue)).json();
    expect(after.totalQuantity).toBe(0);
    expect(after.users).toEqual([]);

    const again = await confirm(token, venue, DEMO.password);
    expect(again.statusCode).toBe(400);
    expect(again.json().Message).toBe('Não há planejamento de recarga pendente.');

    history = (await t.app.inject({ url: `/api/SaldoNegativo/Relatorio/Historico?localClienteId=${venue}`, headers: t.auth(token) })).json();
    expect(history.items[0].paidBy).toBe('Gustavo Gerente');
    expect(history.items[0].paidAt).not.toBe('0001-01-01T00:00:00');
    const detail = await t.app.inject({ url: `/api/SaldoNegativo/Relatorio/Historico/Detalhado?localId=${venue}&planningRechargeId=${history.items[0].id}`, headers: t.auth(token) });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().recharges).toHaveLength(before.totalQuantity);
    expect(detail.json().total).toBeCloseTo(-before.totalNegativeBalance, 2);
    const maria = detail.json().recharges.find((r: { document: string }) => r.document === DEMO_CASHLESS.cpf);
    expect(maria.value).toBe(127.9);

    // The recharge shows in the card's consumption lines.
    const school = await t.login(DEMO.escola);
    expect((await t.app.inject({ url: `/api/SaldoNegativo/Relatorio/Historico/Detalhado?localId=${venue}&planningRechargeId=${history.items[0].id}`, headers: t.auth(school) })).statusCode).toBe(403);
    const notThere = await t.app.inject({ url: `/api/SaldoNegativo/Relatorio/Historico/Detalhado?localId=${t.seed.venues.school}&planningRechargeId=${history.items[0].id}`, headers: t.auth(school) });
    expect(notThere.statusCode).toBe(404);
  });

  it('needs each action its role and the place; bad bodies are 400', async () => {
    const kitchen = await t.login(DEMO.cozinha);
    expect((await plan(kitchen, t.seed.venues.restaurant, DEMO.password)).statusCode).toBe(403);
    expect((await confirm(kitchen, t.seed.venues.restaurant, DEMO.password)).statusCode).toBe(403);
    const school = await t.login(DEMO.escola);
    expect((await plan(school, t.seed.venues.restaurant, DEMO.password)).statusCode).toBe(403);
    const token = await t.login(DEMO.gerente);
    const empty = await plan(token, t.seed.venues.restaurant, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toBe('Informe sua senha.');
    expect((await t.app.inject({ method: 'POST', url: '/api/SaldoNegativo/RealizarRecarga', headers: t.auth(token), payload: { LocalId: 'x' } })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/SaldoNegativo/Relatorio/Historico?localClienteId=${t.seed.venues.restaurant}`, headers: t.auth(kitchen) })).statusCode).toBe(403);
  });

  it('rate-limits wrong passwords per user', async () => {
    const token = await t.login(DEMO.gerente);
    for (let i = 0; i < 10; i++) expect((await plan(token, t.seed.venues.restaurant, 'errada')).statusCode).toBe(400);
    const blocked = await plan(token, t.seed.venues.restaurant, DEMO.password);
    expect(blocked.statusCode).toBe(429);
  });
});
