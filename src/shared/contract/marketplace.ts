/** The marketplace integration's API contract (spec 001 §3, §7). */
import { z } from 'zod/mini';
import '../zod-locale';
import { MARKETPLACE_MSG, MERCHANT_ID_MAX } from '../marketplace';

export const MARKETPLACE_ROLE = 'IntegracaoIfoodKds';

// --- Marketplace integration (spec 001 §3, §7) -----------------------------------------------

/** id is the venue's id (spec 000 §3: the merchant configuration's id defaults to the local id). */
export const marketplaceIntegration = z.object({
  id: z.string(),
  merchantId: z.pipe(z.string().check(z.trim()), z.string().check(z.maxLength(MERCHANT_ID_MAX, MARKETPLACE_MSG.merchantIdTooLong))),
  isActive: z.boolean(),
});
export type MarketplaceIntegration = z.infer<typeof marketplaceIntegration>;
export const marketplaceSave = marketplaceIntegration.check(
  z.refine((m) => !m.isActive || m.merchantId.length > 0, { message: MARKETPLACE_MSG.merchantIdRequired, path: ['merchantId'] }),
);
export const marketplaceSaveResponse = z.object({ id: z.string() });

// --- iFood sandbox (ours): the in-process iFood the demo and the tests talk to ---------------

export const MARKETPLACE_API = {
  /** GET → ifoodSandboxView. */
  sandbox: (localId: string) => `/api/MeepFood/IntegracaoMarketplace/${encodeURIComponent(localId)}/sandbox`,
  /** POST → ifoodSandboxPlaced (201): the sandbox places a test order for the venue's store now. */
  sandboxOrder: (localId: string) => `/api/MeepFood/IntegracaoMarketplace/${encodeURIComponent(localId)}/sandbox/pedido`,
  /** POST ifoodSandboxCancel → ifoodSandboxPlaced: the test order's customer cancels it. */
  sandboxCancel: (localId: string) => `/api/MeepFood/IntegracaoMarketplace/${encodeURIComponent(localId)}/sandbox/cancelamento`,
} as const;

export const ifoodSandboxOrder = z.object({
  id: z.string(),
  displayId: z.string(),
  /** iFood's status (IFOOD_STATUS_LABEL). */
  status: z.string(),
  createdAt: z.string(),
  /** Every action call the sandbox received for the order, in order (confirm, startPreparation...). */
  calls: z.array(z.string()),
});
export type IfoodSandboxOrder = z.infer<typeof ifoodSandboxOrder>;
export const ifoodSandboxView = z.object({
  /** false: this server talks to the real iFood (IFOOD_CLIENT_ID set). */
  ativo: z.boolean(),
  /** This server polls iFood (IFOOD_POLL_MS > 0). */
  buscando: z.boolean(),
  /** Minutes between orders the sandbox places by itself (0: only on demand). */
  pedidoAutomaticoMinutos: z.number(),
  merchantId: z.string(),
  pedidos: z.array(ifoodSandboxOrder),
  /** ours: production without iFood credentials nor ALLOW_SANDBOXES=ifood: the pt-BR text saying what to set. */
  naoConfigurado: z.nullish(z.string()),
});
export type IfoodSandboxView = z.infer<typeof ifoodSandboxView>;
export const ifoodSandboxCancel = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
/**
 * The shapes of iFood's order homologation the sandbox can place on demand (ours): a scheduled order,
 * a takeout, one with a discount split between iFood and the store, one whose cancellation iFood
 * refuses (CANCELLATION_REQUEST_FAILED), one whose customer asks to cancel once it is confirmed
 * (HANDSHAKE_DISPUTE), one whose customer asks to cancel one of its items once it left the kitchen
 * (PARTIAL_CANCELLATION, with a refund iFood lets the store propose instead). Without a scenario the
 * sandbox rotates through them.
 */
export const IFOOD_SANDBOX_SCENARIOS = ['agendado', 'retirada', 'desconto', 'recusaCancelamento', 'negociacao', 'cancelamentoParcial'] as const;
export type IfoodSandboxScenario = (typeof IFOOD_SANDBOX_SCENARIOS)[number];
export const ifoodSandboxPlace = z.optional(z.nullable(z.object({ cenario: z.optional(z.enum(IFOOD_SANDBOX_SCENARIOS)) })));
export const ifoodSandboxPlaced = z.object({ id: z.string(), displayId: z.string(), Message: z.string() });
