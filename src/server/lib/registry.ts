/**
 * What the small registries of a place (payment methods, customer and product categories, bank
 * accounts; issue 24) do alike on the server (issue 42): the error answers their routes declare,
 * loading a row by id with the caller's access to its venue (404 otherwise), refusing a second
 * row with the same name in the venue (409 on the form's field), and the create, edit and delete
 * routes themselves (registryRoutes).
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBody } from '../../shared/contract/common';
import { registryIdParams, registryLocalParams, registryMessage, registrySaved } from '../../shared/contract/registry';
import { MSG } from '../../shared/messages';
import type { Db } from '../db/client';
import { requireVenue, requireVenueOf } from '../plugins/auth';
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

/** A registry row as the write routes see it. */
export interface VenueRow {
  id: string;
  venueId: string;
}

/** How one registry reads and writes: the routes are the same for every registry (registryRoutes). */
export interface RegistryWrites<B extends { localClienteId: string }, T extends VenueTable = VenueTable> {
  /** The list (`{list}/:localId`), create (`{create}`) and row (`{create}/:id`) addresses, from registryPaths. */
  paths: { list: (localId: string) => string; create: string };
  /** The venue's rows as the list answers them, and the list's shared schema. */
  list(venueId: string): Promise<unknown>;
  listAnswer: unknown;
  table: T;
  /** The body's shared schema. */
  input: unknown;
  msg: { created: string; saved: string; deleted: string; notFound: string };
  /** The role a read or a write needs ('' any member; the permission rules in src/shared/permissions.ts still apply). */
  role?: string;
  /** 409 when another row of the venue would be the same as `body`; `exceptId` is the row being edited. */
  refuseDuplicate(venueId: string, body: B, exceptId?: string): Promise<void>;
  /** Writes `body` into a new row of the venue (no `id`) or into the row `id`; answers the row's id. */
  save(venueId: string, body: B, id?: string): Promise<string>;
  /** Deletes the row, or refuses to (a 409 saying why). */
  remove(row: T['$inferSelect'] & VenueRow): Promise<void>;
}

/**
 * The writes of a registry whose rows are a name (unique in the venue, case-insensitively, 409
 * `duplicate` on the form's field `field`) and the columns `values` makes of a body.
 */
export function namedRegistry<B extends { localClienteId: string }>(
  db: Db,
  table: VenueTable,
  name: { column: PgColumn; field: string; duplicate: string; of: (b: B) => string },
  values: (b: B) => Record<string, unknown>,
): Pick<RegistryWrites<B>, 'refuseDuplicate' | 'save'> & { remove(row: VenueRow): Promise<void> } {
  const t = table as VenueTable & PgTable;
  return {
    refuseDuplicate: (venueId, b, exceptId) => refuseDuplicateName(db, table, name.column, venueId, name.of(b), exceptId, { path: name.field, message: name.duplicate }),
    async save(venueId, b, id) {
      if (id) {
        await db.update(t).set(values(b)).where(eq(table.id, id));
        return id;
      }
      const [row] = await db.insert(t).values({ venueId, ...values(b) } as never).returning({ id: table.id });
      return row.id as string;
    },
    async remove(row) {
      await db.delete(t).where(eq(table.id, row.id));
    },
  };
}

/**
 * A registry's list, create (201), edit and delete routes. The edit and the delete load the row by
 * id with the caller's access to its own venue (another venue's row is 404); an edit whose body
 * names another venue than the row's is 403.
 */
export function registryRoutes<B extends { localClienteId: string }, T extends VenueTable>(app: FastifyInstance, db: Db, r: RegistryWrites<B, T>): void {
  const one = `/${r.paths.create}`;
  const role = r.role ?? '';
  app.get(`/${r.paths.list(':localId')}`, { schema: { params: registryLocalParams, response: { 200: r.listAnswer, ...registryErrors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, (req.params as { localId: string }).localId, role);
    return r.list(venueId);
  });

  app.post(one, { schema: { body: r.input, response: { 201: registrySaved, ...registryErrors } } }, async (req, reply) => {
    const b = req.body as B;
    const { venueId } = await requireVenue(db, req, b.localClienteId, role);
    await r.refuseDuplicate(venueId, b);
    const id = await r.save(venueId, b);
    return reply.status(201).send({ id, Message: r.msg.created });
  });

  app.put(`${one}/:id`, { schema: { params: registryIdParams, body: r.input, response: { 200: registrySaved, ...registryErrors } } }, async (req) => {
    const b = req.body as B;
    const row = await findVenueRow(db, req, r.table, (req.params as { id: string }).id, r.msg.notFound, role);
    if (b.localClienteId !== row.venueId) throw new HttpError(403, MSG.accessDenied);
    await r.refuseDuplicate(row.venueId, b, row.id);
    await r.save(row.venueId, b, row.id);
    return { id: row.id, Message: r.msg.saved };
  });

  app.delete(`${one}/:id`, { schema: { params: registryIdParams, response: { 200: registryMessage, ...registryErrors } } }, async (req) => {
    const row = await findVenueRow(db, req, r.table, (req.params as { id: string }).id, r.msg.notFound, role);
    await r.remove(row);
    return { Message: r.msg.deleted };
  });
}

/**
 * The venue's rows of a named registry, by name, each with how many rows of another table point at
 * it (`usedBy`: that table's column holding the registry row's id).
 */
export function namesWithUse(db: Db, table: VenueTable, name: PgColumn, usedBy: PgColumn, venueId: string) {
  return db
    .select({ id: table.id, name, uses: count(usedBy) })
    .from(table as VenueTable & PgTable)
    .leftJoin(usedBy.table, eq(usedBy, table.id))
    .where(eq(table.venueId, venueId))
    .groupBy(table.id, name)
    .orderBy(asc(name)) as Promise<Array<{ id: string; name: string; uses: number }>>;
}
