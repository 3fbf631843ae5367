/** The thirteen calls of the sales dashboard (spec 001 §7 "Dashboard"): GET api/salesdashboard/{call}. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import {
  DASHBOARD_ALL_PATH,
  DASHBOARD_BILLS_PATH,
  dashboardBills,
  DASHBOARD_CALLS,
  DASHBOARD_RESPONSES,
  dashboardAllResponse,
  dashboardQuery,
  type DashboardAll,
  type Card,
  type DashboardAnswer,
  type DashboardCall,
  type DashboardFilter,
  type DashboardQuery,
} from '../../../shared/contract/dashboard';
import {
  ageRangeOf,
  AGE_RANGES,
  CARD_TITLES,
  checkPeriod,
  CURRENT_TITLE,
  DASH_MSG,
  dayFromIso,
  formatDateBR,
  GENDERS,
  previousPeriod,
  PREVIOUS_TITLE,
  type GenderCode,
  type Period,
} from '../../../shared/dashboard';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { requireVenue } from '../../plugins/auth';
import { DASHBOARD_ROLE } from '../../../shared/dashboard';
import * as repo from './dashboard.repository';
import * as rollups from './dashboard.rollups';
import { SeriesCache } from './dashboard.cache';
import { tableBillFigures } from './dashboard.table-bills';

/** Where the series come from: the rollups, or the orders themselves (dashboard.repository.ts). */
export type DashboardSource = Pick<typeof repo, 'totals' | 'perDay' | 'hourly' | 'mostConsumed' | 'byRegion' | 'topCustomers' | 'byGender' | 'byAge'>;
export const RAW_SOURCE: DashboardSource = repo;
/** The rollups without the cache (each call reads for itself): the equivalence test's rollup side. */
export const ROLLUP_SOURCE: DashboardSource = rollups.rollupSource();

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

type Ctx = { db: Db; venueId: string; f: DashboardFilter; cur: Period; prev: Period; src: DashboardSource };
type Handler<C extends DashboardCall> = (ctx: Ctx) => Promise<DashboardAnswer<C>>;

function card(title: string, oldValue: number, newValue: number, isCurrency: boolean, titles?: { old: string; new: string }): Card {
  return {
    Title: title,
    Value: newValue,
    OldTitle: titles?.old ?? PREVIOUS_TITLE,
    OldValue: oldValue,
    NewTitle: titles?.new ?? CURRENT_TITLE,
    NewValue: newValue,
    IsCurrency: isCurrency,
  };
}

const avgTicket = (t: repo.Totals) => (t.orders ? Math.round(t.revenueCents / t.orders) : 0);

/** The day with most (or fewest) orders; ties go to the earliest day. */
function demandDay(days: repo.DayRow[], higher: boolean): repo.DayRow {
  return days.reduce((best, d) => ((higher ? d.orders > best.orders : d.orders < best.orders) ? d : best), days[0]);
}

async function demandCard(ctx: Ctx, higher: boolean): Promise<Card> {
  const [a, b] = await Promise.all([ctx.src.perDay(ctx.db, ctx.venueId, ctx.f, ctx.prev), ctx.src.perDay(ctx.db, ctx.venueId, ctx.f, ctx.cur)]);
  const o = demandDay(a, higher);
  const n = demandDay(b, higher);
  return card(higher ? CARD_TITLES.HigherDemand : CARD_TITLES.LowerDemand, o.orders, n.orders, false, {
    old: formatDateBR(dayFromIso(o.day)),
    new: formatDateBR(dayFromIso(n.day)),
  });
}

async function totalsCard(ctx: Ctx, pick: (t: repo.Totals) => number, title: string, currency: boolean): Promise<Card> {
  const [a, b] = await Promise.all([ctx.src.totals(ctx.db, ctx.venueId, ctx.f, ctx.prev), ctx.src.totals(ctx.db, ctx.venueId, ctx.f, ctx.cur)]);
  const conv = currency ? repo.reais : (n: number) => n;
  return card(title, conv(pick(a)), conv(pick(b)), currency);
}

const consumption = (list: repo.ConsumptionRow[]) =>
  list.map((r) => ({
    Quantity: r.quantity,
    Item: r.item || DASH_MSG.notInformed,
    HigherConsumption: repo.reais(r.higherCents),
    AverageConsumption: repo.reais(r.averageCents),
  }));

const HANDLERS: { [C in DashboardCall]: Handler<C> } = {
  TotalOrders: (c) => totalsCard(c, (t) => t.orders, CARD_TITLES.TotalOrders, false),
  RefusedOrders: (c) => totalsCard(c, (t) => t.refused, CARD_TITLES.RefusedOrders, false),
  Revenues: (c) => totalsCard(c, (t) => t.revenueCents, CARD_TITLES.Revenues, true),
  AverageTicket: (c) => totalsCard(c, avgTicket, CARD_TITLES.AverageTicket, true),
  HigherDemand: (c) => demandCard(c, true),
  LowerDemand: (c) => demandCard(c, false),
  SalesPerDay: async (c) =>
    (await c.src.perDay(c.db, c.venueId, c.f, c.cur)).map((d) => ({ Date: d.day, Quantity: d.orders, Amount: repo.reais(d.revenueCents) })),
  HourlySales: async (c) => (await c.src.hourly(c.db, c.venueId, c.f, c.cur)).map((Amounts, DayOfWeek) => ({ DayOfWeek, Amounts })),
  MostConsumed: async (c) => consumption(await c.src.mostConsumed(c.db, c.venueId, c.f, c.cur)),
  SalesByRegion: async (c) => consumption(await c.src.byRegion(c.db, c.venueId, c.f, c.cur)),
  TopCustomers: async (c) =>
    (await c.src.topCustomers(c.db, c.venueId, c.f, c.cur)).map((r) => ({
      Name: r.name || DASH_MSG.notInformed,
      Image: null,
      AverageConsumption: repo.reais(r.averageCents),
      Quantity: r.orders,
      TotalConsumption: repo.reais(r.totalCents),
    })),
  SalesByGender: async (c) => {
    const list = await c.src.byGender(c.db, c.venueId, c.f, c.cur);
    const order: Array<GenderCode | null> = ['F', 'M', 'O', null];
    return order
      .map((g) => ({ Key: g ? GENDERS[g] : DASH_MSG.notInformed, Value: repo.reais(list.find((r) => r.gender === g)?.cents ?? 0) }))
      .filter((r) => r.Value > 0);
  },
  SalesByAgeRange: async (c) => {
    const list = await c.src.byAge(c.db, c.venueId, c.f, c.cur);
    const sums = new Map<string, number>(AGE_RANGES.map(([, label]) => [label, 0]));
    let unknown = 0;
    for (const r of list) {
      if (r.age === null) unknown += r.cents;
      else sums.set(ageRangeOf(r.age), (sums.get(ageRangeOf(r.age)) ?? 0) + r.cents);
    }
    // Revenue of customers without a birth date is shown, as the gender chart does, not dropped.
    if (unknown > 0) sums.set(DASH_MSG.notInformed, unknown);
    return { Data: [...sums].map(([Key, cents]) => ({ Key, Value: repo.reais(cents) })) };
  },
};

/** Where one or more answers read from, after the freshness check (see dashboardAnswer). */
async function sourceFor(db: Db, venueId: string, source?: DashboardSource, cache?: SeriesCache): Promise<DashboardSource> {
  if (source) {
    if (source === ROLLUP_SOURCE) await rollups.refreshRollups(db, venueId);
    return source;
  }
  const version = await rollups.freshVersion(db, venueId);
  return cache ? rollups.rollupSource(cache.memo(version)) : ROLLUP_SOURCE;
}

const answer = <C extends DashboardCall>(db: Db, venueId: string, call: C, f: DashboardFilter, period: Period, src: DashboardSource) =>
  (HANDLERS[call] as unknown as Handler<C>)({ db, venueId, f, cur: period, prev: previousPeriod(period), src });

/**
 * One call's answer for a checked period. By default from the rollups (made fresh first, then read
 * through `cache` keyed by the rollup version; the new/returning-customer filter reads the split
 * rollups); `source` forces one without the cache (the equivalence test, RAW_SOURCE the orders).
 */
export async function dashboardAnswer<C extends DashboardCall>(
  db: Db,
  venueId: string,
  call: C,
  f: DashboardFilter,
  period: Period,
  source?: DashboardSource,
  cache?: SeriesCache,
): Promise<DashboardAnswer<C>> {
  return answer(db, venueId, call, f, period, await sourceFor(db, venueId, source, cache));
}

/**
 * All thirteen answers (api/salesdashboard/All, the screen's one request): one freshness check,
 * and the reads shared among the calls (five from the rollups) even without the process's cache.
 */
export async function dashboardAll(db: Db, venueId: string, f: DashboardFilter, period: Period, cache?: SeriesCache): Promise<DashboardAll> {
  const src = await sourceFor(db, venueId, undefined, cache ?? new SeriesCache());
  const list = await Promise.all(DASHBOARD_CALLS.map((c) => answer(db, venueId, c, f, period, src)));
  return Object.fromEntries(DASHBOARD_CALLS.map((c, i) => [c, list[i]])) as DashboardAll;
}

/** `cache`: the process's series cache (default a new one; null: none, every call reads the rollups). */
export async function dashboardRoutes(fastify: FastifyInstance, opts: { db: Db; cache?: SeriesCache | null }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const cache = opts.cache === undefined ? new SeriesCache() : (opts.cache ?? undefined);
  const checked = async (req: FastifyRequest) => {
    const q = req.query as DashboardQuery;
    const { venueId } = await requireVenue(db, req, q.localClienteId, DASHBOARD_ROLE);
    const c = checkPeriod(q.InitialPeriod, q.FinalPeriod);
    // The schema has already checked the period; this only narrows the type.
    if (!c.ok) throw new HttpError(400, c.message);
    const { localClienteId: _, ...f } = q;
    return { venueId, f, period: c.period };
  };
  for (const call of Object.keys(HANDLERS) as DashboardCall[]) {
    app.get(
      `/api/salesdashboard/${call}`,
      { schema: { querystring: dashboardQuery, response: { 200: DASHBOARD_RESPONSES[call], ...errors } } },
      async (req) => {
        const { venueId, f, period } = await checked(req);
        return dashboardAnswer(db, venueId, call, f, period, undefined, cache);
      },
    );
  }
  app.get(`/${DASHBOARD_ALL_PATH}`, { schema: { querystring: dashboardQuery, response: { 200: dashboardAllResponse, ...errors } } }, async (req) => {
    const { venueId, f, period } = await checked(req);
    return dashboardAll(db, venueId, f, period, cache);
  });
  // The tables' bills by payment method, with the service charge (issue 41).
  app.get(`/${DASHBOARD_BILLS_PATH}`, { schema: { querystring: dashboardQuery, response: { 200: dashboardBills, ...errors } } }, async (req) => {
    const { venueId, f, period } = await checked(req);
    return tableBillFigures(db, venueId, f, period);
  });
}
