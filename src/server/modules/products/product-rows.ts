/**
 * What every products repository shares (products, categories, additionals and observations): the
 * product row, reading one by id, and the id rule. A leaf module, so the repositories import it
 * and never each other in a circle.
 */
import { eq } from 'drizzle-orm';
import { EMPTY_GUID } from '../../../shared/constants';
import type { Q } from '../../db/client';
import { products } from '../../db/schema/products';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A usable id: a UUID that is not the all-zero "none". */
export const realId = (id: string | null | undefined): string | null => (id && UUID_RE.test(id) && id !== EMPTY_GUID ? id.toLowerCase() : null);

export type ProductRow = typeof products.$inferSelect;

export async function findProduct(db: Q, id: string): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}
