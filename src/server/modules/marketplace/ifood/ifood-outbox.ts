/**
 * Board actions owed to iFood, durable. A state change of an iFood order writes its call into
 * ifood_outbox in the same transaction (`ifoodOnTransition`, called at the orders service's single
 * transition point), so the call exists exactly when the change does. The drain loop sends the
 * calls: one row at a time per process, claimed with a lease (lockedBy/lockedUntil, skip locked) so
 * two processes never send the same row; a retryable failure (iFood down, 5xx, 429, timeout) waits
 * with exponential backoff and is tried again, also after a restart; the calls of one order go in
 * the order they were made. A row is sent again only if a process dies between iFood's answer and
 * marking it done (iFood answers the repeat of a state it is already in with 202).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderCommand } from '../../../../shared/orders';
import type { DbHandle } from '../../../db/client';
import { ifoodOrders, ifoodOutbox } from '../../../db/schema/marketplace';
import { orders, orderStateHistory } from '../../../db/schema/orders';
import type { Tx } from '../../orders/orders.repository';
import { IfoodError, type IfoodClient } from './ifood-client';
import type { IfoodAction, IfoodCancellationRequest } from './ifood-types';

export const IFOOD_OUTBOX_CHANNEL = 'ifood_outbox';
const LEASE_SECONDS = 60;
const MAX_BACKOFF_MS = 10 * 60_000;

/** The iFood call a board command makes for an order of this kind (null: none). */
export function actionFor(command: OrderCommand | 'automaticallyAcceptOrder', link: { orderType: string; deliveredBy: string | null }): IfoodAction | null {
  switch (command) {
    case 'acceptOrder':
    case 'automaticallyAcceptOrder':
      return 'confirm';
    case 'startOrder':
      return 'startPreparation';
    case 'readyToPickup':
      return 'readyToPickup';
    case 'transportOrder':
      // The venue's own courier leaves with it: dispatched. iFood's courier: ready for them to collect.
      return link.orderType === 'DELIVERY' && (link.deliveredBy ?? '').toUpperCase() === 'MERCHANT' ? 'dispatch' : 'readyToPickup';
    case 'refuseOrder':
      return 'requestCancellation';
    default:
      return null;
  }
}

/** Wait before attempt `attempts + 1`: 2, 4, 8 s... up to 10 minutes, with a little jitter. */
export function backoffMs(attempts: number, random = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(1, attempts));
  return Math.round(base * (0.8 + 0.4 * random()));
}

async function enqueue(tx: Tx, row: { venueId: string; orderId: string; ifoodOrderId: string; action: IfoodAction; body: IfoodCancellationRequest | null }): Promise<void> {
  await tx.insert(ifoodOutbox).values({ ...row, body: row.body as Record<string, unknown> | null }).onConflictDoNothing();
  await tx.execute(sql`select pg_notify(${IFOOD_OUTBOX_CHANNEL}, ${row.orderId})`);
}

/**
 * Called inside the transaction that changes an order's state (orders.service.ts): when the order
 * came from iFood, writes the call the command owes iFood. Does nothing for other orders.
 */
export async function ifoodOnTransition(
  tx: Tx,
  change: { venueId: string; orderId: string; command: OrderCommand; reason?: { cancellationCode: string; reason: string } | null },
): Promise<void> {
  const [link] = await tx.select().from(ifoodOrders).where(eq(ifoodOrders.orderId, change.orderId));
  if (!link) return;
  const action = actionFor(change.command, link);
  if (!action) return;
  const body = action === 'requestCancellation' && change.reason ? { reason: change.reason.reason, cancellationCode: change.reason.cancellationCode } : null;
  await enqueue(tx, { venueId: change.venueId, orderId: change.orderId, ifoodOrderId: link.ifoodOrderId, action, body });
}

/**
 * The calls an order owes iFood for the changes it went through before it was linked (an order
 * accepted automatically at intake, or by a tablet in the instant between intake and link).
 * Runs under the venue lock, in the transaction that writes the link.
 */
export async function enqueueMissed(tx: Tx, link: typeof ifoodOrders.$inferSelect): Promise<void> {
  const history = await tx
    .select({ command: orderStateHistory.command })
    .from(orderStateHistory)
    .where(eq(orderStateHistory.orderId, link.orderId))
    .orderBy(orderStateHistory.id);
  const [o] = await tx.select({ cancellation: orders.cancellation }).from(orders).where(eq(orders.id, link.orderId));
  for (const h of history) {
    const action = h.command ? actionFor(h.command as OrderCommand, link) : null;
    if (!action) continue;
    if (action === 'requestCancellation' && !o?.cancellation) continue;
    const body = action === 'requestCancellation' && o?.cancellation ? { reason: o.cancellation.reason, cancellationCode: o.cancellation.cancellationCode } : null;
    await enqueue(tx, { venueId: link.venueId, orderId: link.orderId, ifoodOrderId: link.ifoodOrderId, action, body });
  }
}

type OutboxRow = typeof ifoodOutbox.$inferSelect;

/** Sends the outbox to iFood. `drain()` runs until nothing is due; `start()` also listens and sweeps. */
export class IfoodOutbox {
  readonly owner = randomUUID();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(
    private readonly handle: DbHandle,
    private readonly client: () => IfoodClient,
    private readonly log: FastifyBaseLogger,
    private readonly random: () => number = Math.random,
  ) {}

  /** Claims the oldest due row whose order has no earlier pending call; null when none. */
  async claim(): Promise<OutboxRow | null> {
    const res = (await this.handle.db.execute(sql`
      update ifood_outbox set locked_by = ${this.owner}, locked_until = now() + ${sql.raw(`interval '${LEASE_SECONDS} seconds'`)}, attempts = attempts + 1
      where id = (
        select o.id from ifood_outbox o
        where o.status = 'pending' and o.next_at <= now() and (o.locked_until is null or o.locked_until < now())
          and not exists (select 1 from ifood_outbox p where p.order_id = o.order_id and p.id < o.id and p.status = 'pending')
        order by o.id
        limit 1
        for update skip locked
      )
      returning id`)) as unknown as { rows: Array<{ id: number }> };
    const id = res.rows[0]?.id;
    if (id === undefined) return null;
    const [row] = await this.handle.db.select().from(ifoodOutbox).where(eq(ifoodOutbox.id, id));
    return row ?? null;
  }

  /** Sends one claimed row and records the outcome. */
  async send(row: OutboxRow): Promise<void> {
    const mine = and(eq(ifoodOutbox.id, row.id), eq(ifoodOutbox.lockedBy, this.owner));
    try {
      await this.client().orderAction(row.ifoodOrderId, row.action as IfoodAction, row.body as IfoodCancellationRequest | null);
      await this.handle.db.update(ifoodOutbox).set({ status: 'done', doneAt: new Date(), lockedBy: null, lockedUntil: null, lastError: null }).where(mine);
    } catch (err) {
      const e = err instanceof IfoodError ? err : new IfoodError(0, row.action);
      if (e.retryable) {
        const wait = backoffMs(row.attempts, this.random);
        await this.handle.db
          .update(ifoodOutbox)
          .set({ nextAt: new Date(Date.now() + wait), lockedBy: null, lockedUntil: null, lastError: e.message })
          .where(mine);
        this.log.warn({ action: row.action, attempts: row.attempts, retryInMs: wait, status: e.status }, 'iFood indisponível; a chamada será repetida');
      } else {
        await this.handle.db.update(ifoodOutbox).set({ status: 'failed', lockedBy: null, lockedUntil: null, lastError: e.message }).where(mine);
        this.log.error({ action: row.action, status: e.status }, 'iFood recusou a chamada do painel');
      }
    }
  }

  /** Sends every due row; concurrent calls join the running drain (and make it look again). */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          for (let row = await this.claim(); row && !this.stopped; row = await this.claim()) await this.send(row);
        } while (this.again && !this.stopped);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private kick(): void {
    if (this.stopped) return;
    this.drain().catch((err) => this.log.warn({ err }, 'envio ao iFood falhou'));
  }

  /** Listens for new rows (NOTIFY on commit) and sweeps every `sweepMs` for retries that fell due. */
  async start(sweepMs: number): Promise<void> {
    this.unlisten = await this.handle.listen(IFOOD_OUTBOX_CHANNEL, () => this.kick());
    this.timer = setInterval(() => this.kick(), sweepMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.unlisten?.();
    await this.running;
  }
}
