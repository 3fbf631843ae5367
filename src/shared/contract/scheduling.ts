/**
 * Scheduling API contract (spec 001 §3 Schedule, Service and category; §7 Scheduling). Paths the
 * spec shows are kept; the ones it does not show are ours, in the same style (SCHEDULING_PATHS).
 * Bodies are lenient about what src/shared/scheduling.ts checks, so the server answers with the
 * spec's message rather than a generic one; types and sizes are strict.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { guid, int32, money } from './common';
import { dateField } from './date-field';
import { SCHED_MSG } from '../scheduling';

const int = () => z.number().check(z.int());
const optText = (max = 2000) => z.optional(z.nullable(z.string().check(z.maxLength(max))));
// Bounded in the schema (issue 28): a 2^63 or 1e308 gets a pt-BR 400 here, never a database error.
const optInt = () => z.optional(z.nullable(int32()));
const optMoney = () => z.optional(z.nullable(money()));
/** An id sent as text (checked by the handler, which answers the spec's message). */
const idText = () => z.optional(z.nullable(z.string().check(z.maxLength(64))));

export const SCHEDULING_PATHS = {
  /** ours: the agenda list of a place (with services and available days). */
  list: (localClientId: string) => `api/Schedule/GetByLocalClient/${localClientId}`,
  /** ours: one agenda. */
  detail: (id: string) => `api/Schedule/GetById/${id}`,
  /** ours: agenda create. */
  add: 'api/Schedule/Add',
  update: 'api/Schedule/Update',
  /** DELETE with ?id= */
  remove: 'api/Schedule/Delete',
  collaborators: (localClientId: string) => `api/Schedule/GetCollaboratorsByLocalClientId/${localClientId}`,
  /** ours: dated events of a collaborator's agendas and schedules for a period. */
  events: 'api/Schedule/GetEventsByCollaborator',
  /** schedule map: collaborator schedules by name and dates */
  byFilter: 'api/Schedule/getByFilter',
  /** ours: raw image bytes (?localClientId=), answers { url } */
  imageUpload: 'api/Schedule/UploadImage',
  /** ours: where images are served (public: <img> sends no token; names are random) */
  images: 'api/Schedule/Image',
  categories: (localClientId: string) => `api/CategorySchedule/GetByLocalClient/${localClientId}`,
  categoryAdd: 'api/CategorySchedule/Add',
  categoryUpdate: 'api/CategorySchedule/Update',
  /** DELETE with ?id= */
  categoryRemove: 'api/CategorySchedule/Delete',
  serviceAdd: 'api/ServiceSchedule/',
  /** ours: PUT, the service edit (body with id). */
  serviceUpdate: 'api/ServiceSchedule/Update',
  /** ours: DELETE with ?id= */
  serviceRemove: 'api/ServiceSchedule/Delete',
  collaboratorSchedule: 'api/CollaboratorSchedule',
  /** ours: DELETE with ?id= */
  collaboratorScheduleRemove: 'api/CollaboratorSchedule/Delete',
  /** spec 001 §7: the tablet sync ({provider} = Meep). */
  sync: 'api/MeepEstabelecimento/AtivarEstabelecimentoDeliveryOld',
  /** ours: which delivery-activation provider answers (sandbox or real). */
  syncProvider: 'api/MeepEstabelecimento/DeliveryActivationProvider',
} as const;

export const localClientParams = z.object({ localClientId: guid() });
export const idParams = z.object({ id: guid() });
export const idQuery = z.object({ id: guid() });
export { messageAnswer as messageResponse } from './common';
export { savedAnswer as idMessageResponse } from './common';

/** Available day (spec 001 §3). */
export const availableDay = z.object({
  id: idText(),
  dayOfWeek: optInt(),
  startHour: optText(5),
  endHour: optText(5),
});
export const availableDayRead = z.object({ id: z.string(), dayOfWeek: int(), startHour: z.string(), endHour: z.string() });
export type AvailableDay = z.infer<typeof availableDayRead>;

/** Agenda create (ours: POST api/Schedule/Add) and edit (PUT api/Schedule/Update, with id). */
export const scheduleSaveRequest = z.object({
  id: z.optional(guid()),
  localClientId: guid(),
  name: optText(120),
  description: optText(),
  durationBase: optInt(),
  categoryScheduleId: idText(),
  collaboratorId: idText(),
  placeId: optText(120),
  /** The address of an uploaded image (api/Schedule/Image/...), or null. */
  image: optText(),
  availability: z.object({
    AvailabilityDescription: optText(),
    availableDays: z.optional(z.array(availableDay).check(z.maxLength(200))),
  }),
});
export type ScheduleSaveRequest = z.infer<typeof scheduleSaveRequest>;

export const serviceRead = z.object({ id: z.string(), productName: z.string(), productValue: z.number(), duration: int(), imageUrl: z.nullable(z.string()) });
export type ServiceRead = z.infer<typeof serviceRead>;

/** An agenda as read (list items carry services[] and avalableDays[], spelled so). */
export const schedule = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  durationBase: int(),
  categoryScheduleId: z.nullable(z.string()),
  categoryName: z.nullable(z.string()),
  colaboratorId: z.nullable(z.string()),
  collaboratorName: z.nullable(z.string()),
  placeId: z.nullable(z.string()),
  localClientId: z.string(),
  imageUrl: z.nullable(z.string()),
  availability: z.object({ AvailabilityDescription: z.string(), availableDays: z.array(availableDayRead) }),
  avalableDays: z.array(availableDayRead),
  services: z.array(serviceRead),
});
export type Schedule = z.infer<typeof schedule>;
export const scheduleList = z.array(schedule);

export const collaboratorList = z.array(z.object({ id: z.string(), name: z.string() }));
export type Collaborator = z.infer<typeof collaboratorList>[number];

export const categorySchedule = z.object({ id: z.string(), name: z.string(), imageUrl: z.nullable(z.string()), agendas: int() });
export type CategorySchedule = z.infer<typeof categorySchedule>;
export const categoryScheduleList = z.array(categorySchedule);
/**
 * POST api/CategorySchedule/Add and /Update: the spec's category is id, name, imageUrl; localClientId is
 * ours (without it, Add creates in the session's current place; Update follows the category).
 */
export const categorySaveRequest = z.object({
  id: z.optional(guid()),
  localClientId: z.optional(guid()),
  name: optText(120),
  image: optText(),
});
export type CategorySaveRequest = z.infer<typeof categorySaveRequest>;

/** POST api/ServiceSchedule/: value in reais. */
export const serviceSaveRequest = z.object({
  /** Only on PUT api/ServiceSchedule/Update. */
  id: z.optional(guid()),
  name: optText(120),
  value: optMoney(),
  scheduleId: idText(),
  duration: optInt(),
  image: optText(),
});
export type ServiceSaveRequest = z.infer<typeof serviceSaveRequest>;

/** A real day yyyy-mm-dd, 1900–2100 (../dates.ts); `blank`: '' means no date. */
const isoDate = (blank = false) => dateField({ message: SCHED_MSG.invalidDate, blank });

/** GET api/Schedule/GetEventsByCollaborator: [start, end) in days; collaboratorId optional (all). */
export const eventsQuery = z.object({
  localClientId: guid(),
  collaboratorId: z.optional(z.union([guid(), z.literal('')])),
  start: isoDate(),
  end: isoDate(),
});
export const calendarEvent = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['agenda', 'escala']),
  sourceId: z.string(),
  start: z.string(),
  end: z.string(),
});
export const calendarEventList = z.array(calendarEvent);
export type CalendarEventRead = z.infer<typeof calendarEvent>;

/** POST api/CollaboratorSchedule: body plus localClientId (the period is ours). */
export const collaboratorScheduleRequest = z.object({
  localClientId: guid(),
  collaboratorId: idText(),
  startDate: z.optional(z.nullable(isoDate(true))),
  endDate: z.optional(z.nullable(isoDate(true))),
  availableDays: z.optional(z.array(availableDay).check(z.maxLength(200))),
});
export type CollaboratorScheduleRequest = z.infer<typeof collaboratorScheduleRequest>;
export const collaboratorSchedule = z.object({
  id: z.string(),
  collaboratorId: z.string(),
  collaboratorName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  availableDays: z.array(availableDayRead),
});
export type CollaboratorSchedule = z.infer<typeof collaboratorSchedule>;
export const collaboratorScheduleList = z.array(collaboratorSchedule);

/**
 * GET api/Schedule/getByFilter: name, initial and final date (all optional), as the spec writes it; the
 * venue is ours, optional: without it, the one place where the caller manages schedules.
 */
export const byFilterQuery = z.object({
  localClientId: z.optional(guid()),
  name: z.optional(z.string().check(z.maxLength(120))),
  initialDate: z.optional(isoDate(true)),
  finalDate: z.optional(isoDate(true)),
});

export const imageUploadQuery = z.object({ localClientId: guid() });
export const imageUploadResponse = z.object({ url: z.string() });

/** Tablet sync (spec 001 §7): the current store (our place). */
export const syncRequest = z.object({
  id: guid(),
  name: z.optional(z.string().check(z.maxLength(200))),
  urlMeepFood: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
  description: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
  deliveryTime: z.optional(int32()),
  deliveryFee: z.optional(money()),
});
export const syncResponse = z.object({ razaoSocial: z.string(), Message: z.string(), sandbox: z.boolean() });
export const syncProviderResponse = z.object({ sandbox: z.boolean(), name: z.string(), notConfigured: z.nullish(z.string()) });
