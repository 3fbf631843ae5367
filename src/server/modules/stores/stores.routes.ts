/**
 * Stores (spec 000 "Store registration", §4 Store, §7 Stores, store categories and open/close).
 * Reading a place's stores needs only membership (the product form and the order board's store
 * filter read them); saving and deleting need CadastroLoja; opening and closing, CadastroLoja or
 * Painel (the order board's store-status modal opens and closes stores too).
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { straightenApostrophes } from '../../../shared/products';
import { canAddSector, STORE_MSG, validateStore } from '../../../shared/stores';
import { errorBody } from '../../../shared/contract/common';
import { idParams, idResponse, localIdParams, messageResponse } from '../../../shared/contract/products';
import {
  myStores,
  storeCategoryList,
  storeIdBody,
  storeList,
  storeListQuery,
  storeSaveRequest,
  venueUsers,
  venueUsersQuery,
  type Store,
  type StoreSaveRequest,
} from '../../../shared/contract/stores';
import type { Db, Tx } from '../../db/client';
import { memberships, users } from '../../db/schema/auth';
import { storeAvailableDays, storeCategories, storeCategoryLinks, storeSectors, storeUsers } from '../../db/schema/stores';
import { stores } from '../../db/schema/venues';
import { HttpError } from '../../lib/http-error';
import { requireUser, requireVenue, requireVenueOf } from '../../plugins/auth';
import type { ImageStorage } from '../products/image-storage';
import { memberNames } from '../staff/staff.repository';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
export const STORE_ROLE = 'CadastroLoja';
export const STORE_OPEN_ROLE = 'CadastroLoja,Painel';
/** Who may list a place's users for the store and access-limit screens. */
export const USERS_ROLE = 'CadastroLoja,LimitarAcessoCategoriaProduto';
const IMAGE_BODY_LIMIT = 16 * 1024 * 1024;

type StoreRow = typeof stores.$inferSelect;

/** Stores with their categories, users, hours and sectors, in the spec's shape. */
export async function loadStores(db: Db | Tx, rows: StoreRow[]): Promise<Store[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [cats, us, days, secs] = await Promise.all([
    db
      .select({ storeId: storeCategoryLinks.storeId, Id: storeCategories.id, Name: storeCategories.name })
      .from(storeCategoryLinks)
      .innerJoin(storeCategories, eq(storeCategories.id, storeCategoryLinks.categoryId))
      .where(inArray(storeCategoryLinks.storeId, ids))
      .orderBy(asc(storeCategories.name)),
    db
      .select({ storeId: storeUsers.storeId, Id: users.id, Nome: users.name })
      .from(storeUsers)
      .innerJoin(users, eq(users.id, storeUsers.userId))
      .where(inArray(storeUsers.storeId, ids))
      .orderBy(asc(users.name)),
    db.select().from(storeAvailableDays).where(inArray(storeAvailableDays.storeId, ids)).orderBy(asc(storeAvailableDays.dayOfWeek), asc(storeAvailableDays.startHour)),
    db.select().from(storeSectors).where(inArray(storeSectors.storeId, ids)).orderBy(asc(storeSectors.name)),
  ]);
  return rows.map((r) => ({
    Id: r.id,
    Name: r.name,
    ImageUrl: r.imageUrl,
    StoreCategories: cats.filter((c) => c.storeId === r.id).map(({ Id, Name }) => ({ Id, Name })),
    Users: us.filter((u) => u.storeId === r.id).map(({ Id, Nome }) => ({ Id, Nome })),
    Order: r.order,
    AvailableDay: days.filter((d) => d.storeId === r.id).map((d) => ({ DayOfWeek: d.dayOfWeek, StartHour: d.startHour, EndHour: d.endHour })),
    Sectors: secs.filter((s) => s.storeId === r.id).map((s) => ({ Id: s.id, Name: s.name, LocationId: s.locationId })),
    IsClosed: r.isClosed,
  }));
}

export function storeRoutes(fastify: FastifyInstance, opts: { db: Db; images: ImageStorage }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, images } = opts;

  async function storeFor(req: FastifyRequest, id: string, role: string): Promise<StoreRow> {
    requireUser(req);
    const [s] = await db.select().from(stores).where(eq(stores.id, id));
    if (!s) throw new HttpError(404, STORE_MSG.storeNotFound);
    await requireVenueOf(db, req, s.venueId, role, STORE_MSG.storeNotFound);
    return s;
  }

  /** Writes a store's children from the save payload (replacing what it had). */
  async function writeChildren(tx: Tx, venueId: string, storeId: string, b: StoreSaveRequest) {
    await tx.delete(storeCategoryLinks).where(eq(storeCategoryLinks.storeId, storeId));
    await tx.delete(storeUsers).where(eq(storeUsers.storeId, storeId));
    await tx.delete(storeAvailableDays).where(eq(storeAvailableDays.storeId, storeId));
    await tx.delete(storeSectors).where(eq(storeSectors.storeId, storeId));

    const categoryIds = new Set<string>();
    for (const c of b.storeCategories ?? []) {
      if (c.id) {
        const [row] = await tx
          .select({ id: storeCategories.id })
          .from(storeCategories)
          .where(and(eq(storeCategories.id, c.id), or(isNull(storeCategories.venueId), eq(storeCategories.venueId, venueId))));
        if (!row) throw new HttpError(400, STORE_MSG.storeCategoryNotFound);
        categoryIds.add(row.id);
        continue;
      }
      const name = straightenApostrophes((c.name ?? '').trim());
      if (!name) continue;
      const [same] = await tx
        .select({ id: storeCategories.id })
        .from(storeCategories)
        .where(and(sql`lower(${storeCategories.name}) = lower(${name})`, or(isNull(storeCategories.venueId), eq(storeCategories.venueId, venueId))));
      const id = same?.id ?? (await tx.insert(storeCategories).values({ venueId, name }).returning({ id: storeCategories.id }))[0].id;
      categoryIds.add(id);
    }
    if (categoryIds.size) await tx.insert(storeCategoryLinks).values([...categoryIds].map((categoryId) => ({ storeId, categoryId })));

    const userIds = [...new Set((b.users ?? []).map((u) => u.id.toLowerCase()))];
    if (userIds.length) {
      const members = await tx
        .select({ id: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.venueId, venueId), inArray(memberships.userId, userIds)));
      if (members.length !== userIds.length) throw new HttpError(400, STORE_MSG.storeUserNotMember);
      await tx.insert(storeUsers).values(userIds.map((userId) => ({ storeId, userId })));
    }

    const days = b.availableDay ?? [];
    if (days.length) await tx.insert(storeAvailableDays).values(days.map((d) => ({ storeId, dayOfWeek: d.DayOfWeek, startHour: d.StartHour, endHour: d.EndHour })));

    // A sector only with a non-blank name (spec 000 §5).
    const sectors = (b.sectors ?? []).filter((s) => canAddSector(s.name));
    if (sectors.length) {
      await tx.insert(storeSectors).values(sectors.map((s) => ({ storeId, name: s.name.trim(), locationId: (s.locationId ?? '').trim() || null })));
    }
  }

  function check(b: StoreSaveRequest) {
    const m = validateStore({ name: b.name, availableDay: b.availableDay });
    if (m) throw new HttpError(400, m);
  }

  app.get('/api/store', { schema: { querystring: storeListQuery, response: { 200: storeList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localClienteId);
    const rows = await db.select().from(stores).where(eq(stores.venueId, venueId)).orderBy(asc(stores.order), asc(stores.name));
    return loadStores(db, rows);
  });

  app.get('/api/store/mystores', { schema: { response: { 200: myStores, ...errors } } }, async (req) => {
    const user = requireUser(req);
    return db
      .select({ Id: stores.id, Name: stores.name, ImageUrl: stores.imageUrl, IsClosed: stores.isClosed, LocalClienteId: stores.venueId })
      .from(storeUsers)
      .innerJoin(stores, eq(stores.id, storeUsers.storeId))
      // Only places the user still belongs to.
      .innerJoin(memberships, and(eq(memberships.venueId, stores.venueId), eq(memberships.userId, user.id)))
      .where(eq(storeUsers.userId, user.id))
      .orderBy(asc(stores.order), asc(stores.name));
  });

  app.post(
    '/api/store',
    { bodyLimit: IMAGE_BODY_LIMIT, schema: { body: storeSaveRequest, response: { 201: idResponse, ...errors } } },
    async (req, reply) => {
      const b = req.body;
      const { venueId } = await requireVenue(db, req, b.ownerId, STORE_ROLE);
      check(b);
      const image = await images.resolve(venueId, b.image);
      const id = await db.transaction(async (tx) => {
        const [s] = await tx
          .insert(stores)
          .values({ venueId, name: straightenApostrophes(b.name!.trim()), imageUrl: image, order: b.order ?? 0 })
          .returning({ id: stores.id });
        await writeChildren(tx, venueId, s.id, b);
        return s.id;
      });
      return reply.status(201).send({ Id: id });
    },
  );

  app.put('/api/store', { bodyLimit: IMAGE_BODY_LIMIT, schema: { body: storeSaveRequest, response: { 200: idResponse, ...errors } } }, async (req) => {
    const b = req.body;
    if (!b.id) throw new HttpError(400, STORE_MSG.storeNotFound);
    const current = await storeFor(req, b.id, STORE_ROLE);
    if (current.venueId !== b.ownerId.toLowerCase()) throw new HttpError(400, STORE_MSG.storeNotFound);
    check(b);
    const image = b.image === undefined ? current.imageUrl : await images.resolve(current.venueId, b.image);
    await db.transaction(async (tx) => {
      await tx
        .update(stores)
        .set({ name: straightenApostrophes(b.name!.trim()), imageUrl: image, order: b.order ?? current.order })
        .where(eq(stores.id, current.id));
      await writeChildren(tx, current.venueId, current.id, b);
    });
    return { Id: current.id };
  });

  // Products linked to the store are unlinked (the foreign key sets their store to null).
  app.delete('/api/store/DeleteById/:id', { schema: { params: idParams, response: { 200: messageResponse, ...errors } } }, async (req) => {
    const s = await storeFor(req, req.params.id, STORE_ROLE);
    await db.delete(stores).where(eq(stores.id, s.id));
    return { Message: STORE_MSG.storeDeleted };
  });

  app.get('/api/Politica/Acessos', { schema: { querystring: venueUsersQuery, response: { 200: venueUsers, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localId, USERS_ROLE);
    return (await memberNames(db, venueId)).map((m) => ({ Id: m.id, Nome: m.name }));
  });

  // --- store categories and open/close (spec 000 §7) -----------------------------------------------
  // The food-config module lists store categories too; whichever module
  // registers these paths first serves them, so the app never starts with a duplicate route.
  const has = (method: 'GET' | 'POST', url: string) => fastify.hasRoute({ method, url });

  if (!has('GET', '/api/superapp/StoreCategory/GetStoreCategories')) {
    app.get('/api/superapp/StoreCategory/GetStoreCategories', { schema: { response: { 200: storeCategoryList, ...errors } } }, async (req) => {
      requireUser(req);
      return db.select({ Id: storeCategories.id, Name: storeCategories.name }).from(storeCategories).where(isNull(storeCategories.venueId)).orderBy(asc(storeCategories.name));
    });
  }

  if (!has('GET', '/api/superapp/StoreCategory/GetCategoriesByLocalId/:localId')) {
    app.get(
      '/api/superapp/StoreCategory/GetCategoriesByLocalId/:localId',
      { schema: { params: localIdParams, response: { 200: storeCategoryList, ...errors } } },
      async (req) => {
        const { venueId } = await requireVenue(db, req, req.params.localId);
        return db
          .select({ Id: storeCategories.id, Name: storeCategories.name })
          .from(storeCategories)
          .where(or(isNull(storeCategories.venueId), eq(storeCategories.venueId, venueId)))
          .orderBy(asc(storeCategories.name));
      },
    );
  }

  for (const [path, closed, ok] of [
    ['OpenStore', false, STORE_MSG.storeOpened],
    ['CloseStore', true, STORE_MSG.storeClosed],
  ] as const) {
    const url = `/api/superapp/StoreCategory/${path}`;
    if (has('POST', url)) continue;
    app.post(url, { schema: { body: storeIdBody, response: { 200: messageResponse, ...errors } } }, async (req) => {
      const s = await storeFor(req, req.body.storeId, STORE_OPEN_ROLE);
      await db.update(stores).set({ isClosed: closed }).where(eq(stores.id, s.id));
      return { Message: ok };
    });
  }
}
