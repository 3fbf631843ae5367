/**
 * The marketplace switch really fetches (spec 001 §2.11): for every store whose integration is on
 * (marketplace_integrations.is_active, with a store ID), the poller takes the marketplace's pending
 * orders through the adapter, places each through the board's own intake, then acknowledges them.
 *
 * - Each marketplace order lands once: intake runs with the idempotency key `marketplace:{id}`
 *   (checked under the venue's lock), so an order polled again before its acknowledgement, or by
 *   another process, is a replay, never a second order.
 * - One poller per store at a time across API processes sharing a PostgreSQL: a lease row per venue
 *   (marketplace_poll_leases) taken with one atomic conditional upsert; another process skips the
 *   store until the lease expires. No transaction stays open while the marketplace answers.
 *
 * Env: MARKETPLACE_POLL_MS (poll period; default 30000 in production, off elsewhere: tests turn it
 * on explicitly), MARKETPLACE_SANDBOX_ORDER_MS (180000), MARKETPLACE_BASE_URL + MARKETPLACE_TOKEN
 * (a real provider instead of the sandbox).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderIntakeRequest } from '../../../shared/contract/orders';
import { DELIVERY_KIND, ORDER_ORIGIN } from '../../../shared/orders';
import type { Db } from '../../db/client';
import { marketplaceIntegrations } from '../../db/schema/marketplace';
import { marketplacePollLeases } from '../../db/schema/orders';
import type { AuthUser } from '../../plugins/auth';
import type { MarketplaceAdapter, MarketplaceOrder } from './marketplace-adapter';
import { HttpMarketplace } from './marketplace-http';
import { SandboxMarketplace } from './marketplace-sandbox';
import type { OrdersService } from './orders.service';

/** Who places marketplace orders: no signed-in user (history and keys record none). */
const MARKETPLACE_USER = { id: null, email: '', name: 'Marketplace', roles: '', isAdmin: false, sessionId: '', sessionExpiresAt: new Date(0) } as unknown as AuthUser;

export function marketplaceAdapterFromEnv(env: Record<string, string | undefined>): MarketplaceAdapter {
  if (env.MARKETPLACE_BASE_URL && env.MARKETPLACE_TOKEN) return new HttpMarketplace(env.MARKETPLACE_BASE_URL, env.MARKETPLACE_TOKEN);
  const every = Number(env.MARKETPLACE_SANDBOX_ORDER_MS);
  return new SandboxMarketplace(Number.isFinite(every) && every > 0 ? every : 180_000);
}

/** The intake request of a marketplace order (origin Marketplace, delivery, its code as CodigoExterno). */
export function toIntake(venueId: string, o: MarketplaceOrder, sandbox: boolean): OrderIntakeRequest {
  const a = o.customer.address;
  return {
    LocalClienteId: venueId,
    OrigemPedido: ORDER_ORIGIN.marketplace,
    TipoEntrega: DELIVERY_KIND.delivery,
    CodigoExterno: o.displayId,
    Cliente: {
      Nome: sandbox && !/sandbox/i.test(o.customer.name) ? `${o.customer.name} (sandbox)` : o.customer.name,
      Telefone: o.customer.phone,
      Endereco: { Logradouro: a.street, Numero: a.number, Bairro: a.district, Cidade: a.city, UF: a.state, CEP: a.postalCode },
    },
    Itens: o.items.map((i) => ({ NomeProduto: i.name, Valor: i.unitPrice, Quantidade: i.quantity, NomeImpressora: i.station ?? null })),
    TaxaEntrega: o.deliveryFee,
    ObservacaoPedido: o.note ?? undefined,
    TipoPagamentoId: 4,
    Signal: true,
  } as OrderIntakeRequest;
}

export class MarketplacePoller {
  readonly owner = randomUUID();
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly service: OrdersService,
    readonly adapter: MarketplaceAdapter,
    private readonly log: FastifyBaseLogger,
    private readonly leaseMs = 60_000,
  ) {}

  /** Takes (or renews) this process's lease on the store; false while another process holds it. */
  async lease(venueId: string): Promise<boolean> {
    const until = new Date(Date.now() + this.leaseMs);
    const rows = await this.db
      .insert(marketplacePollLeases)
      .values({ venueId, owner: this.owner, until })
      .onConflictDoUpdate({
        target: marketplacePollLeases.venueId,
        set: { owner: this.owner, until },
        setWhere: sql`${marketplacePollLeases.until} < now() or ${marketplacePollLeases.owner} = ${this.owner}`,
      })
      .returning({ owner: marketplacePollLeases.owner });
    return rows.length > 0;
  }

  async release(venueId: string): Promise<void> {
    await this.db.delete(marketplacePollLeases).where(and(eq(marketplacePollLeases.venueId, venueId), eq(marketplacePollLeases.owner, this.owner)));
  }

  /** One round over every store with the switch on; answers how many orders it placed. */
  async pollOnce(): Promise<{ placed: number; skipped: number }> {
    const stores = await this.db
      .select({ venueId: marketplaceIntegrations.id, merchantId: marketplaceIntegrations.merchantId })
      .from(marketplaceIntegrations)
      .where(and(eq(marketplaceIntegrations.isActive, true), ne(marketplaceIntegrations.merchantId, '')));
    let placed = 0;
    let skipped = 0;
    for (const s of stores) {
      if (!(await this.lease(s.venueId))) {
        skipped += 1;
        continue;
      }
      const orders = await this.adapter.poll(s.merchantId);
      const taken: string[] = [];
      for (const o of orders) {
        try {
          const r = await this.service.intake(MARKETPLACE_USER, toIntake(s.venueId, o, this.adapter.sandbox) as never, `marketplace:${o.id}`);
          if (r.status === 201 && !r.replayed) placed += 1;
          taken.push(o.id);
        } catch (err) {
          // Left unacknowledged: the next round tries again (and still places it once).
          this.log.warn({ err, venueId: s.venueId, marketplaceOrderId: o.id }, 'pedido do marketplace não importado');
        }
      }
      await this.adapter.acknowledge(s.merchantId, taken);
    }
    return { placed, skipped };
  }

  start(everyMs: number): void {
    if (this.timer || everyMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.pollOnce()
        .catch((err) => this.log.warn({ err }, 'consulta ao marketplace falhou'))
        .finally(() => (this.running = null));
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
