/** Product categories and observation options of a venue: found by id or name, created when new. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { defaultCategoryImage, PRODUCT_MSG, straightenApostrophes } from '../../../shared/products';
import type { Q } from '../../db/client';
import { observationOptions, productCategories } from '../../db/schema/products';
import { HttpError } from '../../lib/http-error';

import { realId } from './product-rows';


// ----------------------------------------------------------------------------------------------
// Categories and options

/** The category a product goes into: an existing one of the venue, one of the same name, or a new one. */
export async function resolveCategory(db: Q, venueId: string, id: string | null | undefined, name: string | null | undefined, image?: string | null): Promise<string> {
  const existing = realId(id);
  if (existing) {
    const [row] = await db.select({ id: productCategories.id }).from(productCategories).where(and(eq(productCategories.id, existing), eq(productCategories.venueId, venueId)));
    if (!row) throw new HttpError(400, PRODUCT_MSG.categoryNotFound);
    return row.id;
  }
  const nome = straightenApostrophes((name ?? '').trim());
  const [same] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(and(eq(productCategories.venueId, venueId), sql`lower(${productCategories.name}) = lower(${nome})`));
  if (same) return same.id;
  const [created] = await db.insert(productCategories).values({ venueId, name: nome, imageUrl: image || null }).returning({ id: productCategories.id });
  if (!image) await db.update(productCategories).set({ imageUrl: defaultCategoryImage(venueId, created.id) }).where(eq(productCategories.id, created.id));
  return created.id;
}

export async function listCategories(db: Q, venueId: string, onlyChildren: boolean) {
  const child = sql`not exists (select 1 from ${productCategories} c2 where c2.parent_id = ${productCategories.id})`;
  return db
    .select({ id: productCategories.id, nome: productCategories.name, imagem: productCategories.imageUrl })
    .from(productCategories)
    .where(onlyChildren ? and(eq(productCategories.venueId, venueId), child) : eq(productCategories.venueId, venueId))
    .orderBy(asc(productCategories.name));
}

/** An option by description, created when the venue has none of that name (case-insensitive). */
export async function findOrCreateOption(db: Q, venueId: string, description: string): Promise<{ id: string; descricao: string }> {
  const d = straightenApostrophes(description.trim());
  const [row] = await db
    .insert(observationOptions)
    .values({ venueId, description: d })
    .onConflictDoNothing()
    .returning({ id: observationOptions.id, descricao: observationOptions.description });
  if (row) return row;
  const [same] = await db
    .select({ id: observationOptions.id, descricao: observationOptions.description })
    .from(observationOptions)
    .where(and(eq(observationOptions.venueId, venueId), sql`lower(${observationOptions.description}) = lower(${d})`));
  return same;
}

