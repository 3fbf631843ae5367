/**
 * The settle job of a provider command (the "em verificação" step of lib/once.ts), written once for
 * bank transfers, ERP invoices and acquirer proposals. `reserve` enqueues it in the key's transaction
 * (`enqueueJob(tx, name, { id }, { key: id, delayMs: settleDelayMs(provider.timeoutMs) })`), so it runs
 * whatever happens to the request. Each run:
 * 1. loads the send; one already settled only settles the command's keys;
 * 2. leaves a send whose request's own call may still be running (retried later);
 * 3. asks the provider what it did with it, outside any transaction, and sends the same POST again,
 *    same key, only when the provider says it never received it;
 * 4. records the outcome and settles the keys in one transaction, and is retried while the provider
 *    still has no answer.
 */
import type { Db } from '../db/client';
import type { JobQueue } from './jobs';
import type { Tx } from './once';

/** Asked again 2 s, 4 s … up to every 5 minutes, for about two days before an operator must look. */
export const SETTLE_RETRY = { maxAttempts: 600, backoffMs: 2_000, maxBackoffMs: 5 * 60_000, leaseMs: 60_000 };
/** After the provider's own timeout, how long the settle job leaves a send whose call is under way. */
const IN_FLIGHT_MARGIN_MS = 2_000;

/** How long after the request the settle job first asks: once the request's own call can no longer be running. */
export const settleDelayMs = (providerTimeoutMs: number): number => providerTimeoutMs + IN_FLIGHT_MARGIN_MS;

export interface SettleSteps<S, O, P extends { id: string } = { id: string }> {
  /** The provider's timeout (the request's own call may run that long). */
  timeoutMs: number;
  /** The send the job is about; undefined when there is nothing left to do (throw PermanentJobError when it can never be settled). */
  load(id: string, payload: P): Promise<S | undefined>;
  /** Whether the provider's outcome is already recorded on the send. */
  settled(s: S): boolean;
  /** When the request's own call began, while that call may still be running; null once it is "em verificação". */
  sendingSince(s: S): Date | null;
  /** Settles the command's keys of a send already settled. */
  settle(tx: Tx, s: S): Promise<unknown>;
  /** What the provider did with the send: its outcome, 'processing' while it has none yet, 'unknown' when it never received it. */
  ask(s: S): Promise<O | 'processing' | 'unknown'>;
  /** Sends the same POST again, with the send's own key. */
  resend(s: S): Promise<O>;
  /** The outcome while the provider is still processing ("em verificação"). */
  processing: O;
  /** Records the outcome and settles the keys when nothing of the command is open; true while the send stays "em verificação". */
  finish(tx: Tx, s: S, outcome: O): Promise<boolean>;
  /** The retry's reasons (in the job's log): the call is still running, the provider still has no answer. */
  messages: { sending: string; checking: string };
}

export function defineSettleJob<S, O, P extends { id: string } = { id: string }>(queue: JobQueue, db: Db, name: string, steps: SettleSteps<S, O, P>): void {
  queue.defineJob<P>(
    name,
    async (payload) => {
      const s = await steps.load(String(payload.id), payload);
      if (s === undefined) return;
      if (steps.settled(s)) {
        await db.transaction((tx) => steps.settle(tx, s));
        return;
      }
      const since = steps.sendingSince(s);
      if (since && Date.now() - since.getTime() < settleDelayMs(steps.timeoutMs)) throw new Error(steps.messages.sending);
      const said = await steps.ask(s);
      // Never received: the same POST, same key; any other word but an outcome is still no answer.
      const outcome = said === 'unknown' ? await steps.resend(s) : typeof said === 'string' ? steps.processing : said;
      const checking = await db.transaction((tx) => steps.finish(tx, s, outcome));
      if (checking) throw new Error(steps.messages.checking);
    },
    SETTLE_RETRY,
  );
}

/** Calls the provider once per send, one at a time; a call that fails without an answer is "em verificação" ({ ok: null }). */
export async function callEach<S, O>(sends: S[], call: (s: S) => Promise<O>): Promise<Array<O | { ok: null }>> {
  const out: Array<O | { ok: null }> = [];
  for (const s of sends) out.push(await call(s).catch(() => ({ ok: null })));
  return out;
}
