/** Sales points and the linking of devices (spec 001 §7 "Sales points"). */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/contract/common';
import {
  ALL_FLAG_NAMES,
  deviceList,
  linkedQuery,
  linkRequest,
  linkResponse,
  messageResponse,
  SALES_POINT_ROLE,
  salesPointAdd,
  salesPointEnvelope,
  salesPointList,
  salesPointUpdate,
  unlinkRequest,
  type SalesPoint,
  type SalesPointInput,
} from '../../../shared/contract/sales-points';
import {
  deriveSalesPointType,
  resolvePrepaidToken,
  SALES_POINT_SERVICE_TAX,
  SALES_POINT_MSG,
} from '../../../shared/sales-points';
import type { Db } from '../../db/client';
import { productLists } from '../../db/schema/products';
import { devices, salesPointDevices, salesPoints } from '../../db/schema/sales-points';
import { HttpError } from '../../lib/http-error';
import { requireVenue, requireVenueOf } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (s: string) => UUID_RE.test(s);

type Row = typeof salesPoints.$inferSelect;

/** The row as the API answers it; options missing from an older row read as off. */
export function toSalesPoint(row: Row): SalesPoint {
  const o = row.options ?? {};
  const flag = (k: string) => o[k] === true;
  const flags = Object.fromEntries(ALL_FLAG_NAMES.map((n) => [n, flag(n)]));
  const tax = typeof o.serviceTaxPercentage === 'number' ? o.serviceTaxPercentage : SALES_POINT_SERVICE_TAX.default;
  return {
    ...(flags as Record<(typeof ALL_FLAG_NAMES)[number], boolean>),
    id: row.id,
    name: row.name,
    localClientId: row.venueId,
    type: row.type,
    productListId: row.productListId,
    managementSystemConfiguration: row.systems,
    enablePrepaidToken: flag('enablePrepaidToken'),
    enableServiceTax: flag('enableServiceTax'),
    serviceTaxPercentage: tax,
    initialScreenShortcuts: typeof o.initialScreenShortcuts === 'string' ? o.initialScreenShortcuts : '',
    postPaymentMessage: typeof o.postPaymentMessage === 'string' ? o.postPaymentMessage : '',
  };
}

/** Splits a validated sales point into the row's columns, deriving type and the forced prepaid token. */
function toColumns(sp: SalesPointInput & { name: string }, pix: boolean) {
  const systems = sp.managementSystemConfiguration.map((c) => ({
    systemType: c.systemType,
    printType: c.printType,
    enableRemotePrinter: c.enableRemotePrinter,
  }));
  const systemTypes = systems.map((s) => s.systemType);
  const options: Record<string, unknown> = {};
  for (const n of ALL_FLAG_NAMES) options[n] = sp[n];
  options.enablePixPayment = pix;
  options.enablePrepaidToken = resolvePrepaidToken(systemTypes, sp.enablePrepaidToken);
  options.enableServiceTax = sp.enableServiceTax;
  options.serviceTaxPercentage = sp.serviceTaxPercentage;
  options.initialScreenShortcuts = sp.initialScreenShortcuts;
  options.postPaymentMessage = sp.postPaymentMessage;
  return { name: sp.name, type: deriveSalesPointType(systemTypes), productListId: sp.productListId, systems, options };
}

export async function salesPointRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  async function checkProductList(venueId: string, id: string | null) {
    if (id === null) return;
    const [row] = isUuid(id)
      ? await db.select({ id: productLists.id }).from(productLists).where(and(eq(productLists.id, id), eq(productLists.venueId, venueId)))
      : [];
    if (!row) throw new HttpError(400, SALES_POINT_MSG.unknownProductList, { errors: [{ path: 'salesPoint.productListId', message: SALES_POINT_MSG.unknownProductList }] });
  }

  /** A sales point by id; 404 when missing, 403 when it belongs to a venue the user is not in. */
  async function loadSalesPoint(id: string): Promise<Row> {
    const [row] = isUuid(id) ? await db.select().from(salesPoints).where(eq(salesPoints.id, id)) : [];
    if (!row) throw new HttpError(404, SALES_POINT_MSG.salesPointNotFound);
    return row;
  }

  app.get(
    '/api/SalesPoint/GetAllSalesPointByLocalClientId/:localClientId',
    { schema: { params: z.object({ localClientId: z.string().max(64) }), response: { 200: salesPointList, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.params.localClientId, SALES_POINT_ROLE);
      const rows = await db.select().from(salesPoints).where(eq(salesPoints.venueId, venueId)).orderBy(asc(salesPoints.name), asc(salesPoints.createdAt));
      return rows.map((r) => ({ salesPoint: toSalesPoint(r) }));
    },
  );

  app.post(
    '/api/SalesPoint/Add',
    { schema: { body: salesPointAdd, response: { 201: salesPointEnvelope, ...errors } } },
    async (req, reply) => {
      const sp = req.body.salesPoint;
      const { venueId } = await requireVenue(db, req, sp.localClientId, SALES_POINT_ROLE);
      await checkProductList(venueId, sp.productListId);
      // Pix is shown disabled in the form: a new sales point never has it.
      const [row] = await db.insert(salesPoints).values({ venueId, ...toColumns(sp, false) }).returning();
      return reply.status(201).send({ salesPoint: toSalesPoint(row) });
    },
  );

  app.put(
    '/api/SalesPoint/Update',
    { schema: { body: salesPointUpdate, response: { 200: salesPointEnvelope, ...errors } } },
    async (req) => {
      const sp = req.body.salesPoint;
      const { venueId } = await requireVenue(db, req, sp.localClientId, SALES_POINT_ROLE);
      const current = await loadSalesPoint(sp.id);
      if (current.venueId !== venueId) throw new HttpError(404, SALES_POINT_MSG.salesPointNotFound);
      await checkProductList(venueId, sp.productListId);
      const pix = current.options?.enablePixPayment === true;
      const [row] = await db
        .update(salesPoints)
        .set({ ...toColumns(sp, pix), updatedAt: new Date() })
        .where(eq(salesPoints.id, current.id))
        .returning();
      return { salesPoint: toSalesPoint(row) };
    },
  );

  app.delete(
    '/api/salesPoint/Delete/:id',
    { schema: { params: z.object({ id: z.string().max(64) }), response: { 200: messageResponse, ...errors } } },
    async (req) => {
      const current = await loadSalesPoint(req.params.id);
      await requireVenueOf(db, req, current.venueId, SALES_POINT_ROLE, SALES_POINT_MSG.salesPointNotFound);
      // Its devices are unlinked with it (the links cascade) and can join another sales point.
      await db.delete(salesPoints).where(eq(salesPoints.id, current.id));
      return { Message: SALES_POINT_MSG.salesPointDeleted };
    },
  );

  const deviceColumns = { id: devices.id, name: devices.name, type: devices.type, imei: devices.imei };
  const deviceOrder = [asc(devices.type), asc(devices.name), asc(devices.imei)];

  app.get(
    '/api/SalesPoint/Equipament/GetLinked',
    { schema: { querystring: linkedQuery, response: { 200: deviceList, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.query.localClientId, SALES_POINT_ROLE);
      if (!isUuid(req.query.SalesPointId)) return [];
      return db
        .select(deviceColumns)
        .from(salesPointDevices)
        .innerJoin(devices, eq(devices.id, salesPointDevices.deviceId))
        .where(and(eq(salesPointDevices.salesPointId, req.query.SalesPointId), eq(devices.venueId, venueId)))
        .orderBy(...deviceOrder);
    },
  );

  app.get(
    '/api/SalesPoint/Equipament/GetUnlinked/:localClientId',
    { schema: { params: z.object({ localClientId: z.string().max(64) }), response: { 200: deviceList, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.params.localClientId, SALES_POINT_ROLE);
      return db
        .select(deviceColumns)
        .from(devices)
        .leftJoin(salesPointDevices, eq(salesPointDevices.deviceId, devices.id))
        .where(and(eq(devices.venueId, venueId), isNull(salesPointDevices.deviceId)))
        .orderBy(...deviceOrder);
    },
  );

  /** The devices with these ids; 400 when any is unknown. */
  async function loadDevices(ids: string[]) {
    const unique = [...new Set(ids)];
    const rows = unique.every(isUuid)
      ? await db
          .select({ id: devices.id, venueId: devices.venueId, salesPointId: salesPointDevices.salesPointId })
          .from(devices)
          .leftJoin(salesPointDevices, eq(salesPointDevices.deviceId, devices.id))
          .where(inArray(devices.id, unique))
      : [];
    if (rows.length !== unique.length) throw new HttpError(400, SALES_POINT_MSG.unknownDevice, { errors: [{ path: 'equipaments', message: SALES_POINT_MSG.unknownDevice }] });
    return rows;
  }

  app.post(
    '/api/SalesPoint/Equipament/LinkEquipamentsToSalesPoint',
    { schema: { body: linkRequest, response: { 200: linkResponse, ...errors } } },
    async (req) => {
      const sp = await loadSalesPoint(req.body.salesPointId);
      await requireVenueOf(db, req, sp.venueId, SALES_POINT_ROLE, SALES_POINT_MSG.salesPointNotFound);
      const rows = await loadDevices(req.body.equipaments);
      if (rows.some((d) => d.venueId !== sp.venueId)) {
        throw new HttpError(400, SALES_POINT_MSG.unknownDevice, { errors: [{ path: 'equipaments', message: SALES_POINT_MSG.unknownDevice }] });
      }
      if (rows.some((d) => d.salesPointId && d.salesPointId !== sp.id)) {
        throw new HttpError(409, SALES_POINT_MSG.deviceAlreadyLinked, { errors: [{ path: 'equipaments', message: SALES_POINT_MSG.deviceAlreadyLinked }] });
      }
      const toLink = rows.filter((d) => !d.salesPointId);
      if (toLink.length) {
        try {
          await db.insert(salesPointDevices).values(toLink.map((d) => ({ deviceId: d.id, salesPointId: sp.id })));
        } catch (err) {
          const e = err as { code?: string; cause?: { code?: string } };
          // Another dialog linked one of them a moment ago.
          if (e?.code === '23505' || e?.cause?.code === '23505') throw new HttpError(409, SALES_POINT_MSG.deviceAlreadyLinked);
          throw err;
        }
      }
      return { Message: SALES_POINT_MSG.linked, count: toLink.length };
    },
  );

  app.post(
    '/api/SalesPoint/Equipament/UnlinkEquipamentsFromSalesPoint',
    { schema: { body: unlinkRequest, response: { 200: linkResponse, ...errors } } },
    async (req) => {
      const rows = await loadDevices(req.body.equipaments);
      // The body names no venue: the user must belong to every venue whose devices it names; another
      // venue's device answers like an unknown one (issue 37: ids reveal nothing), a missing role 403.
      for (const venueId of new Set(rows.map((d) => d.venueId))) {
        await requireVenueOf(db, req, venueId, SALES_POINT_ROLE, SALES_POINT_MSG.unknownDevice).catch((e: unknown) => {
          if (e instanceof HttpError && e.statusCode === 404) throw new HttpError(400, SALES_POINT_MSG.unknownDevice, { errors: [{ path: 'equipaments', message: SALES_POINT_MSG.unknownDevice }] });
          throw e;
        });
      }
      const linked = rows.filter((d) => d.salesPointId).map((d) => d.id);
      if (linked.length) await db.delete(salesPointDevices).where(inArray(salesPointDevices.deviceId, linked));
      return { Message: SALES_POINT_MSG.unlinked, count: linked.length };
    },
  );
}
