/**
 * Bank transfers, exactly once (issue 36; the rule is lib/once.ts):
 * 1. reserve: the Idempotency-Key and the transfer (status 'pending') are stored in one transaction,
 *    with the settle job (TRANSFER_SETTLE_JOB, not before the bank's timeout has passed);
 * 2. call: the bank is called outside any transaction with `Idempotency-Key: <transfer id>`;
 * 3. finish: the outcome is recorded: 'sent' (protocol), 'failed' (the bank refused it) or, when the
 *    bank did not answer in time, 'checking' ("em verificação"), answered 202 with the transfer's
 *    current state. The same key then answers the current state and never calls the bank again.
 * The settle job (lib/settle-job.ts) asks the bank `GET /transfers/{id}` until it says what happened (and only sends the
 * same POST again, same key, when the bank says it never received it), records the outcome and
 * settles the keys (settleKeys) so every replay answers it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { TransferAnswer } from '../../../shared/contract/finance';
import { FINANCE_MSG } from '../../../shared/finance';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { financeTransfers } from '../../db/schema/finance';
import { enqueueJob, PermanentJobError, type JobQueue } from '../../lib/jobs';
import { settleKeys, type CommandResult, type OnceCommand } from '../../lib/once';
import { defineSettleJob, settleDelayMs } from '../../lib/settle-job';
import type { AuthUser } from '../../plugins/auth';
import { type BankAdapter, type BankTransfer, ProviderError, ProviderUnavailableError } from './adapters';
import { audit, financeOnce, type Tx } from './finance.repository';

export const TRANSFER_SETTLE_JOB = 'finance.transfer-settle';

type TransferRow = typeof financeTransfers.$inferSelect;
type Outcome = { kind: 'sent'; protocol: string } | { kind: 'refused'; reason: string } | { kind: 'checking' };

const toBank = (r: TransferRow): BankTransfer => ({
  bankCode: r.bankCode,
  agency: r.agency,
  account: r.account,
  accountDigit: r.accountDigit,
  accountType: r.accountType,
  document: r.document,
  holderName: r.holderName,
  amountCents: r.amountCents,
});

/** The answer for a transfer in its state: 200 sent, 202 pending or em verificação, 422 refused. */
export function transferAnswerOf(r: TransferRow): CommandResult & { body: TransferAnswer } {
  const body = (Message: string): TransferAnswer => ({ Message, TransferenciaId: r.id, Protocolo: r.protocol, Status: r.status as TransferAnswer['Status'] });
  if (r.status === 'sent') return { status: 200, body: body(FINANCE_MSG.transferSent) };
  if (r.status === 'failed') return { status: 422, body: body(`${FINANCE_MSG.transferFailed} ${r.error ?? ''}`.trim()) };
  return { status: 202, body: body(FINANCE_MSG.transferChecking) };
}

/** Sends one transfer to the bank with its own id as the key; an unknown outcome is 'checking'. */
async function send(bank: BankAdapter, t: BankTransfer, key: string): Promise<Outcome> {
  try {
    const { protocol } = await bank.transfer(t, key);
    return { kind: 'sent', protocol };
  } catch (err) {
    if (err instanceof ProviderError && !(err instanceof ProviderUnavailableError)) return { kind: 'refused', reason: err.message };
    return { kind: 'checking' };
  }
}

async function userOf(q: Db | Tx, id: string): Promise<Pick<AuthUser, 'id' | 'name'>> {
  const [u] = await q.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id));
  return u ?? { id, name: '' };
}

/**
 * Records an outcome on a transfer still open ('pending' or 'checking') and answers its state; a
 * transfer already settled (by the job, or by the request) keeps its outcome.
 */
async function record(tx: Tx, id: string, outcome: Outcome): Promise<TransferRow> {
  const open = and(eq(financeTransfers.id, id), inArray(financeTransfers.status, ['pending', 'checking']));
  const set =
    outcome.kind === 'sent'
      ? { status: 'sent', protocol: outcome.protocol, error: null, settledAt: new Date() }
      : outcome.kind === 'refused'
        ? { status: 'failed', error: outcome.reason, settledAt: new Date() }
        : { status: 'checking' };
  const [changed] = await tx.update(financeTransfers).set(set).where(open).returning();
  if (changed && outcome.kind !== 'checking') {
    const { id: _id, venueId, createdBy, ...detail } = changed;
    await audit(tx, {
      venueId,
      user: await userOf(tx, createdBy),
      action: outcome.kind === 'sent' ? 'bank-transfer' : 'bank-transfer-refused',
      entity: 'transfer',
      entityId: id,
      detail: { ...toBank(changed), protocol: detail.protocol, error: detail.error },
    });
  }
  if (changed) return changed;
  const [row] = await tx.select().from(financeTransfers).where(eq(financeTransfers.id, id));
  return row;
}

/** The transfer command for runOnce: reserve → bank call (outside any transaction) → record. */
export function transferCommand(
  db: Db,
  bank: BankAdapter,
  a: { venueId: string; user: AuthUser; key: string | null; hash: string; transfer: BankTransfer; mismatchMessage: string },
): OnceCommand<{ ref: string }, Outcome> {
  return {
    ...financeOnce(a),
    async reserve(tx) {
      const [row] = await tx
        .insert(financeTransfers)
        .values({ venueId: a.venueId, ...a.transfer, status: 'pending', createdBy: a.user.id })
        .returning({ id: financeTransfers.id });
      // The safety net, in the same transaction: whatever happens to this request (a timeout, a
      // crash), the job asks the bank about this transfer once its call can no longer be running.
      await enqueueJob(tx, TRANSFER_SETTLE_JOB, { id: row.id }, { key: row.id, delayMs: settleDelayMs(bank.timeoutMs) });
      return { ref: row.id };
    },
    call: (r) => send(bank, a.transfer, r.ref),
    async finish(tx, r, outcome) {
      const row = await record(tx, r.ref, outcome);
      if (row.status !== 'pending' && row.status !== 'checking') await settleKeys(tx, row.id, transferAnswerOf(row));
      return { ...transferAnswerOf(row), checking: row.status === 'pending' || row.status === 'checking' };
    },
    async current(ref) {
      const [row] = await db.select().from(financeTransfers).where(eq(financeTransfers.id, ref));
      return transferAnswerOf(row);
    },
  };
}

/** The settle job: asks the bank what it did with a transfer that is not settled yet. */
export function defineTransferSettleJob(queue: JobQueue, db: Db, bank: BankAdapter): void {
  const settled = (r: TransferRow) => r.status === 'sent' || r.status === 'failed';
  defineSettleJob<TransferRow, Outcome>(queue, db, TRANSFER_SETTLE_JOB, {
    timeoutMs: bank.timeoutMs,
    async load(id) {
      const [t] = await db.select().from(financeTransfers).where(eq(financeTransfers.id, id));
      if (!t) throw new PermanentJobError('transferência inexistente');
      return t;
    },
    settled,
    sendingSince: (t) => (t.status === 'pending' ? t.createdAt : null),
    settle: (tx, t) => settleKeys(tx, t.id, transferAnswerOf(t)),
    async ask(t) {
      const s = await bank.transferStatus(t.id);
      if (s.status === 'done') return { kind: 'sent', protocol: s.protocol };
      if (s.status === 'failed') return { kind: 'refused', reason: s.reason };
      return s.status;
    },
    resend: (t) => send(bank, toBank(t), t.id),
    processing: { kind: 'checking' },
    async finish(tx, t, outcome) {
      const r = await record(tx, t.id, outcome);
      if (settled(r)) await settleKeys(tx, r.id, transferAnswerOf(r));
      return !settled(r);
    },
    messages: { sending: 'transferência em andamento', checking: 'transferência em verificação no banco' },
  });
}
