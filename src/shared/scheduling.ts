/**
 * Scheduling rules and messages (spec 001 §2.4, §3 Schedule, §5 Scheduling, §8, §9): weekdays,
 * time slots (HH:mm, start before end, no overlap within one day), agenda/service/category checks
 * and the expansion of weekly availability into dated events for the week calendar. Plain TS: the
 * server and the PWA run the same checks.
 */
import { isIsoDay } from './dates';

/** Weekdays as the spec numbers them: Monday 1 to Sunday 7. */
export const SCHEDULE_WEEKDAYS: Record<number, string> = {
  1: 'Segunda',
  2: 'Terça',
  3: 'Quarta',
  4: 'Quinta',
  5: 'Sexta',
  6: 'Sábado',
  7: 'Domingo',
};
export const SCHEDULE_WEEKDAY_IDS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Resource kinds (spec 001 §3). */
export const RESOURCE_KIND = { place: 1, service: 2, thing: 3, professional: 4 } as const;
/** Slot states (spec 001 §3; no transitions shown). */
export const SLOT_STATE = { available: 1, busy: 2, reserved: 3, blocked: 4 } as const;
/** Gender (spec 001 §3). */
export const GENDER = { undefined: 0, men: 1, women: 2 } as const;

/** Agenda owner: a collaborator (a member of the place) or a place id. */
export const AGENDA_OWNER = { collaborator: 'colaborador', place: 'lugar' } as const;
export type AgendaOwner = (typeof AGENDA_OWNER)[keyof typeof AGENDA_OWNER];

export const AGENDA_MIN_DURATION = 1;
export const SERVICE_MIN_DURATION = 0;
/** Agenda and category images: at most 5 MB, type checked by the file's bytes on the server. */
export const SCHEDULE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const SCHEDULE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const NAME_MAX = 120;
export const TEXT_MAX = 2000;

export const SCHED_MSG = {
  // spec 001 §5 Scheduling: agenda save
  categoryRequired: 'Selecione uma categoria para continuar',
  descriptionRequired: 'Preencha o campo de descrição para continuar',
  availabilityDescriptionRequired: 'Preencha o campo de descrição do agendamento para continuar',
  slotRequired: 'Necessário cadastrar ao menos um horário',
  // spec 001 §5: adding a time slot
  weekdayRequired: 'Selecione um dia da semana para continuar',
  startRequired: 'Escolha a hora inicial para continuar',
  endRequired: 'Escolha a hora final para continuar',
  startAfterEnd: 'Hora inicial não pode ser maior que hora final',
  // spec 001 §5: service
  serviceNameRequired: 'Preencha um nome para continuar',
  servicePriceRequired: 'Preencha um preço para continuar',
  serviceAgendaRequired: 'Selecione uma agenda para continuar',
  serviceDurationRequired: 'Preencha a duração para continuar',
  // spec 001 §5: category
  categoryNameRequired: 'Preencha o nome para continuar',
  // spec 001 §5: delete confirmations
  deleteCategoryQuestion: 'Deseja realmente excluir essa categoria?',
  deleteAgendaQuestion: 'Deseja realmente excluir esse agendamento?',
  deleteCannotUndo: 'Esta ação não poderá ser desfeita.',
  // spec 001 §8
  agendaSaved: 'Cadastro de agenda efetuado com sucesso',
  categoryCreated: 'Categoria criada com sucesso',
  categoryEdited: 'Categoria editada com sucesso',
  syncSuccess: (name: string) => `${name} Importado com sucesso.`,
  // spec 001 §2.4: empty texts
  noSlots: 'Nenhum horário cadastrado.',
  noServices: 'Nenhum serviço cadastrado.',
  noDays: 'Nenhum agendamento cadastrado.',

  // ours: the gaps the spec leaves
  slotOverlap: (day: string) => `Já existe um horário nesse intervalo na ${day}.`,
  slotInvalidTime: 'Informe a hora no formato HH:mm.',
  nameRequired: 'Preencha o nome da agenda para continuar',
  durationMin: 'A duração deve ser de pelo menos 1 minuto.',
  serviceDurationMin: 'A duração não pode ser negativa.',
  collaboratorRequired: 'Selecione um colaborador para continuar',
  placeRequired: 'Informe o lugar para continuar',
  collaboratorNotMember: 'Colaborador não encontrado neste estabelecimento.',
  agendaEdited: 'Agenda editada com sucesso',
  agendaDeleted: 'Agenda excluída com sucesso',
  agendaNotFound: 'Agenda não encontrada.',
  categoryNotFound: 'Categoria não encontrada.',
  categoryDeleted: 'Categoria excluída com sucesso',
  categoryInUse: 'Esta categoria tem agendas e não pode ser excluída.',
  serviceSaved: 'Serviço cadastrado com sucesso',
  serviceEdited: 'Serviço editado com sucesso',
  serviceDeleted: 'Serviço excluído com sucesso',
  serviceNotFound: 'Serviço não encontrado.',
  deleteServiceQuestion: 'Deseja realmente excluir esse serviço?',
  categoryDuplicate: 'Já existe uma categoria com esse nome.',
  servicePriceNegative: 'O preço não pode ser negativo.',
  slotNotFound: 'Horário não encontrado nesta agenda.',
  imageTooLarge: 'A imagem deve ter no máximo 5 MB.',
  imageType: 'Envie uma imagem PNG, JPG, WEBP ou GIF.',
  imageEmpty: 'Arquivo de imagem vazio.',
  imageInvalid: 'Imagem inválida. Envie a imagem novamente.',
  collaboratorScheduleSaved: 'Escala do colaborador cadastrada com sucesso',
  collaboratorScheduleDeleted: 'Escala excluída com sucesso',
  collaboratorScheduleNotFound: 'Escala não encontrada.',
  startDateRequired: 'Informe a data inicial para continuar',
  endDateRequired: 'Informe a data final para continuar',
  dateOrder: 'A data inicial não pode ser maior que a data final.',
  invalidDate: 'Informe a data no formato dd/mm/aaaa.',
  calendarRange: 'Informe um período de até 42 dias.',
  noCollaboratorSchedules: 'Nenhuma escala encontrada para os filtros informados.',
} as const;

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const isHour = (s: string | null | undefined): s is string => typeof s === 'string' && HHMM.test(s);
/** Minutes since midnight of an HH:mm time. */
export function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

export interface SlotDraft {
  id?: string | null;
  dayOfWeek?: number | null;
  startHour?: string | null;
  endHour?: string | null;
}
export interface Slot {
  id?: string | null;
  dayOfWeek: number;
  startHour: string;
  endHour: string;
}

/**
 * The add-slot check (spec 001 §5): a weekday, a start and an end, start before end. Equal times
 * are refused too (an empty interval is no availability).
 */
export function validateSlot(s: SlotDraft): string | null {
  if (!s.dayOfWeek || !SCHEDULE_WEEKDAYS[s.dayOfWeek]) return SCHED_MSG.weekdayRequired;
  if (!s.startHour) return SCHED_MSG.startRequired;
  if (!s.endHour) return SCHED_MSG.endRequired;
  if (!isHour(s.startHour) || !isHour(s.endHour)) return SCHED_MSG.slotInvalidTime;
  if (toMinutes(s.startHour) >= toMinutes(s.endHour)) return SCHED_MSG.startAfterEnd;
  return null;
}

/** Half-open intervals [start, end) on the same weekday overlap; touching ends do not. */
export function slotsOverlap(a: Slot, b: Slot): boolean {
  if (a.dayOfWeek !== b.dayOfWeek) return false;
  return toMinutes(a.startHour) < toMinutes(b.endHour) && toMinutes(b.startHour) < toMinutes(a.endHour);
}

/** The message for adding `slot` to `existing`, or null when it fits. */
export function canAddSlot(existing: Slot[], slot: SlotDraft): string | null {
  const m = validateSlot(slot);
  if (m) return m;
  const s = slot as Slot;
  const clash = existing.find((e) => slotsOverlap(e, s));
  return clash ? SCHED_MSG.slotOverlap(SCHEDULE_WEEKDAYS[s.dayOfWeek]) : null;
}

/** Every slot valid and no two overlapping on one day: the first problem, or null. */
export function validateSlots(slots: SlotDraft[]): string | null {
  const ok: Slot[] = [];
  for (const s of slots) {
    const m = canAddSlot(ok, s);
    if (m) return m;
    ok.push(s as Slot);
  }
  return null;
}

/** A draft's weekly hours: the message when none were given or one cannot be added, else null. */
export function availableDaysError(days: SlotDraft[] | null | undefined): string | null {
  return days?.length ? validateSlots(days) : SCHED_MSG.slotRequired;
}

/** Slots by weekday (Monday first), then start time. */
export function sortSlots<T extends Slot>(slots: T[]): T[] {
  return [...slots].sort((a, b) => a.dayOfWeek - b.dayOfWeek || toMinutes(a.startHour) - toMinutes(b.startHour));
}

export interface AgendaDraft {
  owner?: AgendaOwner | null;
  collaboratorId?: string | null;
  placeId?: string | null;
  categoryScheduleId?: string | null;
  name?: string | null;
  description?: string | null;
  durationBase?: number | null;
  availabilityDescription?: string | null;
  availableDays?: SlotDraft[] | null;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
export type AgendaField = 'owner' | 'collaboratorId' | 'placeId' | 'categoryScheduleId' | 'name' | 'description' | 'durationBase' | 'availabilityDescription' | 'availableDays';

const blank = (s: string | null | undefined) => !s || !s.trim();

/**
 * Every problem of an agenda save at once, by field, in the spec's order (category, description,
 * availability description, at least one slot) after ours (owner, name, duration).
 */
export function validateAgenda(a: AgendaDraft): FieldErrors<AgendaField> {
  const e: FieldErrors<AgendaField> = {};
  if (a.owner === AGENDA_OWNER.place) {
    if (blank(a.placeId)) e.placeId = SCHED_MSG.placeRequired;
  } else if (blank(a.collaboratorId)) e.collaboratorId = SCHED_MSG.collaboratorRequired;
  if (blank(a.categoryScheduleId)) e.categoryScheduleId = SCHED_MSG.categoryRequired;
  if (blank(a.name)) e.name = SCHED_MSG.nameRequired;
  if (blank(a.description)) e.description = SCHED_MSG.descriptionRequired;
  if (a.durationBase === null || a.durationBase === undefined || !Number.isFinite(a.durationBase) || a.durationBase < AGENDA_MIN_DURATION || !Number.isInteger(a.durationBase)) {
    e.durationBase = SCHED_MSG.durationMin;
  }
  if (blank(a.availabilityDescription)) e.availabilityDescription = SCHED_MSG.availabilityDescriptionRequired;
  const days = availableDaysError(a.availableDays);
  if (days) e.availableDays = days;
  return e;
}

/** The agenda messages in the spec's order (category, description, availability, slots) first. */
export function agendaMessages(e: FieldErrors<AgendaField>): string[] {
  const order: AgendaField[] = ['categoryScheduleId', 'description', 'availabilityDescription', 'availableDays', 'owner', 'collaboratorId', 'placeId', 'name', 'durationBase'];
  return order.flatMap((k) => (e[k] ? [e[k]!] : []));
}

export interface ServiceDraft {
  name?: string | null;
  value?: number | null;
  scheduleId?: string | null;
  duration?: number | null;
}
export type ServiceField = 'name' | 'value' | 'scheduleId' | 'duration';

/** Service registration (spec 001 §5): name, price (zero is "ignored", i.e. counts as missing), agenda, duration ≥ 0. */
export function validateService(s: ServiceDraft): FieldErrors<ServiceField> {
  const e: FieldErrors<ServiceField> = {};
  if (blank(s.name)) e.name = SCHED_MSG.serviceNameRequired;
  if (s.value === null || s.value === undefined || !Number.isFinite(s.value) || s.value === 0) e.value = SCHED_MSG.servicePriceRequired;
  else if (s.value < 0) e.value = SCHED_MSG.servicePriceNegative;
  if (blank(s.scheduleId)) e.scheduleId = SCHED_MSG.serviceAgendaRequired;
  if (s.duration === null || s.duration === undefined || !Number.isFinite(s.duration)) e.duration = SCHED_MSG.serviceDurationRequired;
  else if (s.duration < SERVICE_MIN_DURATION || !Number.isInteger(s.duration)) e.duration = SCHED_MSG.serviceDurationMin;
  return e;
}

export function validateCategory(c: { name?: string | null }): FieldErrors<'name'> {
  return blank(c.name) ? { name: SCHED_MSG.categoryNameRequired } : {};
}

/** Two category names are the same one when they differ only in case, accents' composition or spaces. */
export function sameCategoryName(a: string, b: string): boolean {
  const key = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR');
  return key(a) === key(b);
}

export interface CollaboratorScheduleDraft {
  collaboratorId?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  availableDays?: SlotDraft[] | null;
}
export type CollaboratorScheduleField = 'collaboratorId' | 'startDate' | 'endDate' | 'availableDays';
/** A real day written yyyy-mm-dd, 1900–2100 (./dates.ts). */
export function isIsoDate(s: string | null | undefined): s is string {
  return Boolean(s) && isIsoDay(s!);
}

/** Collaborator schedule (ours: a validity period and weekly hours, spec 001 §3 "Collaborator schedule"). */
export function validateCollaboratorSchedule(c: CollaboratorScheduleDraft): FieldErrors<CollaboratorScheduleField> {
  const e: FieldErrors<CollaboratorScheduleField> = {};
  if (blank(c.collaboratorId)) e.collaboratorId = SCHED_MSG.collaboratorRequired;
  if (blank(c.startDate)) e.startDate = SCHED_MSG.startDateRequired;
  else if (!isIsoDate(c.startDate)) e.startDate = SCHED_MSG.invalidDate;
  if (blank(c.endDate)) e.endDate = SCHED_MSG.endDateRequired;
  else if (!isIsoDate(c.endDate)) e.endDate = SCHED_MSG.invalidDate;
  if (!e.startDate && !e.endDate && c.startDate! > c.endDate!) e.endDate = SCHED_MSG.dateOrder;
  const days = availableDaysError(c.availableDays);
  if (days) e.availableDays = days;
  return e;
}

// ----------------------------------------------------------------------------------------------
// Calendar

/** Weekday of an ISO date, Monday 1 to Sunday 7 (the date is a calendar day, no time zone). */
export function weekdayOf(isoDate: string): number {
  const d = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}
export function addDays(isoDate: string, n: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export interface WeeklySource {
  id: string;
  title: string;
  kind: 'agenda' | 'escala';
  /** Only within these dates (inclusive), when set. */
  from?: string | null;
  to?: string | null;
  slots: Slot[];
}
export interface CalendarEvent {
  id: string;
  title: string;
  kind: 'agenda' | 'escala';
  sourceId: string;
  /** Wall-clock time at the place: YYYY-MM-DDTHH:mm:00, no offset. */
  start: string;
  end: string;
}

/** Dated events for the days [start, end) from weekly availability. */
export function expandWeekly(sources: WeeklySource[], start: string, end: string): CalendarEvent[] {
  const out: CalendarEvent[] = [];
  for (let day = start; day < end; day = addDays(day, 1)) {
    const wd = weekdayOf(day);
    for (const src of sources) {
      if (src.from && day < src.from) continue;
      if (src.to && day > src.to) continue;
      for (const s of src.slots) {
        if (s.dayOfWeek !== wd) continue;
        out.push({
          id: `${src.id}:${day}:${s.startHour}`,
          title: src.title,
          kind: src.kind,
          sourceId: src.id,
          start: `${day}T${s.startHour}:00`,
          end: `${day}T${s.endHour}:00`,
        });
      }
    }
  }
  return out.sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title));
}

/** Whether `now` (wall-clock YYYY-MM-DDTHH:mm[:ss]) falls inside the event: the spec's "current" colour. */
export function containsNow(e: { start: string; end: string }, now: string): boolean {
  const n = now.slice(0, 19).padEnd(19, ':00');
  return e.start <= n && n < e.end;
}

/** Days between two ISO dates. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
