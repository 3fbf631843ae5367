/**
 * The product list's in-memory index (issue 28: page 400 of 10,000 products, and a search, within
 * 50 ms): per venue, every product's list row (what a page shows) and the columns that order and
 * filter it, in the database's order. A request reads the venue's version (one primary-key lookup,
 * see db/schema/product-list-index.ts) and reuses the process's copy while it matches, so a page
 * costs that lookup and no read of the products. Any product write, and a category's rename or
 * deletion, changes the version in its transaction (migrations 0022 and 0027), so every process
 * reloads on its next request. A venue without a version row is not cached.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { productListVersions } from '../../db/schema/product-list-index';
import { productCategories, products } from '../../db/schema/products';

/** A product's row on the list screen (the contract's ProductSummary before its value in reais). */
export interface SummaryRow {
  id: string;
  nome: string;
  cents: number;
  tipo: number;
  categoriaId: string | null;
  categoria: string | null;
  ativo: boolean;
  foto: string | null;
  descricao: string;
  dontShowInKDS: boolean;
}

export const summaryColumns = {
  id: products.id,
  nome: products.name,
  cents: products.valueCents,
  tipo: products.type,
  categoriaId: products.categoryId,
  categoria: productCategories.name,
  ativo: products.active,
  foto: products.imageUrl,
  descricao: products.description,
  dontShowInKDS: products.dontShowInKds,
};

export interface IndexRow {
  summary: SummaryRow;
  searchName: string;
  internalCode: string;
  barcode: string;
}

/**
 * Venues kept per process, and the memory they may take together (a row is about 300 bytes plus its
 * texts: 10,000 products with short descriptions take about 5 MB); the least recently used goes first.
 */
const MAX_VENUES = 20;
const MAX_BYTES = 96 * 1024 * 1024;
interface Entry {
  version: string;
  rows: IndexRow[];
  bytes: number;
}

function sizeOf(rows: IndexRow[]): number {
  let chars = 0;
  for (const r of rows) chars += r.summary.nome.length + r.summary.descricao.length + (r.summary.foto?.length ?? 0) + r.searchName.length + r.internalCode.length + r.barcode.length;
  return rows.length * 300 + chars * 2;
}

const versionQuery = (db: Db | Tx) =>
  db
    .select({ version: productListVersions.version })
    .from(productListVersions)
    .where(eq(productListVersions.venueId, sql.placeholder('venueId')))
    .prepare('product_list_version');
/**
 * Per database: the venues' copies, and the version's query, which every list request runs (built
 * once: a prepared statement where the driver has them).
 */
const perDb = new WeakMap<object, { cache: Map<string, Entry>; version: ReturnType<typeof versionQuery> }>();

export async function productListIndex(db: Db | Tx, venueId: string): Promise<IndexRow[] | null> {
  let state = perDb.get(db);
  if (!state) perDb.set(db, (state = { cache: new Map(), version: versionQuery(db) }));
  const { cache } = state;
  const [v] = await state.version.execute({ venueId });
  if (!v) return null;
  const hit = cache.get(venueId);
  if (hit && hit.version === v.version) {
    cache.delete(venueId);
    cache.set(venueId, hit);
    return hit.rows;
  }
  // Read after the version: a list newer than it only makes the next request reload.
  const loaded = await db
    .select({ ...summaryColumns, searchName: products.searchName, internalCode: products.internalCode, barcode: products.barcode })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(eq(products.venueId, venueId))
    .orderBy(asc(products.searchName), asc(products.id));
  const rows = loaded.map(({ searchName, internalCode, barcode, ...summary }) => ({ summary, searchName, internalCode, barcode }));
  cache.delete(venueId);
  const entry = { version: v.version, rows, bytes: sizeOf(rows) };
  cache.set(venueId, entry);
  let total = 0;
  for (const e of cache.values()) total += e.bytes;
  while (cache.size > 1 && (cache.size > MAX_VENUES || total > MAX_BYTES)) {
    const oldest = cache.keys().next().value!;
    total -= cache.get(oldest)!.bytes;
    cache.delete(oldest);
  }
  return rows;
}
