/**
 * The board's store switch (open/close the marketplace store, api/kds/ifoodMerchantConfiguration
 * `isActive`) sent to iFood as a merchant interruption, on the durable job queue (lib/jobs.ts).
 *
 * Closing the store on the board: `POST /merchant/v1.0/merchants/{id}/interruptions` with our
 * description, from now for the longest pause iFood takes (7 days; the job renews it when it runs
 * again). Opening it: `DELETE …/interruptions/{id}` for each interruption of ours (found with
 * `GET …/interruptions` by our description), leaving pauses made in iFood's own portal alone.
 * The job reads the switch's state when it runs, not when it was asked, so retries, repeats and
 * switches flipped while iFood was down all end in the state the board shows now; one queued job
 * per venue is enough. iFood down (network, 5xx, 429) is retried with backoff; a refusal fails
 * the job. The store status (`GET …/status`) then reports the interruption (validation
 * `unavailabilities`), and the board's "Loja indisponível" follows it.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { TIME_ZONE } from '../../../../shared/format';
import { kdsSettings } from '../../../db/schema/orders';
import { jobs } from '../../../db/schema/jobs';
import { marketplaceIntegrations } from '../../../db/schema/marketplace';
import { enqueueJob, PermanentJobError, type JobQueue } from '../../../lib/jobs';
import type { Tx } from '../../orders/orders.repository';
import { IfoodError, type IfoodClient } from './adapters/ifood';

export const IFOOD_STORE_JOB = 'ifood.store-switch';
/** 2 s doubling up to 10 minutes, 60 attempts: about 9 hours. */
export const IFOOD_STORE_RETRY = { maxAttempts: 60, backoffMs: 2_000, maxBackoffMs: 10 * 60_000, leaseMs: 30_000 };
/** How our interruptions are told apart from the ones made in iFood's portal. */
export const IFOOD_PAUSE_DESCRIPTION = 'Loja fechada no painel do Balcão';
/** iFood takes interruptions of at most 7 days; a minute less leaves room for clock skew. */
const PAUSE_MS = 7 * 86_400_000 - 60_000;

/** Extended ISO 8601 in the store's local time (iFood's interruptions), e.g. 2026-11-27T14:05:00. */
export function storeLocalIso(at: Date, timeZone = TIME_ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * Called in the transaction that flips the store switch: queues the call to iFood when the venue's
 * iFood integration is on (unless one is already queued: the job reads the state when it runs).
 */
export async function ifoodOnStoreSwitch(tx: Tx, venueId: string): Promise<number | null> {
  const [m] = await tx.select().from(marketplaceIntegrations).where(eq(marketplaceIntegrations.id, venueId));
  if (!m?.isActive || !m.merchantId) return null;
  const queued = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.name, IFOOD_STORE_JOB), eq(jobs.state, 'queued'), sql`${jobs.payload}->>'venueId' = ${venueId}`))
    .limit(1);
  if (queued.length) return queued[0].id;
  return enqueueJob(tx, IFOOD_STORE_JOB, { venueId });
}

/**
 * After the switch's transaction commits: tells iFood now, in the request, so the status the board
 * reads next already reflects it; when iFood cannot be reached the queued job retries with backoff.
 */
export async function ifoodStoreSwitchNow(queue: JobQueue, jobId: number | null): Promise<void> {
  if (jobId === null) return;
  await queue.runNow(jobId).catch(() => {});
}

/** `changed` runs after iFood accepted a pause or its removal (the integration forgets the store status it remembers). */
export function defineIfoodStoreJob(queue: JobQueue, client: () => IfoodClient, now: () => number = Date.now, changed: () => void = () => {}): void {
  queue.defineJob<{ venueId: string }>(
    IFOOD_STORE_JOB,
    async ({ venueId }, ctx) => {
      // One venue's jobs go one at a time and in order: a later one reads the switch after an earlier one acted.
      const earlier = await ctx.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.name, IFOOD_STORE_JOB), sql`${jobs.payload}->>'venueId' = ${String(venueId)}`, lt(jobs.id, ctx.job.id), inArray(jobs.state, ['queued', 'running'])))
        .limit(1);
      if (earlier.length) throw new Error('aguardando a chamada anterior desta loja ao iFood');
      const [m] = await ctx.db.select().from(marketplaceIntegrations).where(eq(marketplaceIntegrations.id, String(venueId)));
      if (!m?.isActive || !m.merchantId) return; // integration off since: nothing to tell iFood
      const [s] = await ctx.db.select({ open: kdsSettings.marketplaceActive }).from(kdsSettings).where(eq(kdsSettings.venueId, m.id));
      const open = s?.open ?? true;
      try {
        const ours = (await client().listInterruptions(m.merchantId)).filter((i) => i.description === IFOOD_PAUSE_DESCRIPTION);
        if (open) {
          for (const i of ours) await client().deleteInterruption(m.merchantId, i.id);
          if (ours.length) changed();
          return;
        }
        // Store-local ISO times compare as strings: one of ours started and lasting another day is enough.
        const t = now();
        const nowLocal = storeLocalIso(new Date(t + 60_000));
        const dayLocal = storeLocalIso(new Date(t + 86_400_000));
        if (ours.some((i) => i.start <= nowLocal && i.end > dayLocal)) return;
        await client().createInterruption(m.merchantId, { description: IFOOD_PAUSE_DESCRIPTION, start: storeLocalIso(new Date(t)), end: storeLocalIso(new Date(t + PAUSE_MS)) });
        changed();
      } catch (err) {
        const e = err instanceof IfoodError ? err : new IfoodError(0, 'interruptions');
        if (!e.retryable) throw new PermanentJobError(`iFood recusou a interrupção da loja: ${e.status}`);
        throw new Error(e.message);
      }
    },
    IFOOD_STORE_RETRY,
  );
}
