/**
 * Transaction processing (spec 001 §2.15, §5, §7): a venue's bank accounts, the process dialog's
 * request (date window, serial numbers, acquirer 3 or 4) that moves the matching captured card
 * transactions into the chosen account, and the totem screen that processes one acquirer
 * transaction by its id.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import { bankAccountList, FINANCE_PATHS, fromOwnAcquirerPayload, outsideProcessRequest, processAnswer, processRequest, totemAnswer, totemRequest } from '../../../shared/contract/finance';
import { centsToReais, FINANCE_MSG, FINANCE_ROLES, isUuid, parseSerials } from '../../../shared/finance';
import type { Db } from '../../db/client';
import { financeBankAccounts, financeProcessRequests, financeTransactions } from '../../db/schema/finance';
import { HttpError } from '../../lib/http-error';
import { requireUser, requireVenue } from '../../plugins/auth';
import { type AcquiredTransaction, type AcquirerAdapter, ProviderError, ProviderUnavailableError } from './adapters';
import { runOnce } from '../../lib/once';
import { audit, createIdempotentRunner, financeRequestOnce, lockVenue, sendCommand, type Tx } from './finance.repository';
import { z } from 'zod/mini';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };
const PROVIDER_LABEL = 'MP Pagamentos';
/** The provider's own acquirer (PayStore terminals): code 4 of the process dialog's radio (spec 001 §9). */
const OWN_ACQUIRER = 4;

async function alreadyProcessed(tx: Tx, txId: string): Promise<void> {
  const [existing] = await tx.select({ id: financeTransactions.id }).from(financeTransactions).where(and(eq(financeTransactions.acquirer, 3), eq(financeTransactions.acquirerTransactionId, txId)));
  if (existing) throw new HttpError(409, FINANCE_MSG.totemAlreadyProcessed);
}

async function bankAccountOf(tx: Tx | Db, venueId: string, id: string) {
  const [acc] = await tx.select().from(financeBankAccounts).where(and(eq(financeBankAccounts.venueId, venueId), eq(financeBankAccounts.id, id)));
  if (!acc) throw new HttpError(400, FINANCE_MSG.bankAccountNotFound);
  return acc;
}

/** A day in São Paulo as a timestamp range [start, next day start). */
const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'America/Sao_Paulo')`;

export function transactionRoutes(fastify: FastifyInstance, opts: { db: Db; acquirer: AcquirerAdapter }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, acquirer } = opts;
  const run = createIdempotentRunner(db);

  app.get(
    `/${FINANCE_PATHS.bankAccounts}/:id`,
    { schema: { params: z.object({ id: z.string().check(z.maxLength(80)) }), response: { 200: bankAccountList, ...errors } } },
    async (req) => {
      // Only a UUID can be a place (§5); anything else is not a place this user belongs to.
      if (!isUuid(req.params.id)) throw new HttpError(403, FINANCE_MSG.bankAccountsFailed);
      const { venueId } = await requireVenue(db, req, req.params.id.toLowerCase(), FINANCE_ROLES.process);
      const rows = await db.select().from(financeBankAccounts).where(eq(financeBankAccounts.venueId, venueId)).orderBy(asc(financeBankAccounts.description));
      return rows.map((r) => ({
        id: r.id,
        descricao: `${r.ownProvider ? `${PROVIDER_LABEL} - ` : ''}${r.description} (banco ${r.bankCode}, ag. ${r.agency}, conta ${r.account})`,
        mPPagamentos: r.ownProvider,
      }));
    },
  );

  // The own acquirer's process call (spec 001 §7, path not shown) is this one: its payload
  // (LocalId, CardLastDigits, InitialDate, EndDate, Equipaments, BankAccountId) becomes ours with Adquirente 4.
  const ownAcquirerPayload = async (req: FastifyRequest) => {
    req.body = fromOwnAcquirerPayload(req.body);
  };
  app.post(`/${FINANCE_PATHS.process}`, { preValidation: ownAcquirerPayload, schema: { body: processRequest, response: { 200: processAnswer, ...errors } } }, async (req, reply) => {
    const b = req.body;
    const { venueId } = await requireVenue(db, req, b.LocalId.toLowerCase(), FINANCE_ROLES.process);
    return run(req, reply, 'process', venueId, b, async (tx, user) => {
      const account = await bankAccountOf(tx, venueId, b.ContaBancariaId);
      const serials = parseSerials(b.Equipamentos);
      const conds = [
        eq(financeTransactions.venueId, venueId),
        eq(financeTransactions.acquirer, b.Adquirente),
        inArray(financeTransactions.serialNumber, serials),
        isNull(financeTransactions.processedAt),
        gte(financeTransactions.capturedAt, dayStart(b.DataInicio)),
        lte(financeTransactions.capturedAt, sql`${dayStart(b.DataFinal)} + interval '1 day' - interval '1 microsecond'`),
      ];
      if (b.FinalCartao) conds.push(eq(financeTransactions.cardLastDigits, b.FinalCartao));
      const [request] = await tx
        .insert(financeProcessRequests)
        .values({ venueId, acquirer: b.Adquirente, bankAccountId: account.id, startDay: b.DataInicio, endDay: b.DataFinal, cardLastDigits: b.FinalCartao || null, serials, transactionCount: 0, amountCents: 0, createdBy: user.id })
        .returning({ id: financeProcessRequests.id });
      const moved = await tx
        .update(financeTransactions)
        .set({ processedAt: new Date(), processRequestId: request.id, bankAccountId: account.id })
        .where(and(...conds))
        .returning({ id: financeTransactions.id, amountCents: financeTransactions.amountCents });
      const cents = moved.reduce((s, m) => s + m.amountCents, 0);
      await tx.update(financeProcessRequests).set({ transactionCount: moved.length, amountCents: cents }).where(eq(financeProcessRequests.id, request.id));
      await audit(tx, { venueId, user, action: 'process-transactions', entity: 'process_request', entityId: request.id, detail: { acquirer: b.Adquirente, serials, start: b.DataInicio, end: b.DataFinal, cardLastDigits: b.FinalCartao || null, bankAccountId: account.id, transactions: moved.length, amountCents: cents } });
      return { status: 200, body: { Message: FINANCE_MSG.processSent, ProcessoId: request.id, TransacoesProcessadas: moved.length, Valor: centsToReais(cents) } };
    });
  });

  // Spec 001 §7 shows no payload (ours, docs/decisions/finance.md): the own acquirer's (PayStore) captured transactions of
  // the window that no process request took, from any terminal, go to the chosen account.
  app.post(`/${FINANCE_PATHS.processOutside}`, { schema: { body: outsideProcessRequest, response: { 200: processAnswer, ...errors } } }, async (req, reply) => {
    const b = req.body;
    const { venueId } = await requireVenue(db, req, b.LocalId.toLowerCase(), FINANCE_ROLES.process);
    return run(req, reply, 'process-outside', venueId, b, async (tx, user) => {
      const account = await bankAccountOf(tx, venueId, b.ContaBancariaId);
      const [request] = await tx
        .insert(financeProcessRequests)
        .values({ venueId, acquirer: OWN_ACQUIRER, bankAccountId: account.id, startDay: b.DataInicio, endDay: b.DataFinal, cardLastDigits: null, serials: [], transactionCount: 0, amountCents: 0, createdBy: user.id })
        .returning({ id: financeProcessRequests.id });
      const moved = await tx
        .update(financeTransactions)
        .set({ processedAt: new Date(), processRequestId: request.id, bankAccountId: account.id })
        .where(
          and(
            eq(financeTransactions.venueId, venueId),
            eq(financeTransactions.acquirer, OWN_ACQUIRER),
            isNull(financeTransactions.processedAt),
            gte(financeTransactions.capturedAt, dayStart(b.DataInicio)),
            lte(financeTransactions.capturedAt, sql`${dayStart(b.DataFinal)} + interval '1 day' - interval '1 microsecond'`),
          ),
        )
        .returning({ id: financeTransactions.id, amountCents: financeTransactions.amountCents });
      const cents = moved.reduce((s, m) => s + m.amountCents, 0);
      await tx.update(financeProcessRequests).set({ transactionCount: moved.length, amountCents: cents }).where(eq(financeProcessRequests.id, request.id));
      await audit(tx, { venueId, user, action: 'process-outside-transactions', entity: 'process_request', entityId: request.id, detail: { acquirer: OWN_ACQUIRER, start: b.DataInicio, end: b.DataFinal, bankAccountId: account.id, transactions: moved.length, amountCents: cents } });
      return { status: 200, body: { Message: FINANCE_MSG.processSent, ProcessoId: request.id, TransacoesProcessadas: moved.length, Valor: centsToReais(cents) } };
    });
  });

  app.post(`/${FINANCE_PATHS.totem}`, { schema: { body: totemRequest, response: { 200: totemAnswer, ...errors, 503: errorBody } } }, async (req, reply) => {
    const b = req.body;
    const { venueId } = await requireVenue(db, req, b.LocalClienteId.toLowerCase(), FINANCE_ROLES.process);
    const txId = b.TransacaoPagSeguroId.trim().toUpperCase();
    const user = requireUser(req);
    type Found = { kind: 'found'; t: AcquiredTransaction } | { kind: 'not-found' } | { kind: 'unavailable' };
    // runOnce (lib/once.ts): the key is taken and the request checked in one transaction, the
    // acquirer is asked outside any transaction, and the transaction is recorded in a second one.
    // The lookup is a read: when it finds nothing or cannot be made nothing was recorded, and the
    // key is released (forget), so the same retry asks again.
    const r = await runOnce<{ ref: string; accountId: string }, Found>(db, {
      ...financeRequestOnce(req, venueId, 'totem', { ...b, TransacaoPagSeguroId: txId }),
      async reserve(tx) {
        const account = await bankAccountOf(tx, venueId, b.ContaBancariaId);
        await alreadyProcessed(tx, txId);
        return { ref: randomUUID(), accountId: account.id };
      },
      async call() {
        try {
          const t = await acquirer.findTransaction(txId);
          return t ? { kind: 'found', t } : { kind: 'not-found' };
        } catch (err) {
          if (err instanceof ProviderError && !(err instanceof ProviderUnavailableError)) throw new HttpError(422, err.message);
          if (err instanceof ProviderError) return { kind: 'unavailable' };
          throw err;
        }
      },
      async finish(tx, reserved, found) {
        if (found.kind === 'not-found') return { status: 404, body: { Message: FINANCE_MSG.totemNotFound }, forget: true };
        if (found.kind === 'unavailable') return { status: 503, body: { Message: FINANCE_MSG.totemAcquirerUnavailable }, forget: true };
        await lockVenue(tx, venueId);
        // Another key may have processed it meanwhile (the unique index would refuse it too).
        await alreadyProcessed(tx, txId);
        const t = found.t;
        const [{ next }] = await tx.select({ next: sql<string>`(coalesce(max(case when ${financeTransactions.posTransactionId} ~ '^[0-9]{1,15}$' then ${financeTransactions.posTransactionId}::bigint end), 880000) + 1)::text` }).from(financeTransactions);
        const [row] = await tx
          .insert(financeTransactions)
          .values({ venueId, acquirer: 3, acquirerTransactionId: txId, serialNumber: t.serialNumber, cardLastDigits: t.cardLastDigits, amountCents: t.amountCents, capturedAt: t.capturedAt, posTransactionId: next, bankAccountId: reserved.accountId, processedAt: new Date() })
          .returning({ id: financeTransactions.id });
        await audit(tx, { venueId, user, action: 'process-totem-transaction', entity: 'transaction', entityId: row.id, detail: { acquirerTransactionId: txId, posTransactionId: next, amountCents: t.amountCents, bankAccountId: reserved.accountId } });
        return { status: 200, body: { TransacaoPOSId: next, Message: FINANCE_MSG.totemDone(next) } };
      },
      // A twin that waited past the bound: the transaction processed by now, or the lookup still running.
      async current() {
        const [done] = await db.select({ pos: financeTransactions.posTransactionId }).from(financeTransactions).where(and(eq(financeTransactions.acquirer, 3), eq(financeTransactions.acquirerTransactionId, txId)));
        return done?.pos ? { status: 200, body: { TransacaoPOSId: done.pos, Message: FINANCE_MSG.totemDone(done.pos) } } : { status: 503, body: { Message: FINANCE_MSG.totemAcquirerUnavailable } };
      },
    });
    if (r.status === 503) throw new HttpError(503, FINANCE_MSG.totemAcquirerUnavailable, {}, { 'retry-after': '5' });
    return sendCommand(reply, r);
  });
}
