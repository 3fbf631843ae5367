/**
 * The product list's in-memory index (issue 28: page 400 of 10,000 products, and a search, within
 * 50 ms): per venue, the columns that order and filter the list, in the database's order. A request
 * reads the venue's version (one primary-key lookup, see db/schema/product-list-index.ts) and reuses
 * the process's copy while it matches; any product write changes the version in its transaction, so
 * every process reloads on its next request. A venue without a version row is not cached.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/seed';
import { productListVersions } from '../../db/schema/product-list-index';
import { products } from '../../db/schema/products';

export interface IndexRow {
  id: string;
  searchName: string;
  internalCode: string;
  barcode: string;
  categoryId: string | null;
  type: number;
  active: boolean;
}

/** Venues kept per process (about 1.5 MB for 10,000 products); the least recently used goes first. */
const MAX_VENUES = 20;
const caches = new WeakMap<object, Map<string, { version: string; rows: IndexRow[] }>>();

export async function productListIndex(db: Db | Tx, venueId: string): Promise<IndexRow[] | null> {
  const [v] = await db.select({ version: productListVersions.version }).from(productListVersions).where(eq(productListVersions.venueId, venueId));
  if (!v) return null;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(venueId);
  if (hit && hit.version === v.version) {
    cache.delete(venueId);
    cache.set(venueId, hit);
    return hit.rows;
  }
  // Read after the version: a list newer than it only makes the next request reload.
  const rows = await db
    .select({ id: products.id, searchName: products.searchName, internalCode: products.internalCode, barcode: products.barcode, categoryId: products.categoryId, type: products.type, active: products.active })
    .from(products)
    .where(eq(products.venueId, venueId))
    .orderBy(asc(products.searchName), asc(products.id));
  cache.delete(venueId);
  cache.set(venueId, { version: v.version, rows });
  while (cache.size > MAX_VENUES) cache.delete(cache.keys().next().value!);
  return rows;
}
