/**
 * The bill's math and its settings (issue 41, billmath): the venue's service rate and couvert per
 * person (managers), the couvert's number of people on a bill (the waiter), and discounts, each
 * authorised on the waiter's phone by a manager of THIS venue typing their e-mail and password
 * (the board's "Devolver" confirmation, with a manager's credentials instead of the current user's).
 * Wrong credentials are rate-limited per waiter and per e-mail. A closed bill is never written:
 * every write goes through the open bill's row lock (lockOpenBill) and the database refuses the rest.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import {
  billCouvertRequest,
  billDiscountAnswer,
  billDiscountRequest,
  billParams,
  billQuery,
  billSettings,
  billSettingsRequest,
  tableBill,
  type BillDiscountAnswer,
  type BillSettings,
} from '../../../shared/contract/table-bill';
import { MSG } from '../../../shared/messages';
import { MANAGER_ROLES } from '../../../shared/permissions';
import { hasAccess, mergeRoles } from '../../../shared/roles';
import { BILL_MSG, MANAGER_CONFIRM_LIMIT, MANAGER_CONFIRM_WINDOW_S, billMath, percentToBps, type DiscountEntry } from '../../../shared/table-bill';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema/auth';
import { tableBillDiscounts, tableBillSettings, tableBills } from '../../db/schema/table-bill';
import { DUMMY_HASH, verifyPassword } from '../../lib/crypto';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { commandHash, idempotencyKeyOf, runOnce } from '../../lib/once';
import { hitRateLimit, rateLimitWait } from '../../lib/rate-limit';
import { requireUser, requireVenue } from '../../plugins/auth';
import { billDto, changeOpenBill, billSettingsOf, discountDtos, discountEntry, discountsOf, lockOpenBill, openFiguresOf, waiterTable } from './table-bill.repository';
import type { PixInfo } from './table-bill.repository';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody, 429: errorBody };
const cents = (reais: number) => Math.round(reais * 100);

/**
 * The manager who authorises, or a 403 with one message for every refusal (unknown e-mail, wrong
 * password, not a manager of this venue), so the answer reveals nothing. Only refusals count
 * against the limits: per waiter (the phone) and per e-mail (the manager's account).
 */
export async function confirmManager(db: Db, venueId: string, requesterId: string, email: string, password: string): Promise<{ id: string; name: string }> {
  const mail = email.trim().toLowerCase();
  const keys = [`bill-manager:user:${requesterId}`, `bill-manager:email:${mail}`];
  for (const k of keys) {
    const wait = await rateLimitWait(db, k, MANAGER_CONFIRM_LIMIT);
    if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
  }
  const [u] = await db.select({ id: users.id, name: users.name, hash: users.passwordHash, roles: users.roles }).from(users).where(eq(users.email, mail));
  // The same work whether or not the e-mail exists.
  const ok = await verifyPassword(password, u?.hash ?? DUMMY_HASH);
  const [m] = u && ok ? await db.select({ roles: memberships.roles }).from(memberships).where(and(eq(memberships.userId, u.id), eq(memberships.venueId, venueId))) : [];
  if (!u || !ok || !m || !hasAccess(mergeRoles(u.roles, m.roles), MANAGER_ROLES)) {
    for (const k of keys) await hitRateLimit(db, k, MANAGER_CONFIRM_LIMIT, MANAGER_CONFIRM_WINDOW_S);
    throw new HttpError(403, BILL_MSG.managerRefused);
  }
  return { id: u.id, name: u.name };
}

export function tableBillMathRoutes(fastify: FastifyInstance, opts: { db: Db; pix: PixInfo }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, pix } = opts;

  const settingsDto = (s: { serviceRateBps: number; couvertCents: number | null }): BillSettings => ({
    TaxaServicoPercentual: s.serviceRateBps / 100,
    ValorCouvert: s.couvertCents === null ? null : s.couvertCents / 100,
  });

  // The venue's settings: managers only (the food configuration screen).
  app.get('/api/ContaMesa/Configuracao', { schema: { querystring: billQuery, response: { 200: billSettings, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localId, MANAGER_ROLES);
    return settingsDto(await billSettingsOf(db, venueId));
  });

  app.put('/api/ContaMesa/Configuracao', { schema: { body: billSettingsRequest, response: { 200: billSettings, ...errors } } }, async (req) => {
    const user = requireUser(req);
    const { venueId } = await requireVenue(db, req, req.body.localId, MANAGER_ROLES);
    const values = { serviceRateBps: percentToBps(req.body.TaxaServicoPercentual)!, couvertCents: req.body.ValorCouvert === null ? null : cents(req.body.ValorCouvert), updatedBy: user.id, updatedAt: new Date() };
    await db.insert(tableBillSettings).values({ venueId, ...values }).onConflictDoUpdate({ target: tableBillSettings.venueId, set: values });
    return settingsDto(values);
  });

  // The couvert's people: the waiter, while no payment is paid or waiting.
  app.post('/api/Mesa/:mesa/Conta/Couvert', { schema: { params: billParams, body: billCouvertRequest, response: { 200: tableBill, ...errors } } }, (req) =>
    changeOpenBill(db, req, { localId: req.body.localId, mesa: req.params.mesa }, pix, async (tx, bill, table) => {
      if (bill.couvertPeople === req.body.Pessoas) return;
      if (bill.couvertUnitCents === null && req.body.Pessoas > 0) throw new HttpError(409, BILL_MSG.couvertOff);
      const { payments } = await openFiguresOf(tx, table, bill);
      if (payments.some((p) => p.status === 'paid' || p.status === 'pending')) throw new HttpError(409, BILL_MSG.couvertLocked);
      await tx.update(tableBills).set({ couvertPeople: req.body.Pessoas }).where(eq(tableBills.id, bill.id));
    }),
  );

  // A discount: the manager's e-mail and password, checked before anything is written.
  app.post('/api/Mesa/:mesa/Conta/Descontos', { schema: { params: billParams, body: billDiscountRequest, response: { 201: billDiscountAnswer, ...errors } } }, async (req, reply) => {
    const user = requireUser(req);
    const key = idempotencyKeyOf(req, BILL_MSG.idempotencyInvalid);
    const b = req.body;
    const table = await waiterTable(db, req, b.localId, req.params.mesa);
    let entry: DiscountEntry;
    if (b.Tipo === 'valor') entry = { kind: 'value', valueCents: cents(b.Valor) };
    else {
      const bps = percentToBps(b.Valor);
      if (bps === null || bps < 1 || bps > 10_000) throw new HttpError(400, BILL_MSG.discountPercentInvalid);
      entry = { kind: 'percent', percentBps: bps };
    }
    const manager = await confirmManager(db, table.venueId, user.id, b.Gerente.Email, b.Gerente.Senha);
    const answer = async (q: Parameters<typeof billDto>[0], id: string): Promise<{ status: number; body: BillDiscountAnswer }> => {
      const [row] = await q.select().from(tableBillDiscounts).where(eq(tableBillDiscounts.id, id));
      const conta = await billDto(q, table, pix);
      const [dto] = await discountDtos(q, [row]);
      const given = billMath({ subtotalCents: cents(conta.Subtotal), serviceRateBps: 0, serviceRemoved: true, couvertUnitCents: null, couvertPeople: 0, discounts: [discountEntry(row)] }).discountCents;
      return { status: 201, body: { Message: BILL_MSG.discountGiven(given), Desconto: dto, Conta: conta } };
    };
    const r = await runOnce<{ ref: string }, undefined>(db, {
      scope: `table:${table.id}`,
      key,
      // What is asked, not who authorised it nor the password (checked, never stored).
      hash: commandHash('POST Mesa/Conta/Descontos', { table: table.id, entry, reason: b.Motivo }),
      mismatchMessage: BILL_MSG.idempotencyMismatch,
      async reserve(tx) {
        const bill = await lockOpenBill(tx, table, user.id);
        const { lines, payments, figures } = await openFiguresOf(tx, table, bill);
        if (!lines.length) throw new HttpError(409, BILL_MSG.discountEmptyBill);
        // The total may not move under money already taken, as with the service switch.
        if (payments.some((p) => p.status === 'paid' || p.status === 'pending')) throw new HttpError(409, BILL_MSG.discountLocked);
        const before = (await discountsOf(tx, bill.id)).map(discountEntry);
        const asked = [...before, entry].reduce((s, d) => s + (d.kind === 'value' ? d.valueCents : billMath({ subtotalCents: figures.subtotalCents, serviceRateBps: 0, serviceRemoved: true, couvertUnitCents: null, couvertPeople: 0, discounts: [d] }).discountCents), 0);
        if (asked > figures.subtotalCents) throw new HttpError(409, BILL_MSG.discountOverSubtotal);
        const [row] = await tx
          .insert(tableBillDiscounts)
          .values({
            billId: bill.id,
            venueId: table.venueId,
            kind: entry.kind,
            valueCents: entry.kind === 'value' ? entry.valueCents : null,
            percentBps: entry.kind === 'percent' ? entry.percentBps : null,
            reason: b.Motivo,
            requestedBy: user.id,
            authorizedBy: manager.id,
            authorizedByName: manager.name,
          })
          .returning({ id: tableBillDiscounts.id });
        // The audit line (ids only, no customer data).
        req.log.info({ billId: bill.id, discountId: row.id, requestedBy: user.id, authorizedBy: manager.id }, 'table bill discount authorised');
        return { ref: row.id };
      },
      finish: async (tx, res) => answer(tx, res.ref),
      current: async (ref) => answer(db, ref),
    });
    if (r.replayed) reply.header('idempotent-replayed', 'true');
    if (r.status >= 400) throw new HttpError(r.status, (r.body as { Message: string }).Message);
    reply.status(r.status);
    return r.body as BillDiscountAnswer;
  });
}

