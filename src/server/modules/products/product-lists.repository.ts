/** The venue's product lists: the catalogue a user may sell from, and the list screen's pages. */
import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { fromCents, normalizeText } from '../../../shared/products';
import { EMPTY_GUID } from '../../../shared/constants';
import type { ProductSummary } from '../../../shared/contract/products';
import type { Q } from '../../db/client';
import { productCategories, products } from '../../db/schema/products';
import { productAccessLimits } from '../../db/schema/access-limits';
import { productListIndex, summaryColumns, type SummaryRow } from './product-list-index';



// ----------------------------------------------------------------------------------------------
// Lists

const toSummary = ({ cents, ...r }: SummaryRow): ProductSummary => ({ ...r, valor: fromCents(cents) });

/** The venue's catalogue; a user with access limits there sees only the products allowed. */
export async function catalogueFor(db: Q, venueId: string, userId: string): Promise<ProductSummary[]> {
  const [limited] = await db
    .select({ n: count() })
    .from(productAccessLimits)
    .where(and(eq(productAccessLimits.venueId, venueId), eq(productAccessLimits.userId, userId)));
  const where: SQL[] = [eq(products.venueId, venueId)];
  if (limited.n > 0) {
    where.push(
      sql`${products.id} in (select ${productAccessLimits.productId} from ${productAccessLimits} where ${productAccessLimits.venueId} = ${venueId} and ${productAccessLimits.userId} = ${userId})`,
    );
  }
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(...where))
    .orderBy(asc(products.searchName), asc(products.id));
  return rows.map(toSummary);
}

export interface ListFilter {
  page: number;
  size: number;
  search?: string;
  categoryId?: string | null;
  type?: number;
  active?: boolean;
}

/** One page of the list screen, sorted by name; the search ignores case and accents. */
export async function listPage(db: Q, venueId: string, f: ListFilter) {
  const term = normalizeText(f.search ?? '');
  const index = await productListIndex(db, venueId);
  if (index) {
    // The same rules as the query below, on the venue's in-memory index: names match anywhere,
    // codes whole (as typed or in capitals), the barcode as typed.
    const raw = (f.search ?? '').trim();
    const codes = new Set([raw, raw.toUpperCase()]);
    const category = f.categoryId === EMPTY_GUID ? null : f.categoryId?.toLowerCase();
    const matches = index.filter(
      (r) =>
        (!term || r.searchName.includes(term) || codes.has(r.internalCode) || r.barcode === raw) &&
        (f.categoryId === EMPTY_GUID ? r.summary.categoriaId === null : !category || r.summary.categoriaId === category) &&
        (!f.type || r.summary.tipo === f.type) &&
        (f.active === undefined || r.summary.ativo === f.active),
    );
    return { Registros: matches.slice((f.page - 1) * f.size, f.page * f.size).map((r) => toSummary(r.summary)), QuantidadeTotal: matches.length };
  }
  const where: SQL[] = [eq(products.venueId, venueId)];
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Names match anywhere in them, ignoring case and accents; codes match whole (as typed or in
    // capitals): a case-insensitive substring test on every code costs three times the name's.
    const raw = (f.search ?? '').trim();
    where.push(or(sql`${products.searchName} like ${like}`, inArray(products.internalCode, [...new Set([raw, raw.toUpperCase()])]), eq(products.barcode, raw))!);
  }
  if (f.categoryId === EMPTY_GUID) where.push(isNull(products.categoryId));
  else if (f.categoryId) where.push(eq(products.categoryId, f.categoryId));
  if (f.type) where.push(eq(products.type, f.type));
  if (f.active !== undefined) where.push(eq(products.active, f.active));
  const cond = and(...where);
  const offset = (f.page - 1) * f.size;
  const countAll = async () => (await db.select({ n: count() }).from(products).where(cond))[0].n;
  if (term) {
    // A search reads every row of the place anyway: count in the same pass.
    const rows = await db
      .select({ ...summaryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(products)
      .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
      .where(cond)
      .orderBy(asc(products.searchName), asc(products.id))
      .limit(f.size)
      .offset(offset);
    const total = rows.length ? rows[0].total : await countAll();
    return { Registros: rows.map(({ total: _t, ...r }) => toSummary(r)), QuantidadeTotal: total };
  }
  // Without a search the page's ids come from the (venue, name) index alone, so a deep page skips
  // index entries rather than whole joined rows; the count is a separate index scan.
  const pageIds = db.select({ id: products.id }).from(products).where(cond).orderBy(asc(products.searchName), asc(products.id)).limit(f.size).offset(offset);
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(inArray(products.id, pageIds))
    .orderBy(asc(products.searchName), asc(products.id));
  return { Registros: rows.map(toSummary), QuantidadeTotal: await countAll() };
}
