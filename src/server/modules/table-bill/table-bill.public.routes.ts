/**
 * The public bill page (issue 41, the pré-conta's QR): the waiter's phone asks for the open bill's
 * link (`POST api/Mesa/{mesa}/Conta/Link`, a random 24-byte token stored on the bill); anyone with
 * it reads the bill without signing in (`GET api/publico/Conta/{token}`) and pays what remains by Pix
 * (`POST …/Pix`) through the same path as the waiter's Pix: lib/once.ts with the Idempotency-Key,
 * the amount reserved under the open bill's row lock before the PSP is called, `PUT /cob/{txid}`
 * outside any transaction, a PSP timeout "em verificação" settled by the `table-bill.pix-check` job.
 * The token answers only while its bill is open: a closed bill's link is 404. Public Pix attempts
 * count against the payer's address like the payment links' (limitPublicPayment).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import {
  billLinkAnswer,
  billLinkRequest,
  billParams,
  publicBill,
  publicBillParams,
  publicBillPaymentParams,
  publicBillPixAnswer,
  type BillPaymentAnswer,
  type PublicBill,
  type PublicBillSplit,
  type TableBill,
  type PublicBillPixAnswer,
} from '../../../shared/contract/table-bill';
import { BILL_MSG, PUBLIC_BILL_TOKEN_RE, publicBillPath, splitEqually } from '../../../shared/table-bill';
import type { Db } from '../../db/client';
import { tableBillPayments, tableBills } from '../../db/schema/table-bill';
import { venues } from '../../db/schema/venues';
import { HttpError } from '../../lib/http-error';
import { enqueueJob } from '../../lib/jobs';
import { commandHash, idempotencyKeyOf, runOnce, type Q, type Tx } from '../../lib/once';
import { requireUser } from '../../plugins/auth';
import { limitPublicPayment } from '../pix/pay-rate-limit';
import type { PixService } from '../pix/pix.service';
import { billDto, expireStalePix, lockOpenBill, openFiguresOf, openLines, paymentDto, tableOf, type BillRow, type PaymentRow, type TableRef , waiterTable } from './table-bill.repository';
import { BILL_PIX_CHECK_JOB, createBillCob, type Outcome } from './table-bill.routes';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 422: errorBody, 429: errorBody, 502: errorBody, 503: errorBody };
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Who made a payment from the public page (no user): the nil UUID. */
export const PUBLIC_PAYER_ID = '00000000-0000-0000-0000-000000000000';
const txidOf = (paymentId: string) => paymentId.replace(/-/g, '');


/**
 * The bill's split as the public page shows it: by items, each person's name, items, amount and
 * situation; equally, the parts of N once a paid or waiting share fixed N; else null.
 */
export function publicSplitOf(b: TableBill): PublicBillSplit | null {
  const d = b.DivisaoPorItens;
  if (d) {
    return {
      Modo: 'itens',
      Pessoas: d.Pessoas.map((p) => ({ Nome: p.Nome, Itens: p.Itens.map((i) => ({ Nome: i.Nome, Quantidade: i.Quantidade, DivididoPor: i.DivididoPor, Valor: i.Valor })), Valor: p.Valor, Situacao: p.Situacao })),
      SemPessoa: d.SemPessoa.Itens.length ? { Itens: d.SemPessoa.Itens.map((i) => ({ Nome: i.Nome, Quantidade: i.Quantidade, Valor: i.Valor })), Valor: d.SemPessoa.Valor } : null,
    };
  }
  const taken = b.Pagamentos.filter((p) => p.Parte && (p.Status === 'pago' || p.Status === 'pendente'));
  const n = taken[0]?.Parte?.De ?? 0;
  if (n < 2) return null;
  return {
    Modo: 'igual',
    Pessoas: splitEqually(Math.round(b.Total * 100), n).map((cents, i) => {
      const p = taken.find((x) => x.Parte!.De === n && x.Parte!.Indice === i + 1);
      return { Nome: `Parte ${i + 1} de ${n}`, Itens: [], Valor: cents / 100, Situacao: !p ? 'aberta' : p.Status === 'pago' ? 'paga' : 'aguardando' };
    }),
    SemPessoa: null,
  };
}

export function tableBillPublicRoutes(
  fastify: FastifyInstance,
  opts: { db: Db; pix: PixService; sandboxPayments: boolean; env: Record<string, string | undefined> },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, pix } = opts;
  const pixInfo = { available: pix.mode !== 'off', sandbox: pix.mode === 'sandbox' };
  const pixLifeMs = Math.max(60, Number(opts.env.PIX_CHARGE_EXPIRATION_SECONDS) || 3600) * 1000;
  const checkDelayMs = Number(opts.env.PAYMENT_CHECK_DELAY_MS) >= 0 && opts.env.PAYMENT_CHECK_DELAY_MS ? Number(opts.env.PAYMENT_CHECK_DELAY_MS) : 30_000;

  // The waiter's phone: the open bill's link, made once and kept until the bill closes.
  app.post('/api/Mesa/:mesa/Conta/Link', { schema: { params: billParams, body: billLinkRequest, response: { 200: billLinkAnswer, ...errors } } }, async (req) => {
    const user = requireUser(req);
    const table = await waiterTable(db, req, req.body.localId, req.params.mesa);
    const token = await db.transaction(async (tx) => {
      const bill = await lockOpenBill(tx, table, user.id);
      if (bill.publicToken) return bill.publicToken;
      if (!(await openLines(tx, table, bill.openedAt)).length) throw new HttpError(409, BILL_MSG.empty);
      const fresh = randomBytes(24).toString('base64url');
      await tx.update(tableBills).set({ publicToken: fresh }).where(eq(tableBills.id, bill.id));
      return fresh;
    });
    return { Token: token, Caminho: publicBillPath(token) };
  });

  /** The open bill of a token, with its table; 404 for an unknown token or a closed bill. */
  async function openByToken(q: Q, token: string, lock = false): Promise<{ bill: BillRow; table: TableRef }> {
    if (!PUBLIC_BILL_TOKEN_RE.test(token)) throw new HttpError(404, BILL_MSG.publicNotFound);
    const base = q.select().from(tableBills).where(and(eq(tableBills.publicToken, token), eq(tableBills.status, 'open')));
    const [bill] = lock ? await base.for('update') : await base;
    if (!bill) throw new HttpError(404, BILL_MSG.publicNotFound);
    const table = await tableOf(q, bill.venueId, bill.tableId);
    if (!table) throw new HttpError(404, BILL_MSG.publicNotFound);
    return { bill, table };
  }

  async function publicDto(q: Q, table: TableRef): Promise<PublicBill> {
    const b = await billDto(q, table, pixInfo);
    const [venue] = await q.select({ name: venues.name }).from(venues).where(eq(venues.id, table.venueId));
    return {
      Estabelecimento: venue?.name ?? '',
      Mesa: b.Mesa,
      Itens: b.Itens.map((i) => ({ Quantidade: i.Quantidade, Nome: i.Nome, Observacoes: i.Observacoes, ValorUnitario: i.ValorUnitario, ValorTotal: i.ValorTotal })),
      Subtotal: b.Subtotal,
      TaxaServicoPercentual: b.TaxaServicoPercentual,
      TaxaServico: b.TaxaServico,
      TaxaServicoRemovida: b.TaxaServicoRemovida,
      Desconto: b.Desconto,
      CouvertPessoas: b.CouvertPessoas,
      Couvert: b.Couvert,
      AvisoTaxaServico: b.AvisoTaxaServico,
      Total: b.Total,
      Pago: b.Pago,
      EmAndamento: b.EmAndamento,
      Restante: b.Restante,
      PixAguardando: b.Pagamentos.filter((p) => p.Forma === 'pix' && p.Status === 'pendente' && p.BrCode).map((p) => ({ Id: p.Id, Status: p.Status, Valor: p.Valor, BrCode: p.BrCode })),
      PixDisponivel: b.PixDisponivel,
      PixSandbox: b.PixSandbox,
      Data: b.Data,
      Divisao: publicSplitOf(b),
    };
  }

  app.get('/api/publico/Conta/:token', { config: { public: true }, schema: { params: publicBillParams, response: { 200: publicBill, ...errors } } }, async (req, reply) => {
    const { table } = await openByToken(db, req.params.token);
    reply.header('cache-control', 'no-store');
    // No PSP call here (anyone may read): a Pix turns paid by the PSP's webhook and its re-read job.
    return publicDto(db, table);
  });

  /**
   * The stored answer of a Pix: the same shape as the waiter's (BillPaymentAnswer), so the settling
   * job's answer (table-bill.routes.ts) fits a replay of either route.
   */
  async function storedAnswer(q: Q, table: TableRef, paymentId: string): Promise<{ status: number; body: BillPaymentAnswer }> {
    const [p] = await q.select().from(tableBillPayments).where(eq(tableBillPayments.id, paymentId));
    if (!p) return { status: 404, body: { Message: BILL_MSG.paymentNotFound } as never };
    const checking = p.status === 'pending' && !p.brCode;
    return { status: checking ? 202 : 201, body: { Message: checking ? BILL_MSG.pixChecking : null, Pagamento: paymentDto(p), Conta: await billDto(q, table, pixInfo) } };
  }

  const createCob = (p: PaymentRow, table: TableRef) => createBillCob(pix, p, table);

  /** The page's answer for a payment, read now (whatever was stored: the payment's state is the truth). */
  async function pixAnswer(table: TableRef, paymentId: string, message: string | null): Promise<PublicBillPixAnswer> {
    const [p] = await db.select().from(tableBillPayments).where(eq(tableBillPayments.id, paymentId));
    if (!p) throw new HttpError(404, BILL_MSG.paymentNotFound);
    const d = paymentDto(p);
    return { Message: message, Pagamento: { Id: d.Id, Status: d.Status, Valor: d.Valor, BrCode: d.BrCode }, Conta: await publicDto(db, table) };
  }

  function send(reply: FastifyReply, r: { status: number; body: unknown; replayed: boolean }) {
    if (r.replayed) reply.header('idempotent-replayed', 'true');
    if (r.status >= 400) throw new HttpError(r.status, (r.body as { Message: string }).Message, {}, r.replayed ? { 'idempotent-replayed': 'true' } : {});
    reply.status(r.status);
  }

  app.post(
    '/api/publico/Conta/:token/Pix',
    { config: { public: true }, schema: { params: publicBillParams, response: { 201: publicBillPixAnswer, 202: publicBillPixAnswer, ...errors } } },
    async (req, reply) => {
      const key = idempotencyKeyOf(req, BILL_MSG.idempotencyInvalid);
      if (!key) throw new HttpError(400, BILL_MSG.idempotencyRequired);
      const { table, bill: found } = await openByToken(db, req.params.token);
      if (pix.mode === 'off') throw new HttpError(503, BILL_MSG.pixNotConfigured);
      await limitPublicPayment(db, req.ip);
      const r = await runOnce<{ ref: string; row: PaymentRow }, Outcome>(db, {
        scope: `table:${table.id}`,
        key,
        // The amount is what remains when the charge is reserved: the request names only the bill.
        hash: commandHash('POST publico/Conta/Pix', { bill: found.id }),
        mismatchMessage: BILL_MSG.idempotencyMismatch,
        async reserve(tx: Tx) {
          // The same row lock as the waiter's payments: the open bill's (still open, same token).
          const { bill } = await openByToken(tx, req.params.token, true);
          await expireStalePix(tx, bill.id, pixLifeMs);
          const { figures: f } = await openFiguresOf(tx, table, bill);
          if (f.remainingCents <= 0) throw new HttpError(409, f.pendingCents > 0 ? BILL_MSG.pixPending : BILL_MSG.publicNothingToPay);
          const id = randomUUID();
          const [row] = await tx
            .insert(tableBillPayments)
            .values({ id, billId: bill.id, venueId: table.venueId, method: 'pix', status: 'pending', amountCents: f.remainingCents, txid: txidOf(id), createdBy: PUBLIC_PAYER_ID })
            .returning();
          await enqueueJob(tx, BILL_PIX_CHECK_JOB, { paymentId: row.id, tableId: table.id }, { key: row.id, delayMs: checkDelayMs });
          return { ref: row.id, row };
        },
        // PUT /cob/{txid}: API Pix's own idempotency (the same txid is the same cob).
        call: (res) => createCob(res.row, table),
        async finish(tx, res, o) {
          if (o.kind === 'unknown') return { ...(await storedAnswer(tx, table, res.ref)), checking: true };
          if (o.kind === 'failed') {
            // No cob was made: the amount is free again.
            await tx.update(tableBillPayments).set({ status: 'failed' }).where(eq(tableBillPayments.id, res.ref));
            return { status: o.status, body: { Message: o.message } };
          }
          await tx.update(tableBillPayments).set({ brCode: o.brCode }).where(eq(tableBillPayments.id, res.ref));
          return storedAnswer(tx, table, res.ref);
        },
        current: async (ref: string) => storedAnswer(db, table, ref),
      });
      send(reply, r);
      const stored = r.body as BillPaymentAnswer;
      return pixAnswer(table, stored.Pagamento.Id, r.status === 202 ? BILL_MSG.pixChecking : null);
    },
  );

  // The sandbox's "Simular pagamento": as the waiter's, only while the sandbox PSP is active and allowed.
  if (!(opts.sandboxPayments && pix.mode === 'sandbox' && pix.loopback)) return;
  app.post(
    '/api/publico/Conta/:token/Pix/:pagamento/sandbox-pay',
    { config: { public: true }, schema: { params: publicBillPaymentParams, response: { 200: publicBill, ...errors } } },
    async (req) => {
      const { bill, table } = await openByToken(db, req.params.token);
      const id = req.params.pagamento;
      const [p] = UUID_RE.test(id) ? await db.select().from(tableBillPayments).where(and(eq(tableBillPayments.id, id), eq(tableBillPayments.billId, bill.id), eq(tableBillPayments.status, 'pending'))) : [];
      if (!p || p.method !== 'pix' || !p.txid || !pix.loopback!.cob(p.txid)) throw new HttpError(404, BILL_MSG.paymentNotFound);
      if (pix.loopback!.cob(p.txid)!.status === 'ATIVA') await pix.loopback!.pay(p.txid);
      // The webhook queued a re-read; the sandbox reads it now so the page turns paid at once.
      await pix.refresh(p.txid).catch(() => undefined);
      return publicDto(db, table);
    },
  );
}
