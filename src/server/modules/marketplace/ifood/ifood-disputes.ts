/**
 * The board's answer to a consumer's request on iFood's negotiation platform (HANDSHAKE_DISPUTE):
 * accept, reject, or one of iFood's alternatives (a refund proposal), sent once. The answer is written on the order (its Ifood
 * field) and its call queued in the same transaction (job key = the dispute id: iFood takes one
 * answer per dispute), then run at once after commit; iFood down is retried with backoff until the
 * deadline. A refusal from iFood (the deadline passed, already answered) marks the request expired
 * on the ticket; HANDSHAKE_SETTLEMENT later says how it really ended.
 */
import { IFOOD_DISPUTE_STATUS } from '../../../../shared/contract/ifood-ticket';
import { enqueueJob, PermanentJobError, type JobQueue } from '../../../lib/jobs';
import type { Tx } from '../../orders/orders.repository';
import { IfoodError, type IfoodClient } from './adapters/ifood';
import type { IfoodIntegration } from './ifood-integration';

export const IFOOD_DISPUTE_JOB = 'ifood.dispute-answer';
/** 2 s doubling up to a minute: iFood's deadlines are minutes long. */
export const IFOOD_DISPUTE_RETRY = { maxAttempts: 12, backoffMs: 2_000, maxBackoffMs: 60_000, leaseMs: 30_000 };

export interface IfoodDisputeJob {
  venueId: string;
  orderId: string;
  disputeId: string;
  accept: boolean;
  reason: string | null;
  /** A counter-proposal instead of accept/reject: iFood's alternative id, its type, the amount in cents. */
  alternative?: { id: string; type: string; amountCents: number } | null;
}

export async function enqueueDisputeAnswer(tx: Tx, job: IfoodDisputeJob): Promise<number | null> {
  return enqueueJob(tx, IFOOD_DISPUTE_JOB, job, { key: `dispute:${job.disputeId}`, delayMs: 60_000 });
}

export function defineIfoodDisputeJob(queue: JobQueue, client: () => IfoodClient, ifood: () => IfoodIntegration): void {
  queue.defineJob<IfoodDisputeJob>(
    IFOOD_DISPUTE_JOB,
    async (job) => {
      try {
        if (job.alternative) {
          const a = job.alternative;
          await client().proposeAlternative(job.disputeId, a.id, { type: a.type, metadata: { amount: { value: String(a.amountCents), currency: 'BRL' } } });
        } else {
          await client().answerDispute(job.disputeId, job.accept, job.reason ?? undefined);
        }
      } catch (err) {
        const e = err instanceof IfoodError ? err : new IfoodError(0, 'disputes');
        if (e.retryable) throw new Error(e.message);
        await ifood()
          .patchTicket(job.venueId, job.orderId, (t) =>
            t.Negociacao?.Id === job.disputeId ? { ...t, Negociacao: { ...t.Negociacao, Situacao: IFOOD_DISPUTE_STATUS.expired } } : null,
          )
          .catch(() => {});
        throw new PermanentJobError(`iFood recusou a resposta à negociação: ${e.status}`);
      }
    },
    IFOOD_DISPUTE_RETRY,
  );
}
