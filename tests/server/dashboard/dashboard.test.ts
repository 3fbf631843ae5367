/**
 * Sales dashboard API (spec 001 §7 "Dashboard"): every call on a known dataset with sums worked
 * out by hand (see dataset.ts), the filters, São Paulo day boundaries, and refusals: no token,
 * wrong role, another venue, bad dates.
 */
import { describe, expect, it } from 'vitest';
import { DASHBOARD_CALLS, type DashboardCall } from '../../../src/shared/contract/dashboard';
import { DEMO, useTestApp } from '../../setup/server';
import { insertDataset } from './dataset';

const t = useTestApp();

const PERIOD = { InitialPeriod: '01/03/2025', FinalPeriod: '07/03/2025' };

async function call(call: DashboardCall, params: Record<string, string> = {}, email: string = DEMO.gerente) {
  const token = await t.login(email);
  const qs = new URLSearchParams({ localClienteId: t.seed.venues.restaurant, ...PERIOD, ...params });
  return t.app.inject({ method: 'GET', url: `/api/salesdashboard/${call}?${qs}`, headers: t.auth(token) });
}

async function ok(name: DashboardCall, params: Record<string, string> = {}) {
  const res = await call(name, params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('sales dashboard on a known dataset', () => {
  it('answers the four totals cards against the previous period', async () => {
    await insertDataset(t.db.db, t.seed.venues.restaurant);
    expect(await ok('TotalOrders')).toEqual({
      Title: 'Total de pedidos', Value: 5, OldTitle: 'Período anterior', OldValue: 1, NewTitle: 'Período atual', NewValue: 5, IsCurrency: false,
    });
    expect(await ok('RefusedOrders')).toMatchObject({ Title: 'Pedidos recusados', OldValue: 0, NewValue: 1, Value: 1, IsCurrency: false });
    expect(await ok('Revenues')).toMatchObject({ Title: 'Faturamento', OldValue: 40, NewValue: 160, Value: 160, IsCurrency: true });
    expect(await ok('AverageTicket')).toMatchObject({ Title: 'Ticket médio', OldValue: 40, NewValue: 32, IsCurrency: true });
  });

  it('names the days of higher and lower demand', async () => {
    await insertDataset(t.db.db, t.seed.venues.restaurant);
    expect(await ok('HigherDemand')).toEqual({
      Title: 'Dia de maior demanda', Value: 2, OldTitle: '25/02/2025', OldValue: 1, NewTitle: '01/03/2025', NewValue: 2, IsCurrency: false,
    });
    expect(await ok('LowerDemand')).toEqual({
      Title: 'Dia de menor demanda', Value: 0, OldTitle: '22/02/2025', OldValue: 0, NewTitle: '02/03/2025', NewValue: 0, IsCurrency: false,
    });
  });

  it('gives every day of the period in São Paulo time, zeros included', async () => {
    await insertDataset(t.db.db, t.seed.venues.restaurant);
    // The 21:00 order of 05/03 is 00:00 UTC of 06/03; the 23:59:30 one of 07/03 is still in the period.
    expect(await ok('SalesPerDay')).toEqual([
      { Date: '2025-03-01', Quantity: 2, Amount: 80 },
      { Date: '2025-03-02', Quantity: 0, Amount: 0 },
      { Date: '2025-03-03', Quantity: 1, Amount: 25 },
      { Date: '2025-03-04', Quantity: 0, Amount: 0 },
      { Date: '2025-03-05', Quantity: 1, Amount: 45 },
      { Date: '2025-03-06', Quantity: 0, Amount: 0 },
      { Date: '2025-03-07', Quantity: 1, Amount: 10 },
    ]);
  });

  it('puts revenue on the weekday × hour grid', async () => {
    await insertDataset(t.db.db, t.seed.venues.restaurant);
    const grid = (await ok('HourlySales')) as Array<{ DayOfWeek: number; Amounts: number[] }>;
    expect(grid.map((r) => r.DayOfWeek)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(grid.every((r) => r.Amounts.length === 24)).toBe(true);
    const cells = grid.flatMap((r) => r.Amounts.map((v, h) => [r.DayOfWeek, h, v])).filter(([, , v]) => v > 0);
    expect(cells).toEqual([
      [1, 13, 25],
      [3, 21, 45],
      [5, 23, 10],
      [6, 12, 50],
      [6, 20, 30],
    ]);
  });

  it('ranks the most consumed items, regions and top customers', async () => {
    await insertDataset(t.db.db, t.seed.venues.restaurant);
    expect(await ok('MostConsumed')).toEqual([
      { Item: 'Pizza', Quantity: 4, HigherConsumption: 40, AverageConsumption: 28.33 },
      { Item: 'Chope', Quantity: 3, HigherConsumption: 30, AverageConsumption: 30 },
      { Item: 'Refri', Quantity: 2, HigherConsumption: 10, AverageConsumption: 10 },
      { Item: 'Salada', Quantity: 1, HigherConsumption: 25, AverageConsumption: 25 },
    ]);
    expect(await ok('SalesByRegion')).toEqual([
      { Item: 'Não informado', Quantity: 3, HigherConsumption: 30, AverageConsumption: 21.67 },
      { Item: 'São Paulo/SP', Quantity: 2, HigherConsumption: 50, AverageConsumption: 47.5 },
    ]);
    expect(await ok('TopCustomers')).toEqual([
      { Name: 'Ana Teste', Image: null, AverageConsumption: 47.5, Quantity: 2, TotalConsumption: 95 },
      { Name: 'Bruno Teste', Image: null, AverageConsumption: 25, Quantity: 1, TotalConsumption: 25 },
      { Name: 'Daniel Teste', Image: null, AverageConsumption: 10, Quantity: 1, TotalConsumption: 10 },
    ]);
  });

  it('splits revenue by gender and by the seven age ranges, not informed included', async () => {
    await insertDataset(t.db.db, t.seed.venues.restaurant);
    expect(await ok('SalesByGender')).toEqual([
      { Key: 'Feminino', Value: 95 },
      { Key: 'Masculino', Value: 35 },
      { Key: 'Não informado', Value: 30 },
    ]);
    expect(await ok('SalesByAgeRange')).toEqual({
      Data: [
        { Key: 'Até 17 anos', Value: 10 },
        { Key: '18 a 24 anos', Value: 0 },
        { Key: '25 a 34 anos', Value: 95 },
        { Key: '35 a 44 anos', Value: 0 },
        { Key: '45 a 54 anos', Value: 0 },
        { Key: '55 a 64 anos', Value: 0 },
        { Key: '65 anos ou mais', Value: 25 },
        // Customers without a birth date: the same revenue the gender chart shows as not informed.
        { Key: 'Não informado', Value: 30 },
      ],
    });
    const gender = (await ok('SalesByGender')) as Array<{ Value: number }>;
    const age = (await ok('SalesByAgeRange')) as { Data: Array<{ Value: number }> };
    expect(age.Data.reduce((s, r) => s + r.Value, 0)).toBe(gender.reduce((s, r) => s + r.Value, 0));
  });

  it('filters new and old customers', async () => {
    await insertDataset(t.db.db, t.seed.venues.restaurant);
    // New: Ana and Daniel (and Carla, refused); Bruno ordered on 25/02, before the period.
    expect(await ok('Revenues', { IsNew: 'true' })).toMatchObject({ NewValue: 105, OldValue: 40 });
    expect(await ok('TotalOrders', { IsNew: 'true' })).toMatchObject({ NewValue: 3, OldValue: 1 });
    expect(await ok('RefusedOrders', { IsNew: 'true' })).toMatchObject({ NewValue: 1 });
    expect(await ok('Revenues', { IsOld: 'true' })).toMatchObject({ NewValue: 25, OldValue: 0 });
    expect(await ok('TopCustomers', { IsOld: 'true' })).toEqual([
      { Name: 'Bruno Teste', Image: null, AverageConsumption: 25, Quantity: 1, TotalConsumption: 25 },
    ]);
    // Both flags on is the same as neither.
    expect(await ok('Revenues', { IsNew: 'true', IsOld: 'true' })).toMatchObject({ NewValue: 160 });
  });

  it('filters the delivery and internal channels', async () => {
    await insertDataset(t.db.db, t.seed.venues.restaurant);
    expect(await ok('Revenues', { IsInDeliveryChannel: 'true' })).toMatchObject({ NewValue: 95, OldValue: 40 });
    expect(await ok('Revenues', { IsInInternalChannel: 'true', IsInDeliveryChannel: 'false' })).toMatchObject({ NewValue: 65, OldValue: 0 });
    expect(await ok('MostConsumed', { IsInInternalChannel: 'true' })).toEqual([
      { Item: 'Chope', Quantity: 3, HigherConsumption: 30, AverageConsumption: 30 },
      { Item: 'Pizza', Quantity: 1, HigherConsumption: 25, AverageConsumption: 25 },
      { Item: 'Refri', Quantity: 1, HigherConsumption: 10, AverageConsumption: 10 },
    ]);
  });

  it('answers empty series for a period without sales', async () => {
    const p = { InitialPeriod: '01/01/2020', FinalPeriod: '02/01/2020' };
    expect(await ok('MostConsumed', p)).toEqual([]);
    expect(await ok('SalesByGender', p)).toEqual([]);
    expect(await ok('TopCustomers', p)).toEqual([]);
    expect(await ok('AverageTicket', p)).toMatchObject({ NewValue: 0, OldValue: 0 });
  });

  it("counts the orders the board takes in, with the venue's demo orders of today", async () => {
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10).split('-').reverse().join('/');
    const body = await ok('TotalOrders', { InitialPeriod: today, FinalPeriod: today });
    // The demo seed puts 11 non-refused orders in the last two hours; one may fall on yesterday near midnight.
    expect(body.NewValue).toBeGreaterThan(0);
    const refused = await ok('RefusedOrders', { InitialPeriod: today, FinalPeriod: today });
    expect(body.NewValue + refused.NewValue).toBeLessThanOrEqual(12);
  });
});

describe('sales dashboard refusals', () => {
  it('requires a token', async () => {
    const qs = new URLSearchParams({ localClienteId: t.seed.venues.restaurant, ...PERIOD });
    const res = await t.app.inject({ method: 'GET', url: `/api/salesdashboard/Revenues?${qs}` });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a user without a management role (kitchen tablet) on every call', async () => {
    for (const name of DASHBOARD_CALLS) {
      const res = await call(name, {}, DEMO.cozinha);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().Message).toBe('Acesso negado/Proibido');
    }
  });

  it("refuses another venue's figures", async () => {
    await insertDataset(t.db.db, t.seed.venues.restaurant);
    const token = await t.login(DEMO.escola);
    const qs = new URLSearchParams({ localClienteId: t.seed.venues.restaurant, ...PERIOD });
    const res = await t.app.inject({ method: 'GET', url: `/api/salesdashboard/Revenues?${qs}`, headers: t.auth(token) });
    expect(res.statusCode).toBe(403);
    // The school's own dashboard does not see the restaurant's sales.
    const own = new URLSearchParams({ localClienteId: t.seed.venues.school, ...PERIOD });
    const mine = await t.app.inject({ method: 'GET', url: `/api/salesdashboard/Revenues?${own}`, headers: t.auth(token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ NewValue: 0, OldValue: 0 });
  });

  it('rejects bad dates with a pt-BR message on every call', async () => {
    for (const name of DASHBOARD_CALLS) {
      const res = await call(name, { InitialPeriod: '31/02/2025' });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().Message).toBe('Informe a data inicial no formato dd/MM/aaaa.');
    }
    const cases: Array<[Record<string, string>, string]> = [
      [{ InitialPeriod: '08/03/2025', FinalPeriod: '07/03/2025' }, 'A data inicial não pode ser posterior à data final.'],
      [{ FinalPeriod: '2025-03-07' }, 'Informe a data final no formato dd/MM/aaaa.'],
      [{ InitialPeriod: '01/01/2024', FinalPeriod: '07/03/2025' }, 'O período pode ter no máximo 366 dias.'],
    ];
    for (const [params, message] of cases) {
      const res = await call('SalesPerDay', params);
      expect(res.statusCode).toBe(400);
      expect(res.json().Message).toBe(message);
    }
    const flag = await call('Revenues', { IsNew: 'talvez' });
    expect(flag.statusCode).toBe(400);
  });
});

describe('sales dashboard in one request (api/salesdashboard/All, the screen)', () => {
  async function all(params: Record<string, string> = {}, email: string = DEMO.gerente, venue = t.seed.venues.restaurant) {
    const token = await t.login(email);
    const qs = new URLSearchParams({ localClienteId: venue, ...PERIOD, ...params });
    return t.app.inject({ method: 'GET', url: `/api/salesdashboard/All?${qs}`, headers: t.auth(token) });
  }

  it('answers each of the thirteen figures exactly as its own call, for every filter', async () => {
    await insertDataset(t.db.db, t.seed.venues.restaurant);
    const filters: Array<Record<string, string>> = [{}, { IsInDeliveryChannel: 'true' }, { IsNew: 'true' }, { IsOld: 'true', IsInInternalChannel: 'true' }];
    for (const params of filters) {
      const res = await all(params);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual([...DASHBOARD_CALLS].sort());
      for (const name of DASHBOARD_CALLS) expect(body[name], `${name} ${JSON.stringify(params)}`).toEqual(await ok(name, params));
    }
    expect((await all()).json().TotalOrders).toMatchObject({ NewValue: 5, OldValue: 1 });
  });

  it('refuses no token, the kitchen tablet, another venue and bad dates', async () => {
    const qs = new URLSearchParams({ localClienteId: t.seed.venues.restaurant, ...PERIOD });
    expect((await t.app.inject({ method: 'GET', url: `/api/salesdashboard/All?${qs}` })).statusCode).toBe(401);
    const kitchen = await all({}, DEMO.cozinha);
    expect(kitchen.statusCode).toBe(403);
    expect(kitchen.json().Message).toBe('Acesso negado/Proibido');
    expect((await all({}, DEMO.escola)).statusCode).toBe(403);
    const bad = await all({ InitialPeriod: '08/03/2025', FinalPeriod: '07/03/2025' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBe('A data inicial não pode ser posterior à data final.');
  });
});
