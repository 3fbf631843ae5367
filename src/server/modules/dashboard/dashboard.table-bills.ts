/**
 * The tables' bills on the sales dashboard (issue 41): bills closed in the period at the venue, what
 * they received by method and the service charge they collected. Read straight from table_bills and
 * its payments (index table_bills_venue_closed_idx): a closed bill is immutable, so there is no
 * rollup to keep fresh.
 */
import { and, count, eq, gte, lte, sum } from 'drizzle-orm';
import type { DashboardBills, DashboardFilter } from '../../../shared/contract/dashboard';
import type { Period } from '../../../shared/dashboard';
import { METHOD_API, METHOD_LABEL, type BillMethod } from '../../../shared/table-bill';
import type { Db } from '../../db/client';
import { tableBillPayments, tableBills } from '../../db/schema/table-bill';

const ORDER: BillMethod[] = ['pix', 'cartao', 'dinheiro'];
const reais = (cents: number) => cents / 100;

export async function tableBillFigures(db: Db, venueId: string, f: DashboardFilter, period: Period): Promise<DashboardBills> {
  const empty = { Contas: 0, Total: 0, TaxaServico: 0, Couvert: 0, Desconto: 0, PorForma: ORDER.map((m) => ({ Forma: m, Nome: METHOD_LABEL[m], Quantidade: 0, Valor: 0 })) };
  // A table's bill is the internal channel: the delivery channel alone has none.
  if (f.IsInDeliveryChannel && !f.IsInInternalChannel) return empty;
  const closedInPeriod = and(eq(tableBills.venueId, venueId), eq(tableBills.status, 'closed'), gte(tableBills.closedAt, period.start), lte(tableBills.closedAt, period.end));
  const [totals] = await db
    .select({ n: count(), total: sum(tableBills.totalCents).mapWith(Number), service: sum(tableBills.serviceCents).mapWith(Number), couvert: sum(tableBills.couvertCents).mapWith(Number), discount: sum(tableBills.discountCents).mapWith(Number) })
    .from(tableBills)
    .where(closedInPeriod);
  const methods = await db
    .select({ method: tableBillPayments.method, n: count(), cents: sum(tableBillPayments.amountCents).mapWith(Number) })
    .from(tableBillPayments)
    .innerJoin(tableBills, eq(tableBills.id, tableBillPayments.billId))
    .where(and(closedInPeriod, eq(tableBillPayments.status, 'paid'), eq(tableBillPayments.venueId, venueId)))
    .groupBy(tableBillPayments.method);
  const byMethod = new Map(methods.map((r) => [METHOD_API[r.method], r]));
  return {
    Contas: totals?.n ?? 0,
    Total: reais(totals?.total ?? 0),
    TaxaServico: reais(totals?.service ?? 0),
    Couvert: reais(totals?.couvert ?? 0),
    Desconto: reais(totals?.discount ?? 0),
    PorForma: ORDER.map((m) => ({ Forma: m, Nome: METHOD_LABEL[m], Quantidade: byMethod.get(m)?.n ?? 0, Valor: reais(byMethod.get(m)?.cents ?? 0) })),
  };
}
