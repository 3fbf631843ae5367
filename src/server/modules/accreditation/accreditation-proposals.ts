/**
 * Sending proposals to acquirers, exactly once (issue 36; the rule is lib/once.ts), like the ERP's
 * invoices (finance/erp-exports.ts):
 * 1. reserve: the Idempotency-Key and one proposal row per acquirer (sendState 'sending', proposal id
 *    still null, its row id the key the provider receives) are stored in one transaction under the
 *    merchant's lock, with a settle job per row (not before the provider's timeout has passed);
 * 2. call: the provider is called outside any transaction, `Idempotency-Key: <row id>`, one
 *    acquirer at a time;
 * 3. finish: each outcome is recorded: 'sent' with the acquirer's proposal id; a refusal by the
 *    provider is recorded as the spec's Rejected status with the provider's reason as its Message
 *    (so the list says why, and a new proposal to that acquirer is allowed); no answer in time leaves it
 *    'checking' ("em verificação": the answer is 202 with the place's current information, and the
 *    same key answers the current state without calling the provider again).
 * The settle job (lib/settle-job.ts) asks the provider `GET /proposals/{key}` until it says what happened (and sends the
 * same POST again, same key, only when the provider says it never received it), records it, and
 * settles the command's keys (settleKeys) once none of its proposals is open.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { AccreditationInfo } from '../../../shared/contract/accreditation';
import { ACC_MSG, acquirerBlockReason, acquirerLabel, PROPOSAL_STATUS } from '../../../shared/accreditation';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { accProposals } from '../../db/schema/accreditation';
import { HttpError } from '../../lib/http-error';
import { enqueueJob, PermanentJobError, type JobQueue } from '../../lib/jobs';
import { settleKeys, type CommandResult, type OnceCommand } from '../../lib/once';
import { callEach, defineSettleJob, settleDelayMs } from '../../lib/settle-job';
import type { AccreditationProvider, ProposalRequest, ProposalResult } from './adapters';
import * as repo from './accreditation.repository';
import type { Tx } from './accreditation.repository';

export const PROPOSAL_SETTLE_JOB = 'accreditation.proposal-settle';

type Row = typeof accProposals.$inferSelect;
type User = { id: string; name: string };
type Reserved = { ref: string; venueId: string; sends: Array<{ id: string; req: ProposalRequest }> };

const requestOf = (p: Row, fullName: string): ProposalRequest => ({ document: p.document, fullName, acquirerId: p.acquirerId, mcc: p.mcc });

/** The command's answer from the place's information: 200 once every proposal of it is settled, 202 while one is "em verificação". */
async function answerOf(q: Db | Tx, venueId: string, submissionId: string): Promise<CommandResult & { checking: boolean }> {
  const rows = await q.select({ state: accProposals.sendState }).from(accProposals).where(eq(accProposals.submissionId, submissionId));
  const info = (await repo.accreditationInfo(q, venueId)) as AccreditationInfo;
  const checking = rows.some((r) => r.state !== 'sent');
  return checking ? { status: 202, body: { ...info, Message: ACC_MSG.proposalChecking }, checking } : { status: 200, body: info, checking };
}

async function userOf(q: Db | Tx, id: string | null): Promise<{ id: string | null; name: string }> {
  const [u] = id ? await q.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id)) : [];
  return u ?? { id: null, name: '' };
}

/** Records an outcome on a proposal still open; one already settled keeps its outcome. */
async function record(tx: Tx, id: string, r: ProposalResult): Promise<void> {
  if (r.ok === null) {
    await tx.update(accProposals).set({ sendState: 'checking' }).where(and(eq(accProposals.id, id), eq(accProposals.sendState, 'sending')));
    return;
  }
  const open = and(eq(accProposals.id, id), inArray(accProposals.sendState, ['sending', 'checking']));
  const [p] = await tx
    .update(accProposals)
    .set(r.ok ? { sendState: 'sent', proposalId: r.proposalId } : { sendState: 'sent', status: PROPOSAL_STATUS.rejected, message: ACC_MSG.proposalRefused(r.message) })
    .where(open)
    .returning();
  if (!p?.venueId) return;
  const user = await userOf(tx, p.createdBy);
  await repo.audit(tx, {
    venueId: p.venueId,
    action: r.ok ? 'proposal.create' : 'proposal.refused',
    description: r.ok ? `Proposta ${r.proposalId} enviada para ${acquirerLabel(p.acquirerId)}` : `${acquirerLabel(p.acquirerId)}: ${ACC_MSG.proposalRefused(r.message)}`,
    user,
  });
}

/** When none of the command's proposals is open any more, every key of it answers the final state. */
async function settleSubmission(tx: Tx, venueId: string, submissionId: string): Promise<CommandResult & { checking: boolean }> {
  const answer = await answerOf(tx, venueId, submissionId);
  if (!answer.checking) await settleKeys(tx, submissionId, answer);
  return answer;
}

/** The accreditation command for runOnce: proposals to `acquirers` for the place `venueId`. */
export function proposalCommand(
  db: Db,
  provider: AccreditationProvider,
  a: { venueId: string; user: User; acquirers: number[]; key: string | null; hash: string },
): OnceCommand<Reserved, ProposalResult[]> {
  return {
    scope: `user:${a.user.id}`,
    key: a.key,
    hash: a.hash,
    mismatchMessage: ACC_MSG.idempotencyMismatch,
    async reserve(tx) {
      const row = await repo.merchantOf(tx, a.venueId);
      if (!row) throw new HttpError(404, ACC_MSG.merchantNotFound);
      await tx.execute(repo.lockMerchant(a.venueId));
      if (!row.m.contact || !row.m.department) throw new HttpError(409, ACC_MSG.needsContact);
      const existing = await repo.proposalsOf(tx, a.venueId);
      for (const acq of a.acquirers) {
        const reason = acquirerBlockReason(acq, existing);
        if (reason) throw new HttpError(409, reason);
      }
      const submissionId = randomUUID();
      const sends: Reserved['sends'] = [];
      for (const acq of a.acquirers) {
        const [p] = await tx
          .insert(accProposals)
          .values({ venueId: a.venueId, portalName: row.venueName, document: row.m.document, acquirerType: acq, acquirerId: acq, proposalId: null, sendState: 'sending', submissionId, createdBy: a.user.id, mcc: row.m.mcc, status: 0 })
          .returning();
        // The safety net, in the same transaction: whatever happens to this request, the job asks
        // the provider about this proposal once its call can no longer be running.
        await enqueueJob(tx, PROPOSAL_SETTLE_JOB, { id: p.id }, { key: p.id, delayMs: settleDelayMs(provider.timeoutMs) });
        sends.push({ id: p.id, req: requestOf(p, row.m.fullName) });
      }
      return { ref: submissionId, venueId: a.venueId, sends };
    },
    call: (r) => callEach(r.sends, (s) => provider.submitProposal(s.req, s.id)),
    async finish(tx, r, outcomes) {
      for (let i = 0; i < r.sends.length; i++) await record(tx, r.sends[i].id, outcomes[i]);
      return settleSubmission(tx, r.venueId, r.ref);
    },
    current: (ref) => answerOf(db, a.venueId, ref),
  };
}

/** The settle job: asks the provider what it did with a proposal that is not settled yet. */
export function defineProposalSettleJob(queue: JobQueue, db: Db, provider: AccreditationProvider): void {
  defineSettleJob<Row & { venueId: string; submissionId: string }, ProposalResult>(queue, db, PROPOSAL_SETTLE_JOB, {
    timeoutMs: provider.timeoutMs,
    async load(id) {
      const [p] = await db.select().from(accProposals).where(eq(accProposals.id, id));
      // Settled and refused (the row is gone), or settled by the request itself: nothing to ask.
      if (!p) return undefined;
      if (!p.venueId || !p.submissionId) throw new PermanentJobError('proposta sem local');
      return { ...p, venueId: p.venueId, submissionId: p.submissionId };
    },
    settled: (p) => p.sendState === 'sent',
    sendingSince: (p) => (p.sendState === 'sending' ? p.accreditationDate : null),
    settle: (tx, p) => settleSubmission(tx, p.venueId, p.submissionId),
    async ask(p) {
      const st = await provider.proposalStatus(p.id);
      if (st.status === 'created') return { ok: true, proposalId: st.proposalId };
      if (st.status === 'refused') return { ok: false, message: st.message };
      return st.status;
    },
    async resend(p) {
      const merchant = await repo.merchantOf(db, p.venueId);
      return provider.submitProposal(requestOf(p, merchant?.m.fullName ?? p.portalName), p.id);
    },
    processing: { ok: null },
    async finish(tx, p, outcome) {
      await record(tx, p.id, outcome);
      await settleSubmission(tx, p.venueId, p.submissionId);
      return outcome.ok === null;
    },
    messages: { sending: 'proposta em envio', checking: 'proposta em verificação no credenciador' },
  });
}
