/** Reads of the donations module that more than one route needs; every one is scoped by the caller. */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DonationEvent, Institute } from '../../../shared/contract/donations';
import { DONATION_MSG } from '../../../shared/donations';
import type { Db } from '../../db/client';
import { donationBankAccounts, donationEvents, donationInstitutes } from '../../db/schema/donations';
import { HttpError } from '../../lib/http-error';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string | null | undefined): s is string => typeof s === 'string' && UUID_RE.test(s);

export type EventRow = typeof donationEvents.$inferSelect;

export function toEvent(r: EventRow): DonationEvent {
  return {
    id: r.id,
    nome: r.name,
    link: r.link,
    linkOfLive: r.linkOfLive,
    date: r.date.toISOString(),
    banner_web: r.bannerWeb,
    banner_mobile: r.bannerMobile,
    isActive: r.isActive,
    frequentlyQuestion: r.faq,
    showValueAbove: r.showValueAbove,
    colorTheme: r.colorTheme,
    detailHtml: r.detailHtml,
    aboutProjectHtml: r.aboutProjectHtml,
    customThanks: r.customThanks,
    whichInstitution: r.whichInstitution,
    labelButtonDonate: r.labelButtonDonate,
    contactPhrase: r.contactPhrase,
    contactPhone: r.contactPhone,
    localClienteId: r.venueId,
  };
}

export async function findEvent(db: Db, id: string): Promise<EventRow> {
  const [row] = isUuid(id) ? await db.select().from(donationEvents).where(eq(donationEvents.id, id)) : [];
  if (!row) throw new HttpError(404, DONATION_MSG.eventNotFound);
  return row;
}

export async function listInstitutes(db: Db, where: { venueId: string; eventId?: string; id?: string }): Promise<Institute[]> {
  const conds = [eq(donationInstitutes.venueId, where.venueId), isNull(donationInstitutes.archivedAt)];
  if (where.eventId) conds.push(eq(donationInstitutes.eventId, where.eventId));
  if (where.id) conds.push(eq(donationInstitutes.id, where.id));
  const rows = await db
    .select({
      id: donationInstitutes.id,
      name: donationInstitutes.name,
      bankDataId: donationInstitutes.bankAccountId,
      bankData: donationBankAccounts.description,
      eventId: donationInstitutes.eventId,
      event: donationEvents.name,
    })
    .from(donationInstitutes)
    .innerJoin(donationEvents, eq(donationEvents.id, donationInstitutes.eventId))
    .innerJoin(donationBankAccounts, eq(donationBankAccounts.id, donationInstitutes.bankAccountId))
    .where(and(...conds))
    .orderBy(asc(sql`lower(${donationInstitutes.name})`));
  return rows.map((r) => ({ ...r, nome: r.name, eventModel: { id: r.eventId, nome: r.event } }));
}
