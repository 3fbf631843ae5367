/**
 * Withdrawals and money out (spec 001 §2.15, §5, §7, §8): the daily withdrawal report, today's
 * withdrawals awaiting the bank's remittance file, the remittance itself (a CNAB-style file saved
 * for download and e-mailed through the app's mailer), the withdrawal lookup and its receipt date
 * change, and the bank transfer through the bank adapter.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorBody } from '../../../shared/contract/common';
import {
  dailyWithdrawalQuery,
  dailyWithdrawalReport,
  FINANCE_PATHS,
  localQuery,
  optionalLocalQuery,
  remittanceAnswer,
  remittanceList,
  remittanceRequest,
  transferAnswer,
  transferRequest,
  withdrawalDateRequest,
  withdrawalInfo,
  messageAnswer,
  idParam,
} from '../../../shared/contract/finance';
import { normalizeDocument } from '../../../shared/documents';
import { centsToReais, FINANCE_MSG, FINANCE_ROLES, isUuid, saoPauloDay, wireToCents } from '../../../shared/finance';
import type { Db } from '../../db/client';
import { venues } from '../../db/schema/venues';
import { financeRemittances, financeTransfers, financeWithdrawals } from '../../db/schema/finance';
import type { FileStorage } from '../../lib/file-storage';
import { HttpError } from '../../lib/http-error';
import { enqueueJob } from '../../lib/jobs';
import type { Mailer } from '../../lib/mailer';
import { requireUser, requireVenue } from '../../plugins/auth';
import { saveDownload } from '../downloads/downloads';
import type { BankAdapter } from './adapters';
import { audit, createIdempotentRunner, financeKeyOf, sendCommand, type Tx } from './finance.repository';
import { defineTransferSettleJob, transferAnswerOf, transferCommand } from './transfers';
import { commandHash, runOnce } from '../../lib/once';
import { ORDER_MSG } from '../../../shared/orders';
import type { AuthUser } from '../../plugins/auth';
import { venueOfObject } from './finance-venue';
import { defineRemittanceMailJob, REMITTANCE_MAIL_JOB, type RemittanceMailPayload } from './remittance-mail-job';
import { venueOfCall } from '../../lib/venue-context';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const spDay = (col: unknown) => sql`((${col}) at time zone 'America/Sao_Paulo')::date`;

/** A fixed-width remittance file in the spirit of CNAB 240: header, one detail per withdrawal, trailer. */
export function buildRemittanceFile(venueName: string, rows: Array<{ id: string; holderName: string; amountCents: number }>, at: Date): string {
  const pad = (s: string, n: number) => s.normalize('NFD').replace(/[^\x20-\x7e]/g, '').toUpperCase().slice(0, n).padEnd(n, ' ');
  const num = (v: number | string, n: number) => String(v).padStart(n, '0').slice(-n);
  const day = saoPauloDay(at).replace(/-/g, '');
  const lines = [`0${num(218, 3)}REMESSA   ${pad(venueName, 40)}${day}${num(rows.length, 6)}`];
  rows.forEach((r, i) => lines.push(`1${num(i + 1, 6)}${pad(r.id, 36)}${pad(r.holderName, 40)}${num(r.amountCents, 15)}`));
  lines.push(`9${num(rows.length, 6)}${num(rows.reduce((s, r) => s + r.amountCents, 0), 18)}`);
  return `${lines.join('\r\n')}\r\n`;
}

export function withdrawalRoutes(fastify: FastifyInstance, opts: { db: Db; files: FileStorage; mailer: Mailer; bank: BankAdapter }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files, mailer, bank } = opts;
  defineRemittanceMailJob(fastify.jobs, { mailer, files });
  defineTransferSettleJob(fastify.jobs, db, bank);
  const run = createIdempotentRunner(db);

  app.get(`/${FINANCE_PATHS.dailyWithdrawals}`, { schema: { querystring: dailyWithdrawalQuery, response: { 200: dailyWithdrawalReport, ...errors } } }, async (req) => {
    const { venueId } = await venueOfCall(db, req, { given: req.query.localId, role: FINANCE_ROLES.finance, param: 'localId' });
    const day = req.query.withdrawalDate.slice(0, 10);
    if (day > saoPauloDay()) throw new HttpError(400, FINANCE_MSG.withdrawalDateInFuture);
    const rows = await db
      .select({ type: financeWithdrawals.type, quantity: sql<number>`count(*)::int`, cents: sql<number>`sum(${financeWithdrawals.amountCents})::bigint` })
      .from(financeWithdrawals)
      .where(and(eq(financeWithdrawals.venueId, venueId), sql`${spDay(financeWithdrawals.createdAt)} = ${day}::date`))
      .groupBy(financeWithdrawals.type)
      .orderBy(asc(financeWithdrawals.type));
    return rows.map((r) => ({ WithdrawalType: r.type, Quantity: r.quantity, Value: centsToReais(Number(r.cents)) }));
  });

  app.get(`/${FINANCE_PATHS.todayWithdrawals}`, { schema: { querystring: optionalLocalQuery, response: { 200: remittanceList, ...errors } } }, async (req) => {
    const { venueId } = await venueOfCall(db, req, { given: req.query.localId, role: FINANCE_ROLES.finance, param: 'localId' });
    const rows = await db
      .select()
      .from(financeWithdrawals)
      .where(and(eq(financeWithdrawals.venueId, venueId), isNull(financeWithdrawals.remittanceId), sql`${spDay(financeWithdrawals.createdAt)} = ${saoPauloDay()}::date`))
      .orderBy(asc(financeWithdrawals.createdAt));
    return rows.map((r) => ({ TransactionId: r.id, Value: centsToReais(r.amountCents), NomeTitularConta: r.holderName, DataCriacao: r.createdAt.toISOString() }));
  });

  /** §7 writes the remittances with the withdrawals' ids only: the venue is theirs unless ours is given. */
  function withdrawalsVenue(req: FastifyRequest, given: string | undefined, ids: string[]) {
    return venueOfObject(db, req, {
      given,
      role: FINANCE_ROLES.finance,
      notFound: FINANCE_MSG.remittanceStale,
      lookup: async () => {
        const rows = await db.selectDistinct({ venueId: financeWithdrawals.venueId }).from(financeWithdrawals).where(inArray(financeWithdrawals.id, ids));
        // Withdrawals of several venues never share a file.
        return rows.length === 1 ? rows[0]!.venueId : null;
      },
    });
  }

  /**
   * A remittance of the withdrawals the body lists, all of one venue and still as listed (409 stale
   * otherwise). A regular one takes withdrawals not sent yet and marks them sent; an adjustment
   * (spec 001 §7 shows no payload: ours is the remittance's, docs/decisions/finance.md) sends again
   * withdrawals already sent, in a file of its own.
   */
  function remittanceRoute(path: string, route: string, regular: boolean) {
    app.post(`/${path}`, { schema: { querystring: optionalLocalQuery, body: remittanceRequest, response: { 200: remittanceAnswer, ...errors } } }, async (req, reply) => {
      const ids = [...new Set(req.body.TransactionList.map((s) => s.toLowerCase()))].sort();
      const { venueId } = await withdrawalsVenue(req, req.query.localId, ids);
      return run(req, reply, route, venueId, ids, async (tx, user) => {
        const rows = await tx
          .select()
          .from(financeWithdrawals)
          .where(and(eq(financeWithdrawals.venueId, venueId), inArray(financeWithdrawals.id, ids), regular ? isNull(financeWithdrawals.remittanceId) : undefined))
          .orderBy(asc(financeWithdrawals.createdAt));
        if (rows.length !== ids.length) throw new HttpError(409, FINANCE_MSG.remittanceStale);
        if (!regular && rows.some((r) => !r.remittanceId)) throw new HttpError(409, FINANCE_MSG.remittanceAdjustmentNotSent);
        return writeRemittance(tx, user, venueId, rows, regular ? 'remessa-bs2' : 'remessa-ajuste-bs2', regular);
      });
    });
  }
  remittanceRoute(FINANCE_PATHS.remittance, 'remittance', true);

  /** Writes the file, records it, e-mails it; a regular remittance also marks its withdrawals as sent. */
  async function writeRemittance(tx: Tx, user: AuthUser, venueId: string, rows: Array<typeof financeWithdrawals.$inferSelect>, prefix: string, markSent: boolean) {
    const ids = rows.map((r) => r.id);
    const [venue] = await tx.select({ name: venues.name }).from(venues).where(eq(venues.id, venueId));
    const now = new Date();
    const cents = rows.reduce((s, r) => s + r.amountCents, 0);
    const fileName = `${prefix}-${saoPauloDay(now).replace(/-/g, '')}-${now.getTime().toString(36)}.rem`;
    const content = Buffer.from(buildRemittanceFile(venue.name, rows, now), 'latin1');
    const file = await saveDownload(files, venueId, 'remittance', fileName, 'rem', content);
    const [rem] = await tx
      .insert(financeRemittances)
      .values({ venueId, fileName, relativePath: file.RelativePath, withdrawalCount: rows.length, amountCents: cents, emailedTo: user.email, createdBy: user.id })
      .returning({ id: financeRemittances.id });
    if (markSent) await tx.update(financeWithdrawals).set({ remittanceId: rem.id }).where(inArray(financeWithdrawals.id, ids));
    await audit(tx, { venueId, user, action: markSent ? 'create-remittance' : 'create-remittance-adjustment', entity: 'remittance', entityId: rem.id, detail: { withdrawals: ids, amountCents: cents, fileName } });
    // The e-mail (with the file attached) leaves on the job queue once this transaction commits.
    await enqueueJob(tx, REMITTANCE_MAIL_JOB, { remittanceId: rem.id, adjustment: !markSent } satisfies RemittanceMailPayload);
    return { status: 200, body: { Message: FINANCE_MSG.remittanceEmailed, RemessaId: rem.id, FileName: fileName, RelativePath: file.RelativePath, Quantidade: rows.length, Valor: centsToReais(cents) } };
  }

  remittanceRoute(FINANCE_PATHS.remittanceAdjustment, 'remittance-adjustment', false);

  /** The lookup and the date change name a withdrawal only (§7): the venue is the withdrawal's unless ours is given. */
  function withdrawalVenue(req: FastifyRequest, given: string | undefined, id: string) {
    return venueOfObject(db, req, {
      given,
      role: FINANCE_ROLES.finance,
      notFound: FINANCE_MSG.withdrawalNotFound,
      lookup: async () => (await db.select({ venueId: financeWithdrawals.venueId }).from(financeWithdrawals).where(eq(financeWithdrawals.id, id)))[0]?.venueId,
    });
  }

  app.get(
    `/${FINANCE_PATHS.withdrawal}/:id`,
    { schema: { params: z.object({ id: z.string().check(z.maxLength(80)) }), querystring: optionalLocalQuery, response: { 200: withdrawalInfo, ...errors } } },
    async (req) => {
      const id = req.params.id.trim();
      if (!isUuid(id)) throw new HttpError(404, FINANCE_MSG.withdrawalNotFound);
      const { venueId } = await withdrawalVenue(req, req.query.localId, id.toLowerCase());
      const [r] = await db
        .select({ w: financeWithdrawals, venueName: venues.name })
        .from(financeWithdrawals)
        .innerJoin(venues, eq(venues.id, financeWithdrawals.venueId))
        .where(and(eq(financeWithdrawals.venueId, venueId), eq(financeWithdrawals.id, id.toLowerCase())));
      if (!r) throw new HttpError(404, FINANCE_MSG.withdrawalNotFound);
      return { SaqueId: r.w.id, NomePortal: r.venueName, ValorSaque: centsToReais(r.w.amountCents), NomeTitularConta: r.w.holderName, DataCriacao: r.w.createdAt.toISOString(), DataRecebimento: r.w.receivedOn };
    },
  );

  // §7 leaves the method unclear: both PUT and POST are accepted.
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: `/${FINANCE_PATHS.withdrawalDate}`,
      schema: { querystring: optionalLocalQuery, body: withdrawalDateRequest, response: { 200: messageAnswer, ...errors } },
      handler: async (req, reply) => {
        const id = req.body.SaqueId.trim().toLowerCase();
        if (!isUuid(id)) throw new HttpError(404, FINANCE_MSG.withdrawalNotFound);
        const { venueId } = await withdrawalVenue(req, req.query.localId, id);
        return run(req, reply, 'withdrawal-date', venueId, { id, day: req.body.NovaDataSaque }, async (tx, user) => {
          const [w] = await tx.select().from(financeWithdrawals).where(and(eq(financeWithdrawals.venueId, venueId), eq(financeWithdrawals.id, id))).for('update');
          if (!w) throw new HttpError(404, FINANCE_MSG.withdrawalNotFound);
          if (req.body.NovaDataSaque < saoPauloDay(w.createdAt)) throw new HttpError(400, FINANCE_MSG.newDateBeforeCreation);
          await tx.update(financeWithdrawals).set({ receivedOn: req.body.NovaDataSaque }).where(eq(financeWithdrawals.id, id));
          await audit(tx, { venueId, user, action: 'change-withdrawal-date', entity: 'withdrawal', entityId: id, detail: { from: w.receivedOn, to: req.body.NovaDataSaque } });
          return { status: 200, body: { Message: FINANCE_MSG.withdrawalDateUpdated } };
        });
      },
    });
  }

  /**
   * The bank transfer, exactly once (transfers.ts). 202 answers a transfer the bank has not
   * confirmed yet ("em verificação"): the request was accepted and its effect is stored, but its
   * outcome is not known; 202 is HTTP's "accepted, not yet completed", a 2xx because nothing failed
   * and a retry must not be invited (the same key answers the current state, never sends again).
   */
  app.post(
    `/${FINANCE_PATHS.transfer}`,
    { schema: { querystring: localQuery, body: transferRequest, response: { 200: transferAnswer, 202: transferAnswer, ...errors } } },
    async (req, reply) => {
      const { venueId } = await requireVenue(db, req, req.query.localId.toLowerCase(), FINANCE_ROLES.finance);
      const user = requireUser(req);
      const b = req.body;
      const transfer = {
        bankCode: b.codigoBanco,
        agency: b.agencia,
        account: b.contaBancaria,
        accountDigit: b.digitoContaBancaria,
        accountType: b.tipoContaBancaria,
        document: normalizeDocument(b.documentoContaBancaria),
        holderName: b.titularConta.trim(),
        amountCents: wireToCents(b.valorTransferencia)!,
      };
      const r = await runOnce(
        db,
        transferCommand(db, bank, { venueId, user, key: financeKeyOf(req), hash: commandHash('finance:transfer', b), transfer, mismatchMessage: ORDER_MSG.idempotencyMismatch }),
      );
      return sendCommand(reply, r);
    },
  );

  /** A transfer's current state (the screen follows one "em verificação" until the bank settles it). */
  app.get(
    `/${FINANCE_PATHS.transfer}/:id`,
    { schema: { params: idParam, querystring: localQuery, response: { 200: transferAnswer, ...errors } } },
    async (req) => {
      const { venueId } = await requireVenue(db, req, req.query.localId.toLowerCase(), FINANCE_ROLES.finance);
      const id = req.params.id.trim().toLowerCase();
      if (!isUuid(id)) throw new HttpError(404, FINANCE_MSG.transferNotFound);
      const [row] = await db.select().from(financeTransfers).where(and(eq(financeTransfers.venueId, venueId), eq(financeTransfers.id, id)));
      if (!row) throw new HttpError(404, FINANCE_MSG.transferNotFound);
      return transferAnswerOf(row).body;
    },
  );
}
