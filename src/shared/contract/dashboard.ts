/**
 * Sales dashboard calls (spec 001 §7 "Dashboard"): thirteen GETs under api/salesdashboard/, each
 * with the filter (spec 001 §3) as query parameters plus localClienteId.
 *
 * Decisions where the spec is silent (ours, see also src/shared/dashboard.ts):
 * - InitialPeriod and FinalPeriod are `dd/MM/yyyy` days in America/Sao_Paulo (the filter format).
 * - The flags are `true`/`false`; both of a pair false (or both true) means "no filter".
 * - Money is in reais (numbers with two decimals), like the rest of the API.
 * - Cards: Value and NewValue are the selected period, OldValue the previous period of as many days;
 *   OldTitle and NewTitle say what each is (for the demand cards, the day it happened).
 * - Series values: SalesByGender and SalesByAgeRange are revenue (R$); HourlySales amounts are revenue
 *   per weekday and hour; SalesPerDay has orders (Quantity) and revenue (Amount) of every day.
 *   MostConsumed: Item = product, Quantity = units, HigherConsumption = the most spent on it in one
 *   order, AverageConsumption = spent on it per order that had it. SalesByRegion: Item = "Cidade/UF",
 *   Quantity = orders, HigherConsumption = the biggest order, AverageConsumption = the average order.
 *   TopCustomers: the ten who spent most, with their average order (AverageConsumption), the number
 *   of orders (Quantity) and the total (TotalConsumption).
 * - Refused orders (state Recusado) count only in RefusedOrders; every other figure leaves them out.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { addIssueOnce, dateField } from './date-field';
import { checkPeriod, DASH_MSG } from '../dashboard';
import { BILL_METHODS } from '../table-bill';

export const DASHBOARD_CALLS = [
  'SalesByAgeRange',
  'HourlySales',
  'SalesPerDay',
  'SalesByRegion',
  'MostConsumed',
  'SalesByGender',
  'TopCustomers',
  'TotalOrders',
  'RefusedOrders',
  'Revenues',
  'AverageTicket',
  'HigherDemand',
  'LowerDemand',
] as const;
export type DashboardCall = (typeof DASHBOARD_CALLS)[number];
export const CARD_CALLS = ['TotalOrders', 'RefusedOrders', 'Revenues', 'AverageTicket', 'HigherDemand', 'LowerDemand'] as const;
export type CardCall = (typeof CARD_CALLS)[number];

export const dashboardPath = (call: DashboardCall) => `api/salesdashboard/${call}`;

const flag = () => z.optional(z.stringbool({ truthy: ['true', '1'], falsy: ['false', '0'] }));

/** The filter the screen keeps in its URL (without the venue). */
export const dashboardFilterShape = {
  InitialPeriod: dateField({ format: 'br-day', message: DASH_MSG.invalidInitial }),
  FinalPeriod: dateField({ format: 'br-day', message: DASH_MSG.invalidFinal }),
  IsNew: flag(),
  IsOld: flag(),
  IsInInternalChannel: flag(),
  IsInDeliveryChannel: flag(),
};

const periodRule = z.superRefine<{ InitialPeriod: string; FinalPeriod: string }>((f, ctx) => {
  const r = checkPeriod(f.InitialPeriod, f.FinalPeriod);
  if (!r.ok) addIssueOnce(ctx, r.field, r.message, f);
});

/** Query string of every dashboard call. */
export const dashboardQuery = z
  .object({ localClienteId: z.string().check(z.minLength(1), z.maxLength(64)), ...dashboardFilterShape })
  .check(periodRule);
export type DashboardQuery = z.output<typeof dashboardQuery>;
export type DashboardFilter = Omit<DashboardQuery, 'localClienteId'>;

export const card = z.object({
  Title: z.string(),
  Value: z.number(),
  OldTitle: z.string(),
  OldValue: z.number(),
  NewTitle: z.string(),
  NewValue: z.number(),
  IsCurrency: z.boolean(),
});
export type Card = z.infer<typeof card>;

export const keyValue = z.object({ Key: z.string(), Value: z.number() });
export type KeyValue = z.infer<typeof keyValue>;

export const salesPerDay = z.array(z.object({ Date: z.string(), Quantity: z.number(), Amount: z.number() }));
export type SalesPerDay = z.infer<typeof salesPerDay>;

/** DayOfWeek 0 (domingo) to 6 (sábado); Amounts has 24 entries, hour 0 to 23 in São Paulo. */
export const hourlySales = z.array(z.object({ DayOfWeek: z.number(), Amounts: z.array(z.number()) }));
export type HourlySales = z.infer<typeof hourlySales>;

export const salesByGender = z.array(keyValue);
export const salesByAgeRange = z.object({ Data: z.array(keyValue) });
export type SalesByAgeRange = z.infer<typeof salesByAgeRange>;

export const topCustomers = z.array(
  z.object({
    Name: z.string(),
    Image: z.nullable(z.string()),
    AverageConsumption: z.number(),
    Quantity: z.number(),
    TotalConsumption: z.number(),
  }),
);
export type TopCustomers = z.infer<typeof topCustomers>;

export const consumption = z.array(
  z.object({ Quantity: z.number(), Item: z.string(), HigherConsumption: z.number(), AverageConsumption: z.number() }),
);
export type Consumption = z.infer<typeof consumption>;

/** The answer schema of each call. */
export const DASHBOARD_RESPONSES = {
  SalesByAgeRange: salesByAgeRange,
  HourlySales: hourlySales,
  SalesPerDay: salesPerDay,
  SalesByRegion: consumption,
  MostConsumed: consumption,
  SalesByGender: salesByGender,
  TopCustomers: topCustomers,
  TotalOrders: card,
  RefusedOrders: card,
  Revenues: card,
  AverageTicket: card,
  HigherDemand: card,
  LowerDemand: card,
} as const;
export type DashboardAnswer<C extends DashboardCall> = z.infer<(typeof DASHBOARD_RESPONSES)[C]>;

/**
 * Ours, not the spec's: all thirteen answers in one request, for the screen (same query string;
 * each field is exactly what its own call answers).
 */
export const DASHBOARD_ALL_PATH = 'api/salesdashboard/All';
export const dashboardAllResponse = z.object(DASHBOARD_RESPONSES);
export type DashboardAll = { [C in DashboardCall]: DashboardAnswer<C> };

/**
 * Ours, not the spec's (issue 41): the tables' bills closed in the period, at the place chosen, with
 * what they received by payment method (Pix, Cartão, Dinheiro: paid payments only) and the service
 * charge they collected as its own figure. Same query string as the other calls; bills are the
 * internal channel and have no customer, so "Delivery" alone gives zeros and the customer flags do
 * not apply (docs/decisions/table-bill.md).
 */
export const DASHBOARD_BILLS_PATH = 'api/salesdashboard/TableBills';
export const dashboardBillMethod = z.object({ Forma: z.enum(BILL_METHODS), Nome: z.string(), Quantidade: z.number(), Valor: z.number() });
export const dashboardBills = z.object({
  /** Bills closed in the period. */
  Contas: z.number(),
  /** What they charged (items − discounts + service + couvert). */
  Total: z.number(),
  /** The service charge they collected. */
  TaxaServico: z.number(),
  /** The couvert they charged and the discounts they gave (billmath). */
  Couvert: z.number(),
  Desconto: z.number(),
  /** Always the three methods, in the order Pix, Cartão, Dinheiro. */
  PorForma: z.array(dashboardBillMethod),
});
export type DashboardBills = z.infer<typeof dashboardBills>;
