/**
 * The board's iFood endpoints (spec 000 §7): the store status (GET api/kds/ifoodMerchantStatus,
 * from iFood's GET /merchant/v1.0/merchants/{id}/status) and an order's cancellation reasons (GET
 * api/kds/cancellationReasons, iFood's own list for an iFood order); and the sandbox's screen
 * (ours): its test orders with the calls they received, "Simular pedido", "Simular cancelamento".
 */
import { ProviderNotConfiguredError } from '../../../lib/sandboxes';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../../shared/contract/common';
import { ifoodSandboxCancel, ifoodSandboxPlace, ifoodSandboxPlaced, ifoodSandboxView, MARKETPLACE_ROLE } from '../../../../shared/contract/marketplace';
import { cancellationReasonsResponse, marketplaceStatus, order } from '../../../../shared/contract/orders';
import { IFOOD_MSG } from '../../../../shared/marketplace';
import { CANCELLATION_REASONS, KDS_PATHS, ORDER_MSG } from '../../../../shared/orders';
import type { Db } from '../../../db/client';
import { memberships } from '../../../db/schema/auth';
import { marketplaceIntegrations } from '../../../db/schema/marketplace';
import { kdsSettings, orders } from '../../../db/schema/orders';
import { HttpError } from '../../../lib/http-error';
import { requireUser, requireVenue } from '../../../plugins/auth';
import { isUuid, loadSettings } from '../../orders/orders.repository';
import type { IfoodIntegration } from './ifood-integration';
import { enqueueDisputeAnswer } from './ifood-disputes';
import type { JobQueue } from '../../../lib/jobs';
import { IFOOD_DISPUTE_STATUS, ifoodDisputeAnswer, ifoodDisputeProposal } from '../../../../shared/contract/ifood-ticket';
import { IFOOD_TICKET_MSG } from '../../../../shared/ifood-ticket';

const PAINEL = 'Painel';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 502: errorBody };
type Validation = { state: string; message: { title: string; subtitle: string; description: string } };

export async function ifoodRoutes(fastify: FastifyInstance, opts: { db: Db; ifood: IfoodIntegration; jobs: JobQueue }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, ifood, jobs } = opts;

  async function integrationOf(venueId: string) {
    const [m] = await db.select().from(marketplaceIntegrations).where(eq(marketplaceIntegrations.id, venueId));
    return { merchantId: m?.merchantId ?? '', isActive: !!m?.isActive && !!m?.merchantId };
  }

  app.get(KDS_PATHS.marketplaceStatus(':localId'), { schema: { params: z.object({ localId: z.string() }), response: { 200: marketplaceStatus, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId, PAINEL);
    await db.insert(kdsSettings).values({ venueId }).onConflictDoNothing();
    const s = (await loadSettings(db, venueId))!;
    const m = await integrationOf(venueId);
    const validations: Validation[] = [];
    let ifoodAvailable = false;
    if (m.isActive) {
      if (ifood.notConfigured) {
        validations.push({ state: 'ERROR', message: { title: 'iFood não configurado', subtitle: 'Nenhum pedido do iFood chega a este servidor.', description: ifood.notConfigured } });
      } else if (!ifood.polling) {
        validations.push({ state: 'ERROR', message: { title: IFOOD_MSG.pollingOffTitle, subtitle: IFOOD_MSG.pollingOffSubtitle, description: IFOOD_MSG.pollingOffDescription } });
      } else {
        try {
          const ops = await ifood.merchantStatus(m.merchantId);
          ifoodAvailable = ops.some((op) => op.available && (op.state === 'OK' || op.state === 'WARNING'));
          for (const op of ops) {
            for (const v of op.validations ?? []) {
              if (v.state === 'OK') continue;
              // The board's own "Loja fechada" already says why while the switch is off (its interruption).
              if (!s.marketplaceActive && (v.id === 'unavailabilities' || v.code === 'unavailabilities')) continue;
              validations.push({ state: v.state, message: { title: v.message?.title ?? '', subtitle: v.message?.subtitle ?? '', description: v.message?.description ?? '' } });
            }
          }
        } catch {
          validations.push({ state: 'ERROR', message: { title: IFOOD_MSG.unreachableTitle, subtitle: IFOOD_MSG.unreachableSubtitle, description: IFOOD_MSG.unreachableDescription } });
        }
      }
      if (!s.marketplaceActive) {
        validations.push({ state: 'CLOSED', message: { title: 'Loja fechada', subtitle: 'A loja está fechada no marketplace.', description: 'Abra a loja para voltar a receber pedidos.' } });
      }
      if (!s.marketplaceOpenTime) {
        validations.push({ state: 'CLOSED', message: { title: 'Fora do horário', subtitle: 'A loja está fora do horário de funcionamento.', description: 'Os pedidos voltam no próximo horário de abertura.' } });
      }
    }
    // "Recebendo pedidos" only when an order can really arrive: switch on, this server polling, iFood
    // reachable and saying the store is available, and the store open on the board.
    const available = m.isActive && ifood.polling && ifoodAvailable && s.marketplaceActive && s.marketplaceOpenTime;
    return {
      isActive: s.marketplaceActive,
      isOpenTime: s.marketplaceOpenTime,
      ifoodIntegration: m.isActive,
      merchant: {
        available,
        message: available
          ? { title: IFOOD_MSG.storeOpen, subtitle: ifood.sandbox ? IFOOD_MSG.receivingSandbox : IFOOD_MSG.receiving }
          : { title: IFOOD_MSG.unavailable, subtitle: m.isActive ? IFOOD_MSG.notReceiving : IFOOD_MSG.integrationOff },
        validations,
      },
    };
  });

  /** The venue of an order the user may act on; another venue's order answers 404 like a missing one. */
  async function orderVenue(req: FastifyRequest, orderId: string): Promise<string> {
    const user = requireUser(req);
    if (!isUuid(orderId)) throw new HttpError(404, ORDER_MSG.orderNotFound);
    const [row] = await db.select({ venueId: orders.venueId }).from(orders).where(eq(orders.id, orderId));
    if (!row) throw new HttpError(404, ORDER_MSG.orderNotFound);
    const [member] = await db.select({ v: memberships.venueId }).from(memberships).where(and(eq(memberships.userId, user.id), eq(memberships.venueId, row.venueId)));
    if (!member) throw new HttpError(404, ORDER_MSG.orderNotFound);
    await requireVenue(db, req, row.venueId, PAINEL);
    return row.venueId;
  }

  app.get(KDS_PATHS.cancellationReasons(':id'), { schema: { params: z.object({ id: z.string() }), response: { 200: cancellationReasonsResponse, ...errors } } }, async (req) => {
    await orderVenue(req, req.params.id);
    const link = await ifood.linkOf(req.params.id);
    if (!link) return CANCELLATION_REASONS.map((r) => ({ ...r }));
    try {
      const reasons = await ifood.client.cancellationReasons(link.ifoodOrderId);
      return reasons.map((r) => ({ cancellationCode: r.cancelCodeId, description: r.description }));
    } catch {
      throw new HttpError(502, IFOOD_MSG.reasonsUnavailable);
    }
  });

  /**
   * The board answers the consumer's cancellation request (HANDSHAKE_DISPUTE) within iFood's deadline:
   * the answer is stored on the order with its call queued (once per dispute), then sent at once.
   */
  app.post(
    KDS_PATHS.ifoodDispute(':id'),
    { schema: { params: z.object({ id: z.string() }), body: ifoodDisputeAnswer, response: { 200: order, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody } } },
    async (req) => {
      const venueId = await orderVenue(req, req.params.id);
      const reason = req.body.motivo?.trim() ?? '';
      if (!req.body.aceitar && !reason) throw new HttpError(400, IFOOD_TICKET_MSG.disputeReasonRequired);
      let jobId: number | null = null;
      let refused: string | null = null;
      await ifood.service().change(venueId, req.params.id, 'order.changed', async (row, tx) => {
        const d = row.ifood?.Negociacao;
        if (!row.ifood || !d || d.Situacao !== IFOOD_DISPUTE_STATUS.open) {
          refused = IFOOD_TICKET_MSG.disputeNotOpen;
          return null;
        }
        if (d.ExpiraEm && Date.parse(d.ExpiraEm) <= Date.now()) {
          refused = IFOOD_TICKET_MSG.disputeExpired;
          return null;
        }
        jobId = await enqueueDisputeAnswer(tx, { venueId, orderId: row.id, disputeId: d.Id, accept: req.body.aceitar, reason: req.body.aceitar ? null : reason });
        return { ifood: { ...row.ifood, Negociacao: { ...d, Situacao: req.body.aceitar ? IFOOD_DISPUTE_STATUS.accepted : IFOOD_DISPUTE_STATUS.rejected } }, signal: false };
      });
      if (refused) throw new HttpError(409, refused);
      if (jobId !== null) await jobs.runNow(jobId).catch(() => {});
      return (await ifood.service().change(venueId, req.params.id, 'order.changed', () => null)).order;
    },
  );

  /**
   * The board answers with one of iFood's alternatives (a refund up to its maxAmount) instead of
   * accepting or refusing: stored on the order with its call queued under the same key as an
   * accept/reject (iFood takes one answer per dispute), then sent at once.
   */
  app.post(
    KDS_PATHS.ifoodDisputeProposal(':id'),
    { schema: { params: z.object({ id: z.string() }), body: ifoodDisputeProposal, response: { 200: order, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody } } },
    async (req) => {
      const venueId = await orderVenue(req, req.params.id);
      const cents = Math.round(req.body.valor * 100);
      if (Math.abs(cents - req.body.valor * 100) > 1e-6 || cents <= 0) throw new HttpError(400, IFOOD_TICKET_MSG.proposalInvalid);
      let jobId: number | null = null;
      let refused: HttpError | null = null;
      await ifood.service().change(venueId, req.params.id, 'order.changed', async (row, tx) => {
        const d = row.ifood?.Negociacao;
        if (!row.ifood || !d || d.Situacao !== IFOOD_DISPUTE_STATUS.open) {
          refused = new HttpError(409, IFOOD_TICKET_MSG.disputeNotOpen);
          return null;
        }
        if (d.ExpiraEm && Date.parse(d.ExpiraEm) <= Date.now()) {
          refused = new HttpError(409, IFOOD_TICKET_MSG.disputeExpired);
          return null;
        }
        const alt = (d.Alternativas ?? []).find((a) => a.Id === req.body.alternativaId);
        // Only REFUND is sent: it is the one alternative whose answer we can fill (an amount).
        if (!alt || alt.Tipo !== 'REFUND') {
          refused = new HttpError(400, IFOOD_TICKET_MSG.proposalNotOffered);
          return null;
        }
        if (alt.ValorMaximo !== null && cents > Math.round(alt.ValorMaximo * 100)) {
          refused = new HttpError(400, IFOOD_TICKET_MSG.proposalTooHigh(alt.ValorMaximo));
          return null;
        }
        jobId = await enqueueDisputeAnswer(tx, { venueId, orderId: row.id, disputeId: d.Id, accept: false, reason: null, alternative: { id: alt.Id, type: alt.Tipo, amountCents: cents } });
        return {
          ifood: { ...row.ifood, Negociacao: { ...d, Situacao: IFOOD_DISPUTE_STATUS.proposed, Proposta: { AlternativaId: alt.Id, Tipo: alt.Tipo, Valor: cents / 100 } } },
          signal: false,
        };
      });
      if (refused) throw refused;
      if (jobId !== null) await jobs.runNow(jobId).catch(() => {});
      return (await ifood.service().change(venueId, req.params.id, 'order.changed', () => null)).order;
    },
  );

  // --- Sandbox (paths: MARKETPLACE_API in the shared contract) -----------------------------------

  const localParams = z.object({ localId: z.string().max(64) });

  app.get('/api/MeepFood/IntegracaoMarketplace/:localId/sandbox', { schema: { params: localParams, response: { 200: ifoodSandboxView, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId, MARKETPLACE_ROLE);
    const m = await integrationOf(venueId);
    const sandbox = ifood.sandbox;
    return {
      ativo: !!sandbox,
      buscando: ifood.polling,
      pedidoAutomaticoMinutos: sandbox ? Math.round((ifood.settings.sandboxOrderMs / 60_000) * 10) / 10 : 0,
      merchantId: m.merchantId,
      pedidos: sandbox && m.merchantId ? sandbox.ordersOf(m.merchantId).slice(0, 20).map(({ merchantId: _m, ...o }) => o) : [],
      naoConfigurado: ifood.notConfigured,
    };
  });

  /** After the sandbox changed something, this venue hears it now rather than at the next poll. */
  async function pollNow(venueId: string, merchantId: string) {
    if (!ifood.polling || !(await ifood.lease(venueId))) return;
    try {
      await ifood.pollVenue(venueId, merchantId);
    } finally {
      await ifood.handlePending(venueId);
    }
  }

  app.post('/api/MeepFood/IntegracaoMarketplace/:localId/sandbox/pedido', { schema: { params: localParams, body: ifoodSandboxPlace, response: { 201: ifoodSandboxPlaced, ...errors } } }, async (req, reply) => {
    const { venueId } = await requireVenue(db, req, req.params.localId, MARKETPLACE_ROLE);
    const sandbox = ifood.sandbox;
    if (ifood.notConfigured) throw new ProviderNotConfiguredError(ifood.notConfigured);
    if (!sandbox) throw new HttpError(404, IFOOD_MSG.sandboxInactive);
    const m = await integrationOf(venueId);
    if (!m.isActive) throw new HttpError(400, IFOOD_MSG.sandboxNeedsMerchant);
    const id = sandbox.place(m.merchantId, null, req.body?.cenario ?? null);
    const displayId = sandbox.ordersOf(m.merchantId).find((o) => o.id === id)!.displayId;
    await pollNow(venueId, m.merchantId).catch((err) => req.log.warn({ err }, 'consulta imediata ao iFood sandbox falhou'));
    reply.status(201);
    return { id, displayId, Message: IFOOD_MSG.sandboxOrderPlaced(displayId) };
  });

  app.post('/api/MeepFood/IntegracaoMarketplace/:localId/sandbox/cancelamento', { schema: { params: localParams, body: ifoodSandboxCancel, response: { 200: ifoodSandboxPlaced, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.params.localId, MARKETPLACE_ROLE);
    const sandbox = ifood.sandbox;
    if (ifood.notConfigured) throw new ProviderNotConfiguredError(ifood.notConfigured);
    if (!sandbox) throw new HttpError(404, IFOOD_MSG.sandboxInactive);
    const m = await integrationOf(venueId);
    const mine = m.merchantId ? sandbox.ordersOf(m.merchantId).find((o) => o.id === req.body.id) : undefined;
    if (!mine) throw new HttpError(404, IFOOD_MSG.sandboxOrderNotFound);
    if (!sandbox.cancel(mine.id)) throw new HttpError(400, IFOOD_MSG.sandboxOrderNotCancellable);
    await pollNow(venueId, m.merchantId).catch((err) => req.log.warn({ err }, 'consulta imediata ao iFood sandbox falhou'));
    return { id: mine.id, displayId: mine.displayId, Message: IFOOD_MSG.sandboxOrderCancelled(mine.displayId) };
  });
}
