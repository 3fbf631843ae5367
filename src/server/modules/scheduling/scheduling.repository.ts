/** Reads and writes of the scheduling tables, always scoped to one venue. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Schedule } from '../../../shared/contract/scheduling';
import { sortSlots } from '../../../shared/scheduling';
import type { Db, Tx } from '../../db/client';
import { memberships, users } from '../../db/schema/auth';
import { collaboratorScheduleDays, collaboratorSchedules, scheduleAvailableDays, scheduleCategories, schedules, scheduleServices } from '../../db/schema/scheduling';

type ScheduleRow = typeof schedules.$inferSelect;

/** Agendas in the contract's shape, with their category, collaborator, days and services. */
export async function loadSchedules(db: Db | Tx, rows: ScheduleRow[]): Promise<Schedule[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const catIds = [...new Set(rows.map((r) => r.categoryId).filter((x): x is string => Boolean(x)))];
  const userIds = [...new Set(rows.map((r) => r.collaboratorId).filter((x): x is string => Boolean(x)))];
  const [days, services, cats, us] = await Promise.all([
    db.select().from(scheduleAvailableDays).where(inArray(scheduleAvailableDays.scheduleId, ids)),
    db.select().from(scheduleServices).where(inArray(scheduleServices.scheduleId, ids)).orderBy(asc(scheduleServices.name)),
    catIds.length ? db.select({ id: scheduleCategories.id, name: scheduleCategories.name }).from(scheduleCategories).where(inArray(scheduleCategories.id, catIds)) : [],
    userIds.length ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)) : [],
  ]);
  return rows.map((r) => {
    const own = sortSlots(days.filter((d) => d.scheduleId === r.id).map((d) => ({ id: d.id, dayOfWeek: d.dayOfWeek, startHour: d.startHour, endHour: d.endHour })));
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      durationBase: r.durationBase,
      categoryScheduleId: r.categoryId,
      categoryName: cats.find((c) => c.id === r.categoryId)?.name ?? null,
      colaboratorId: r.collaboratorId,
      collaboratorName: us.find((u) => u.id === r.collaboratorId)?.name ?? null,
      placeId: r.placeId,
      localClientId: r.venueId,
      imageUrl: r.imageUrl,
      availability: { AvailabilityDescription: r.availabilityDescription, availableDays: own },
      avalableDays: own,
      services: services
        .filter((s) => s.scheduleId === r.id)
        .map((s) => ({ id: s.id, productName: s.name, productValue: s.valueCents / 100, duration: s.duration, imageUrl: s.imageUrl })),
    };
  });
}

export async function schedulesOfVenue(db: Db, venueId: string): Promise<Schedule[]> {
  const rows = await db.select().from(schedules).where(eq(schedules.venueId, venueId)).orderBy(asc(schedules.name));
  return loadSchedules(db, rows);
}

export async function isMember(db: Db | Tx, venueId: string, userId: string): Promise<boolean> {
  const [m] = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.venueId, venueId), eq(memberships.userId, userId)));
  return Boolean(m);
}

export async function categoriesOf(db: Db, venueId: string) {
  return db
    .select({
      id: scheduleCategories.id,
      name: scheduleCategories.name,
      imageUrl: scheduleCategories.imageUrl,
      agendas: sql<number>`(select count(*)::int from schedules s where s.category_id = ${scheduleCategories}.id)`,
    })
    .from(scheduleCategories)
    .where(eq(scheduleCategories.venueId, venueId))
    .orderBy(asc(scheduleCategories.name));
}

export interface CollaboratorScheduleFilter {
  name?: string;
  from?: string;
  to?: string;
  collaboratorId?: string;
}

/** Collaborator schedules of the venue whose collaborator's name contains `name` and whose period meets [from, to]. */
export async function collaboratorSchedulesOf(db: Db, venueId: string, f: CollaboratorScheduleFilter) {
  const conds = [eq(collaboratorSchedules.venueId, venueId)];
  const name = f.name?.trim();
  if (name) conds.push(sql`lower(${users.name}) like ${`%${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (f.from) conds.push(sql`${collaboratorSchedules.endDate} >= ${f.from}`);
  if (f.to) conds.push(sql`${collaboratorSchedules.startDate} <= ${f.to}`);
  if (f.collaboratorId) conds.push(eq(collaboratorSchedules.collaboratorId, f.collaboratorId));
  const rows = await db
    .select({
      id: collaboratorSchedules.id,
      collaboratorId: collaboratorSchedules.collaboratorId,
      collaboratorName: users.name,
      startDate: collaboratorSchedules.startDate,
      endDate: collaboratorSchedules.endDate,
    })
    .from(collaboratorSchedules)
    .innerJoin(users, eq(users.id, collaboratorSchedules.collaboratorId))
    .where(and(...conds))
    .orderBy(asc(collaboratorSchedules.startDate), asc(users.name));
  if (!rows.length) return [];
  const days = await db
    .select()
    .from(collaboratorScheduleDays)
    .where(inArray(collaboratorScheduleDays.collaboratorScheduleId, rows.map((r) => r.id)));
  return rows.map((r) => ({
    ...r,
    availableDays: sortSlots(
      days.filter((d) => d.collaboratorScheduleId === r.id).map((d) => ({ id: d.id, dayOfWeek: d.dayOfWeek, startHour: d.startHour, endHour: d.endHour })),
    ),
  }));
}
