/** Donor report with its Excel file, and the donation dashboard (spec 000 §7 Donor report, Donation dashboard). */
import { and, desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/contract/common';
import {
  dashboardData,
  dashboardVersion,
  DONATION_ROLE,
  donorExcelQuery,
  donorReport,
  donorReportQuery,
  DONOR_REPORT_ROLE,
  payables,
  type DonorReportRow,
} from '../../../shared/contract/donations';
import { downloadAnswer } from '../../../shared/contract/downloads';
import { DONATION_MSG as M, saoPauloWallClock } from '../../../shared/donations';
import { TIME_ZONE } from '../../../shared/format';
import type { Db } from '../../db/client';
import { products } from '../../db/schema/products';
import { donationEvents, donationInstitutes, donations } from '../../db/schema/donations';
import type { FileStorage } from '../../lib/file-storage';
import { HttpError } from '../../lib/http-error';
import { requireVenue, requireVenueOf } from '../../plugins/auth';
import { saveDownload } from '../downloads/downloads';
import { findEvent, isUuid } from './donations.repository';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const eventParam = z.object({ eventId: z.string().max(64) });

export async function reportRoutes(fastify: FastifyInstance, opts: { db: Db; files: FileStorage }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files } = opts;

  /** The venue's event (and institution, when given), or 400 under the filter that is wrong. */
  /**
   * The report's event and (optional) institution, checked against the caller: the venue follows from
   * the event (spec 000 §7 lists only eventId and instituteId); our localClienteId, when sent, must agree.
   */
  async function checkFilters(req: FastifyRequest, given: string | undefined, eventId: string, instituteId: string | undefined) {
    const [found] = isUuid(eventId) ? await db.select().from(donationEvents).where(eq(donationEvents.id, eventId)) : [];
    if (!found) {
      // Same answer as before for a caller who named a venue, after checking that venue.
      if (given) await requireVenue(db, req, given, DONOR_REPORT_ROLE);
      throw new HttpError(400, M.chooseEvent, { errors: [{ path: 'eventId', message: M.chooseEvent }] });
    }
    if (given && given.toLowerCase() !== found.venueId) {
      await requireVenue(db, req, given, DONOR_REPORT_ROLE);
      throw new HttpError(400, M.chooseEvent, { errors: [{ path: 'eventId', message: M.chooseEvent }] });
    }
    // A place named in the call is checked as named (403 when it is not the caller's); an event of
    // another place answers like an unknown one (issue 37: ids reveal nothing); a missing role is 403.
    if (given) await requireVenue(db, req, given, DONOR_REPORT_ROLE);
    const { venueId } = await requireVenueOf(db, req, found.venueId, DONOR_REPORT_ROLE, M.chooseEvent).catch((e: unknown) => {
      if (e instanceof HttpError && e.statusCode === 404) throw new HttpError(400, M.chooseEvent, { errors: [{ path: 'eventId', message: M.chooseEvent }] });
      throw e;
    });
    const ev = { ...found, venueId };
    if (instituteId) {
      const [inst] = isUuid(instituteId)
        ? await db.select({ id: donationInstitutes.id }).from(donationInstitutes).where(and(eq(donationInstitutes.id, instituteId), eq(donationInstitutes.eventId, ev.id)))
        : [];
      if (!inst) throw new HttpError(400, M.chooseInstitute, { errors: [{ path: 'instituteId', message: M.chooseInstitute }] });
    }
    return ev;
  }

  async function reportRows(eventId: string, instituteId: string | undefined): Promise<Array<DonorReportRow & { paidAt: Date }>> {
    const conds = [eq(donations.eventId, eventId), eq(donations.status, 'paid')];
    if (instituteId) conds.push(eq(donations.instituteId, instituteId));
    const rows = await db.select().from(donations).where(and(...conds)).orderBy(desc(donations.paidAt)).limit(50_000);
    return rows.map((r) => ({
      id: r.id,
      date: (r.paidAt ?? r.createdAt).toISOString(),
      paidAt: r.paidAt ?? r.createdAt,
      name: r.donorName,
      document: r.donorDocument,
      email: r.donorEmail,
      phone: r.donorPhone,
      description: r.description,
      amount: r.amountCents / 100,
    }));
  }

  app.get('/api/DonorReport', { schema: { querystring: donorReportQuery, response: { 200: donorReport, ...errors } } }, async (req) => {
    const ev = await checkFilters(req, req.query.localClienteId, req.query.eventId, req.query.instituteId || undefined);
    const rows = await reportRows(ev.id, req.query.instituteId || undefined);
    return rows.map(({ paidAt: _p, ...r }) => r);
  });

  app.get('/api/DonorReport/DownloadMeepDonor', { schema: { querystring: donorExcelQuery, response: { 200: downloadAnswer, ...errors } } }, async (req) => {
    const ev = await checkFilters(req, req.query.localClienteId, req.query.eventId, req.query.instituteId || undefined);
    const venueId = ev.venueId;
    const rows = await reportRows(ev.id, req.query.instituteId || undefined);
    const wb = new ExcelJS.Workbook();
    wb.creator = 'Balcão';
    const ws = wb.addWorksheet('Doadores');
    ws.columns = [
      { header: 'Data', key: 'date', width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
      { header: 'Nome', key: 'name', width: 30 },
      { header: 'Documento', key: 'document', width: 20 },
      { header: 'E-mail', key: 'email', width: 30 },
      { header: 'Telefone', key: 'phone', width: 18 },
      { header: 'Descrição', key: 'description', width: 30 },
      { header: 'Valor', key: 'amount', width: 14, style: { numFmt: '"R$" #,##0.00' } },
    ];
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    for (const r of rows) {
      // Spreadsheet cells have no zone: the cell holds the time in America/Sao_Paulo (UTC−3).
      ws.addRow({ ...r, date: saoPauloWallClock(r.paidAt) });
    }
    const total = ws.addRow({ description: 'Total', amount: rows.reduce((s, r) => s + Math.round(r.amount * 100), 0) / 100 });
    total.font = { bold: true };
    const buffer = Buffer.from(await wb.xlsx.writeBuffer());
    const safe = (req.query.event || ev.name).normalize('NFD').replace(/[^\w -]/g, '').trim().replace(/\s+/g, '_').slice(0, 60) || 'evento';
    return saveDownload(files, venueId, 'donor-report', `Relatorio_doadores_${safe}.xlsx`, 'xlsx', buffer);
  });

  // ---- Dashboard ----------------------------------------------------------------------------
  app.get('/api/Donate/:eventId', { schema: { params: eventParam, response: { 200: dashboardData, ...errors } } }, async (req) => {
    const ev = await findEvent(db, req.params.eventId);
    await requireVenueOf(db, req, ev.venueId, DONATION_ROLE, M.eventNotFound);
    const grouped = await db
      .select({
        productId: sql<string>`coalesce(${donations.productId}::text, '')`,
        client: donationInstitutes.name,
        // The link's own description (kept on the donation) names it; the product only when it has none.
        productName: sql<string>`coalesce(nullif(${donations.description}, ''), ${products.name}, '')`,
        quantity: sql<number>`count(*)::int`,
        cents: donations.amountCents,
      })
      .from(donations)
      .innerJoin(donationInstitutes, eq(donationInstitutes.id, donations.instituteId))
      .leftJoin(products, eq(products.id, donations.productId))
      .where(and(eq(donations.eventId, ev.id), eq(donations.status, 'paid')))
      .groupBy(donations.productId, donationInstitutes.name, products.name, donations.description, donations.amountCents)
      .orderBy(donationInstitutes.name, donations.amountCents);
    const day = sql<string>`to_char(${donations.paidAt} at time zone '${sql.raw(TIME_ZONE)}', 'YYYY-MM-DD')`;
    const series = await db
      .select({ time: day, cents: sql<number>`sum(${donations.amountCents})::int` })
      .from(donations)
      .where(and(eq(donations.eventId, ev.id), eq(donations.status, 'paid')))
      .groupBy(day)
      .orderBy(day);
    return {
      donations: grouped.map((g) => ({ productId: g.productId, client: g.client, productName: g.productName, quantity: g.quantity, amount: g.cents / 100 })),
      quantities: series.map((s) => ({ time: s.time, amount: s.cents / 100 })),
    };
  });

  app.get('/api/Donate/Payables/:eventId', { schema: { params: eventParam, response: { 200: payables, ...errors } } }, async (req) => {
    const ev = await findEvent(db, req.params.eventId);
    await requireVenueOf(db, req, ev.venueId, DONATION_ROLE, M.eventNotFound);
    const day = sql<string>`to_char(${donations.paymentDate} at time zone '${sql.raw(TIME_ZONE)}', 'YYYY-MM-DD')`;
    const rows = await db
      .select({
        institute: donationInstitutes.name,
        paymentDate: day,
        cents: sql<number>`sum(${donations.amountCents})::int`,
        fee: sql<number>`sum(${donations.feeCents})::int`,
      })
      .from(donations)
      .innerJoin(donationInstitutes, eq(donationInstitutes.id, donations.instituteId))
      .where(and(eq(donations.eventId, ev.id), eq(donations.status, 'paid')))
      .groupBy(donationInstitutes.name, day)
      .orderBy(day, donationInstitutes.name);
    return rows.map((r) => ({ institute: r.institute, paymentDate: r.paymentDate, amount: r.cents / 100, fee: r.fee / 100, amountToPay: (r.cents - r.fee) / 100 }));
  });

  app.get('/api/Donate/Version/:eventId', { schema: { params: eventParam, response: { 200: dashboardVersion, ...errors } } }, async (req) => {
    const ev = await findEvent(db, req.params.eventId);
    await requireVenueOf(db, req, ev.venueId, DONATION_ROLE, M.eventNotFound);
    const [v] = await db
      .select({ count: sql<number>`count(*)::int`, last: sql<string | null>`max(${donations.paidAt})::text` })
      .from(donations)
      .where(and(eq(donations.eventId, ev.id), eq(donations.status, 'paid')));
    return { count: v.count, last: v.last };
  });
}

