/**
 * What the small registries of a place (payment methods, customer and product categories, bank
 * accounts; issue 24) do alike on the server (issue 42): the error answers their routes declare,
 * loading a row by id with the caller's access to its venue (404 otherwise), and refusing a second
 * row with the same name in the venue (409 on the form's field).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { errorBody } from '../../shared/contract/common';
import type { Db } from '../db/client';
import { requireVenueOf } from '../plugins/auth';
import { HttpError } from './http-error';

/** The error answers of a registry's routes (OpenAPI). */
export const registryErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** A strict UUID: anything else is "not found" instead of a database error. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A table whose rows belong to a venue and have a uuid id. */
export type VenueTable = PgTable & { id: PgColumn; venueId: PgColumn };

/** The row with this id, or 404 `notFound` (an id that is not a UUID is not found either). */
export async function findRowById<T extends VenueTable>(db: Db, table: T, id: string, notFound: string): Promise<T['$inferSelect']> {
  const [row] = UUID_RE.test(id) ? await db.select().from(table as PgTable).where(eq(table.id, id)) : [];
  if (!row) throw new HttpError(404, notFound);
  return row as T['$inferSelect'];
}

/**
 * The row with this id, for a caller who may act on its venue with `role` ('' any member; the row's
 * own venue decides, whatever venue a body names); another venue's row is 404 `notFound`, like a missing one.
 */
export async function findVenueRow<T extends VenueTable>(
  db: Db,
  req: FastifyRequest,
  table: T,
  id: string,
  notFound: string,
  role = '',
): Promise<T['$inferSelect'] & { id: string; venueId: string }> {
  const row = (await findRowById(db, table, id, notFound)) as T['$inferSelect'] & { id: string; venueId: string };
  await requireVenueOf(db, req, row.venueId, role, notFound);
  return row;
}

/**
 * 409 `message` (on the form's field `path`) when another row of the venue already has this name,
 * compared case-insensitively; `exceptId` is the row being edited.
 */
export async function refuseDuplicateName(
  db: Db,
  table: VenueTable,
  column: PgColumn,
  venueId: string,
  name: string,
  exceptId: string | undefined,
  field: { path: string; message: string },
): Promise<void> {
  const same = and(eq(table.venueId, venueId), sql`lower(${column}) = lower(${name})`, exceptId ? ne(table.id, exceptId) : undefined);
  const [dup] = await db.select({ id: table.id }).from(table).where(same);
  if (dup) throw new HttpError(409, field.message, { errors: [{ path: field.path, message: field.message }] });
}
