/**
 * Scheduling endpoints (spec 001 §7 Scheduling; ours where the spec shows no path). Every call
 * checks the token, the role (ListaAgendamento; categories also ListaCategoriaAgendamento) and
 * the venue, and runs the same rules as the screens (src/shared/scheduling.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/contract/common';
import {
  byFilterQuery,
  calendarEventList,
  categorySaveRequest,
  categoryScheduleList,
  collaboratorList,
  collaboratorScheduleList,
  collaboratorScheduleRequest,
  eventsQuery,
  idMessageResponse,
  idParams,
  idQuery,
  imageUploadQuery,
  imageUploadResponse,
  localClientParams,
  messageResponse,
  schedule,
  scheduleList,
  scheduleSaveRequest,
  SCHEDULING_PATHS,
  serviceSaveRequest,
  syncProviderResponse,
  syncRequest,
  syncResponse,
  type ScheduleSaveRequest,
  type ServiceSaveRequest,
} from '../../../shared/contract/scheduling';
import {
  agendaMessages,
  AGENDA_OWNER,
  daysBetween,
  expandWeekly,
  SCHED_MSG,
  SCHEDULE_IMAGE_MAX_BYTES,
  validateAgenda,
  validateCategory,
  validateCollaboratorSchedule,
  validateService,
  sameCategoryName,
  type FieldErrors,
  type WeeklySource,
} from '../../../shared/scheduling';
import type { Db } from '../../db/client';
import { venues } from '../../db/schema/venues';
import { collaboratorScheduleDays, collaboratorSchedules, scheduleAvailableDays, scheduleCategories, schedules, scheduleServices } from '../../db/schema/scheduling';
import type { FileStorage } from '../../lib/file-storage';
import { HttpError } from '../../lib/http-error';
import { venueOfCall } from '../../lib/venue-context';
import { requireUser, requireVenue, requireVenueOf } from '../../plugins/auth';
import { sniffImageType } from '../products/image-storage';
import { readFoodConfiguration } from '../food-config/food-config.repository';
import { DeliveryActivationError, type DeliveryActivationAdapter } from './adapters';
import { memberNames } from '../staff/staff.repository';
import { categoriesOf, collaboratorSchedulesOf, isMember, loadSchedules, schedulesOfVenue } from './scheduling.repository';

export const SCHEDULE_ROLE = 'ListaAgendamento';
/** Reading categories and adding one (the agenda form's "Adicionar nova categoria"). */
export const CATEGORY_READ_ROLE = 'ListaAgendamento,ListaCategoriaAgendamento';
export const CATEGORY_ROLE = 'ListaCategoriaAgendamento';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };
const TYPE_OF_EXT: Record<string, string> = Object.fromEntries(Object.entries(EXT).map(([t, e]) => [e, t]));
/** Larger than the image limit, so a slightly larger file gets our message rather than the framework's. */
export const UPLOAD_BODY_LIMIT = 8 * 1024 * 1024;
const FILE_RE = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

function fail(e: FieldErrors<string>, messages: string[]): never {
  const list = Object.entries(e).map(([path, message]) => ({ path: `body.${path}`, message: message! }));
  throw new HttpError(400, messages[0] ?? list[0].message, { errors: list });
}

const imageKey = (venueId: string, file: string) => `${venueId}/scheduling/${file}`;

export function schedulingRoutes(fastify: FastifyInstance, opts: { db: Db; files: FileStorage; delivery: DeliveryActivationAdapter; publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files, delivery } = opts;

  /** An image field: null, or the address of an image uploaded to this venue. */
  async function checkImage(venueId: string, value: string | null | undefined): Promise<string | null> {
    const v = (value ?? '').trim();
    if (!v) return null;
    const prefix = `/${SCHEDULING_PATHS.images}/${venueId}/`;
    const file = v.startsWith(prefix) ? v.slice(prefix.length) : '';
    if (!FILE_RE.test(file) || !(await files.exists(imageKey(venueId, file)))) throw new HttpError(400, SCHED_MSG.imageInvalid);
    return v;
  }

  async function scheduleFor(req: FastifyRequest, id: string) {
    requireUser(req);
    const [s] = await db.select().from(schedules).where(eq(schedules.id, id));
    if (!s) throw new HttpError(404, SCHED_MSG.agendaNotFound);
    await requireVenueOf(db, req, s.venueId, SCHEDULE_ROLE, SCHED_MSG.agendaNotFound);
    return s;
  }

  async function categoryFor(req: FastifyRequest, id: string, role: string) {
    requireUser(req);
    const [c] = await db.select().from(scheduleCategories).where(eq(scheduleCategories.id, id));
    if (!c) throw new HttpError(404, SCHED_MSG.categoryNotFound);
    await requireVenueOf(db, req, c.venueId, role, SCHED_MSG.categoryNotFound);
    return c;
  }

  /** A category name is unique within a venue (the agenda form's select would show two alike). */
  async function refuseDuplicateCategory(venueId: string, name: string, exceptId?: string) {
    const rows = await db.select({ id: scheduleCategories.id, name: scheduleCategories.name }).from(scheduleCategories).where(eq(scheduleCategories.venueId, venueId));
    if (rows.some((r) => r.id !== exceptId && sameCategoryName(r.name, name))) {
      throw new HttpError(409, SCHED_MSG.categoryDuplicate, { errors: [{ path: 'body.name', message: SCHED_MSG.categoryDuplicate }] });
    }
  }

  /** Validates a service save (create or edit) and finds its agenda in the caller's venue. */
  async function checkService(req: FastifyRequest, b: ServiceSaveRequest) {
    const e = validateService(b);
    if (Object.keys(e).length) fail(e, []);
    if (!UUID_RE.test(b.scheduleId!)) fail({ scheduleId: SCHED_MSG.agendaNotFound }, []);
    const s = await scheduleFor(req, b.scheduleId!);
    return { s, imageUrl: await checkImage(s.venueId, b.image) };
  }

  async function serviceFor(req: FastifyRequest, id: string) {
    requireUser(req);
    const [row] = await db
      .select({ id: scheduleServices.id, venueId: schedules.venueId, imageUrl: scheduleServices.imageUrl })
      .from(scheduleServices)
      .innerJoin(schedules, eq(schedules.id, scheduleServices.scheduleId))
      .where(eq(scheduleServices.id, id));
    if (!row) throw new HttpError(404, SCHED_MSG.serviceNotFound);
    await requireVenueOf(db, req, row.venueId, SCHEDULE_ROLE, SCHED_MSG.serviceNotFound);
    return row;
  }

  /** Validates an agenda save against the shared rules and the venue's own data. */
  async function checkAgenda(venueId: string, b: ScheduleSaveRequest) {
    const owner = b.collaboratorId ? AGENDA_OWNER.collaborator : b.placeId?.trim() ? AGENDA_OWNER.place : AGENDA_OWNER.collaborator;
    const draft = {
      owner,
      collaboratorId: b.collaboratorId,
      placeId: b.placeId,
      categoryScheduleId: b.categoryScheduleId,
      name: b.name,
      description: b.description,
      durationBase: b.durationBase,
      availabilityDescription: b.availability.AvailabilityDescription,
      availableDays: b.availability.availableDays ?? [],
    };
    const e = validateAgenda(draft);
    if (Object.keys(e).length) fail(e, agendaMessages(e));
    if (owner === AGENDA_OWNER.collaborator && (!UUID_RE.test(b.collaboratorId!) || !(await isMember(db, venueId, b.collaboratorId!.toLowerCase())))) {
      fail({ collaboratorId: SCHED_MSG.collaboratorNotMember }, []);
    }
    const [cat] = UUID_RE.test(b.categoryScheduleId!)
      ? await db
          .select({ id: scheduleCategories.id })
          .from(scheduleCategories)
          .where(and(eq(scheduleCategories.id, b.categoryScheduleId!), eq(scheduleCategories.venueId, venueId)))
      : [];
    if (!cat) fail({ categoryScheduleId: SCHED_MSG.categoryNotFound }, []);
    return {
      name: b.name!.trim(),
      description: b.description!.trim(),
      durationBase: b.durationBase!,
      categoryId: cat.id,
      collaboratorId: owner === AGENDA_OWNER.collaborator ? b.collaboratorId!.toLowerCase() : null,
      placeId: owner === AGENDA_OWNER.place ? b.placeId!.trim() : null,
      imageUrl: await checkImage(venueId, b.image),
      availabilityDescription: b.availability.AvailabilityDescription!.trim(),
    };
  }

  const days = (b: ScheduleSaveRequest) => (b.availability.availableDays ?? []).map((d) => ({ id: d.id ?? null, dayOfWeek: d.dayOfWeek!, startHour: d.startHour!, endHour: d.endHour! }));

  // --- agendas -------------------------------------------------------------------------------------
  app.get('/api/Schedule/GetByLocalClient/:localClientId', { schema: { params: localClientParams, response: { 200: scheduleList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localClientId, SCHEDULE_ROLE);
    return schedulesOfVenue(db, venueId);
  });

  app.get('/api/Schedule/GetById/:id', { schema: { params: idParams, response: { 200: schedule, ...errors } } }, async (req) => {
    const s = await scheduleFor(req, req.params.id);
    return (await loadSchedules(db, [s]))[0];
  });

  app.post(`/${SCHEDULING_PATHS.add}`, { schema: { body: scheduleSaveRequest, response: { 201: idMessageResponse, ...errors } } }, async (req, reply) => {
    const b = req.body;
    const { venueId } = await requireVenue(db, req, b.localClientId, SCHEDULE_ROLE);
    const values = await checkAgenda(venueId, b);
    const id = await db.transaction(async (tx) => {
      const [s] = await tx.insert(schedules).values({ venueId, ...values }).returning({ id: schedules.id });
      await tx.insert(scheduleAvailableDays).values(days(b).map(({ dayOfWeek, startHour, endHour }) => ({ scheduleId: s.id, dayOfWeek, startHour, endHour })));
      return s.id;
    });
    return reply.status(201).send({ id, Message: SCHED_MSG.agendaSaved });
  });

  // Day rows are kept, changed or removed by id (spec 001 §2.4 item 2); rows without id are new.
  app.put(`/${SCHEDULING_PATHS.update}`, { schema: { body: scheduleSaveRequest, response: { 200: idMessageResponse, ...errors } } }, async (req) => {
    const b = req.body;
    if (!b.id) throw new HttpError(400, SCHED_MSG.agendaNotFound);
    const current = await scheduleFor(req, b.id);
    if (current.venueId !== b.localClientId.toLowerCase()) throw new HttpError(400, SCHED_MSG.agendaNotFound);
    const values = await checkAgenda(current.venueId, b);
    const wanted = days(b);
    const existing = await db.select({ id: scheduleAvailableDays.id }).from(scheduleAvailableDays).where(eq(scheduleAvailableDays.scheduleId, current.id));
    const existingIds = new Set(existing.map((d) => d.id));
    for (const d of wanted) if (d.id && !existingIds.has(d.id.toLowerCase())) fail({ availableDays: SCHED_MSG.slotNotFound }, []);
    const keep = new Set(wanted.filter((d) => d.id).map((d) => d.id!.toLowerCase()));
    await db.transaction(async (tx) => {
      await tx.update(schedules).set(values).where(eq(schedules.id, current.id));
      const gone = [...existingIds].filter((id) => !keep.has(id));
      if (gone.length) await tx.delete(scheduleAvailableDays).where(inArray(scheduleAvailableDays.id, gone));
      for (const d of wanted) {
        if (d.id) {
          await tx
            .update(scheduleAvailableDays)
            .set({ dayOfWeek: d.dayOfWeek, startHour: d.startHour, endHour: d.endHour })
            .where(eq(scheduleAvailableDays.id, d.id.toLowerCase()));
        } else {
          await tx.insert(scheduleAvailableDays).values({ scheduleId: current.id, dayOfWeek: d.dayOfWeek, startHour: d.startHour, endHour: d.endHour });
        }
      }
    });
    return { id: current.id, Message: SCHED_MSG.agendaEdited };
  });

  app.delete(`/${SCHEDULING_PATHS.remove}`, { schema: { querystring: idQuery, response: { 200: messageResponse, ...errors } } }, async (req) => {
    const s = await scheduleFor(req, req.query.id);
    await db.delete(schedules).where(eq(schedules.id, s.id));
    return { Message: SCHED_MSG.agendaDeleted };
  });

  app.get('/api/Schedule/GetCollaboratorsByLocalClientId/:localClientId', { schema: { params: localClientParams, response: { 200: collaboratorList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localClientId, SCHEDULE_ROLE);
    return memberNames(db, venueId);
  });

  // --- calendar ------------------------------------------------------------------------------------
  app.get(`/${SCHEDULING_PATHS.events}`, { schema: { querystring: eventsQuery, response: { 200: calendarEventList, ...errors } } }, async (req) => {
    const q = req.query;
    const { venueId } = await requireVenue(db, req, q.localClientId, SCHEDULE_ROLE);
    const span = daysBetween(q.start, q.end);
    if (!(span > 0 && span <= 42)) throw new HttpError(400, SCHED_MSG.calendarRange);
    const collaboratorId = q.collaboratorId ? q.collaboratorId.toLowerCase() : undefined;
    const rows = await db
      .select()
      .from(schedules)
      .where(and(eq(schedules.venueId, venueId), collaboratorId ? eq(schedules.collaboratorId, collaboratorId) : or(isNotNull(schedules.collaboratorId), isNotNull(schedules.placeId))));
    const agendas = await loadSchedules(db, rows);
    const escalas = await collaboratorSchedulesOf(db, venueId, { from: q.start, to: q.end, collaboratorId });
    const sources: WeeklySource[] = [
      ...agendas.map((a) => ({ id: a.id, title: a.collaboratorName ? `${a.name} (${a.collaboratorName})` : a.name, kind: 'agenda' as const, slots: a.avalableDays })),
      ...escalas.map((e) => ({ id: e.id, title: `Escala: ${e.collaboratorName}`, kind: 'escala' as const, from: e.startDate, to: e.endDate, slots: e.availableDays })),
    ];
    return expandWeekly(sources, q.start, q.end);
  });

  // --- collaborator schedules and the schedule map -------------------------------------------------
  app.post(`/${SCHEDULING_PATHS.collaboratorSchedule}`, { schema: { body: collaboratorScheduleRequest, response: { 201: idMessageResponse, ...errors } } }, async (req, reply) => {
    const b = req.body;
    const { venueId } = await requireVenue(db, req, b.localClientId, SCHEDULE_ROLE);
    const e = validateCollaboratorSchedule({ ...b, availableDays: b.availableDays ?? [] });
    if (Object.keys(e).length) fail(e, []);
    if (!UUID_RE.test(b.collaboratorId!) || !(await isMember(db, venueId, b.collaboratorId!.toLowerCase()))) fail({ collaboratorId: SCHED_MSG.collaboratorNotMember }, []);
    const id = await db.transaction(async (tx) => {
      const [c] = await tx
        .insert(collaboratorSchedules)
        .values({ venueId, collaboratorId: b.collaboratorId!.toLowerCase(), startDate: b.startDate!, endDate: b.endDate! })
        .returning({ id: collaboratorSchedules.id });
      await tx
        .insert(collaboratorScheduleDays)
        .values((b.availableDays ?? []).map((d) => ({ collaboratorScheduleId: c.id, dayOfWeek: d.dayOfWeek!, startHour: d.startHour!, endHour: d.endHour! })));
      return c.id;
    });
    return reply.status(201).send({ id, Message: SCHED_MSG.collaboratorScheduleSaved });
  });

  app.delete(`/${SCHEDULING_PATHS.collaboratorScheduleRemove}`, { schema: { querystring: idQuery, response: { 200: messageResponse, ...errors } } }, async (req) => {
    requireUser(req);
    const [c] = await db.select().from(collaboratorSchedules).where(eq(collaboratorSchedules.id, req.query.id));
    if (!c) throw new HttpError(404, SCHED_MSG.collaboratorScheduleNotFound);
    await requireVenueOf(db, req, c.venueId, SCHEDULE_ROLE, SCHED_MSG.collaboratorScheduleNotFound);
    await db.delete(collaboratorSchedules).where(eq(collaboratorSchedules.id, c.id));
    return { Message: SCHED_MSG.collaboratorScheduleDeleted };
  });

  app.get(`/${SCHEDULING_PATHS.byFilter}`, { schema: { querystring: byFilterQuery, response: { 200: collaboratorScheduleList, ...errors } } }, async (req) => {
    const q = req.query;
    const { venueId } = await venueOfCall(db, req, { given: q.localClientId, role: SCHEDULE_ROLE, param: 'localClientId' });
    if (q.initialDate && q.finalDate && q.initialDate > q.finalDate) throw new HttpError(400, SCHED_MSG.dateOrder);
    return collaboratorSchedulesOf(db, venueId, { name: q.name, from: q.initialDate || undefined, to: q.finalDate || undefined });
  });

  // --- categories ----------------------------------------------------------------------------------
  app.get('/api/CategorySchedule/GetByLocalClient/:localClientId', { schema: { params: localClientParams, response: { 200: categoryScheduleList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localClientId, CATEGORY_READ_ROLE);
    return categoriesOf(db, venueId);
  });

  app.post(`/${SCHEDULING_PATHS.categoryAdd}`, { schema: { body: categorySaveRequest, response: { 201: idMessageResponse, ...errors } } }, async (req, reply) => {
    const b = req.body;
    const { venueId } = await requireVenue(db, req, b.localClientId, CATEGORY_READ_ROLE);
    const e = validateCategory(b);
    if (e.name) fail(e, []);
    await refuseDuplicateCategory(venueId, b.name!);
    const imageUrl = await checkImage(venueId, b.image);
    const [c] = await db.insert(scheduleCategories).values({ venueId, name: b.name!.trim(), imageUrl }).returning({ id: scheduleCategories.id });
    return reply.status(201).send({ id: c.id, Message: SCHED_MSG.categoryCreated });
  });

  app.post(`/${SCHEDULING_PATHS.categoryUpdate}`, { schema: { body: categorySaveRequest, response: { 200: idMessageResponse, ...errors } } }, async (req) => {
    const b = req.body;
    if (!b.id) throw new HttpError(400, SCHED_MSG.categoryNotFound);
    const c = await categoryFor(req, b.id, CATEGORY_ROLE);
    if (b.localClientId && c.venueId !== b.localClientId.toLowerCase()) throw new HttpError(400, SCHED_MSG.categoryNotFound);
    const e = validateCategory(b);
    if (e.name) fail(e, []);
    await refuseDuplicateCategory(c.venueId, b.name!, c.id);
    const imageUrl = b.image === undefined ? c.imageUrl : await checkImage(c.venueId, b.image);
    await db.update(scheduleCategories).set({ name: b.name!.trim(), imageUrl }).where(eq(scheduleCategories.id, c.id));
    return { id: c.id, Message: SCHED_MSG.categoryEdited };
  });

  app.delete(`/${SCHEDULING_PATHS.categoryRemove}`, { schema: { querystring: idQuery, response: { 200: messageResponse, ...errors } } }, async (req) => {
    const c = await categoryFor(req, req.query.id, CATEGORY_ROLE);
    const [used] = await db.select({ id: schedules.id }).from(schedules).where(eq(schedules.categoryId, c.id)).limit(1);
    if (used) throw new HttpError(400, SCHED_MSG.categoryInUse);
    await db.delete(scheduleCategories).where(eq(scheduleCategories.id, c.id));
    return { Message: SCHED_MSG.categoryDeleted };
  });

  // --- services ------------------------------------------------------------------------------------
  app.post(`/${SCHEDULING_PATHS.serviceAdd}`, { schema: { body: serviceSaveRequest, response: { 201: idMessageResponse, ...errors } } }, async (req, reply) => {
    const b = req.body;
    requireUser(req);
    const { s, imageUrl } = await checkService(req, b);
    const [row] = await db
      .insert(scheduleServices)
      .values({ scheduleId: s.id, name: b.name!.trim(), valueCents: Math.round(b.value! * 100), duration: b.duration!, imageUrl })
      .returning({ id: scheduleServices.id });
    return reply.status(201).send({ id: row.id, Message: SCHED_MSG.serviceSaved });
  });

  // Edit may move a service to another agenda of the same venue; the image is kept when not sent.
  app.put(`/${SCHEDULING_PATHS.serviceUpdate}`, { schema: { body: serviceSaveRequest, response: { 200: idMessageResponse, ...errors } } }, async (req) => {
    const b = req.body;
    if (!b.id) throw new HttpError(400, SCHED_MSG.serviceNotFound);
    const current = await serviceFor(req, b.id);
    const { s } = await checkService(req, { ...b, image: null });
    if (s.venueId !== current.venueId) fail({ scheduleId: SCHED_MSG.agendaNotFound }, []);
    const imageUrl = b.image === undefined ? current.imageUrl : await checkImage(s.venueId, b.image);
    await db
      .update(scheduleServices)
      .set({ scheduleId: s.id, name: b.name!.trim(), valueCents: Math.round(b.value! * 100), duration: b.duration!, imageUrl })
      .where(eq(scheduleServices.id, current.id));
    return { id: current.id, Message: SCHED_MSG.serviceEdited };
  });

  app.delete(`/${SCHEDULING_PATHS.serviceRemove}`, { schema: { querystring: idQuery, response: { 200: messageResponse, ...errors } } }, async (req) => {
    const row = await serviceFor(req, req.query.id);
    await db.delete(scheduleServices).where(eq(scheduleServices.id, row.id));
    return { Message: SCHED_MSG.serviceDeleted };
  });

  // --- images --------------------------------------------------------------------------------------
  // The body is the file's raw bytes (so the browser can report upload progress); the type is
  // decided by the bytes, never by a name or a header, and the key is chosen here.
  app.post(
    `/${SCHEDULING_PATHS.imageUpload}`,
    { bodyLimit: UPLOAD_BODY_LIMIT, schema: { querystring: imageUploadQuery, response: { 201: imageUploadResponse, ...errors } } },
    async (req, reply) => {
      const { venueId } = await requireVenue(db, req, req.query.localClientId, CATEGORY_READ_ROLE);
      const buf = req.body as unknown;
      if (!Buffer.isBuffer(buf) || buf.length === 0) throw new HttpError(400, SCHED_MSG.imageEmpty);
      if (buf.length > SCHEDULE_IMAGE_MAX_BYTES) throw new HttpError(400, SCHED_MSG.imageTooLarge);
      const type = sniffImageType(buf);
      if (!type) throw new HttpError(400, SCHED_MSG.imageType);
      const file = `${randomUUID().replace(/-/g, '')}.${EXT[type]}`;
      await files.put(imageKey(venueId, file), buf);
      return reply.status(201).send({ url: `/${SCHEDULING_PATHS.images}/${venueId}/${file}` });
    },
  );

  // Public: <img> sends no token; the random name is the secret, as for the catalogue's images.
  app.get(
    `/${SCHEDULING_PATHS.images}/:venueId/:file`,
    { config: { public: true }, schema: { params: z.object({ venueId: z.string(), file: z.string() }) } },
    async (req, reply) => {
      const { venueId, file } = req.params;
      const stream = UUID_RE.test(venueId) && FILE_RE.test(file) ? await files.get(imageKey(venueId.toLowerCase(), file)) : null;
      if (!stream) return reply.status(404).send({ Message: 'Imagem não encontrada.' });
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type(TYPE_OF_EXT[file.split('.').pop()!])
        .send(stream);
    },
  );

  // --- tablet sync ---------------------------------------------------------------------------------
  app.get(`/${SCHEDULING_PATHS.syncProvider}`, { schema: { response: { 200: syncProviderResponse, ...errors } } }, async (req) => {
    requireUser(req);
    return { sandbox: delivery.sandbox, name: delivery.name, notConfigured: delivery.notConfigured ?? null };
  });

  app.post(`/${SCHEDULING_PATHS.sync}`, { schema: { body: syncRequest, response: { 200: syncResponse, ...errors } } }, async (req) => {
    const b = req.body;
    const { venueId } = await requireVenue(db, req, b.id, SCHEDULE_ROLE);
    const [venue] = await db.select({ id: venues.id, name: venues.name }).from(venues).where(eq(venues.id, venueId));
    // L62: the store's storefront link and description come from its food configuration (spec 000
    // §7); a client that sends them (as the spec's portal does with its current store) wins.
    const food = await readFoodConfiguration(db, venueId);
    try {
      const r = await delivery.activate({
        id: venue.id,
        name: venue.name,
        urlMeepFood: b.urlMeepFood ?? food.urlMeepFood,
        description: b.description ?? food.description,
        deliveryTime: b.deliveryTime ?? 0,
        deliveryFee: b.deliveryFee ?? 0,
      });
      return { razaoSocial: r.razaoSocial, Message: SCHED_MSG.syncSuccess(venue.name), sandbox: delivery.sandbox };
    } catch (err) {
      if (err instanceof DeliveryActivationError) throw new HttpError(502, err.message);
      throw err;
    }
  });
}
