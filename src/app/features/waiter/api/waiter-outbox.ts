/**
 * What a waiter sends goes through its own outbox (src/app/lib/outbox.ts, a store of its own so the
 * board's queue never holds a waiter's order): written to IndexedDB before anything is sent, sent
 * by one sender with the record id as Idempotency-Key, retried with backoff when the network or the
 * server fails, and drained again on start, when the browser says it is online, on visibility and
 * on a timer. Online, the caller waits a moment for the answer; offline the record stays and the
 * screen shows it as pending ("Aguardando conexão") until the server has applied it exactly once.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { OrderIntakeRequest } from '../../../../shared/contract/orders';
import { BILL_PATHS, billPaymentAnswer, type BillPaymentRequest } from '../../../../shared/contract/table-bill';
import { WAITER_PATHS } from '../../../../shared/contract/waiter';
import { IDEMPOTENCY_HEADER, KDS_PATHS } from '../../../../shared/orders';
import { api, ApiError } from '../../../lib/api-client';
import { attachTriggers, BOARD_MAX_DELAY_MS, Outbox, outcomeFromStatus, type OutboxRecord, type SendOutcome } from '../../../lib/outbox';
import { onSessionChange } from '../../../lib/session';
import { billQueries, noteContact, noteNetworkFailure } from './waiter-queries';

export type WaiterCommand = 'intake' | 'delivered' | 'payment';

/** A table order waiting to be sent, as the screen shows it. */
export interface IntakePayload {
  request: OrderIntakeRequest;
  tableId: string;
  tableName: string;
  totalCents: number;
  /** "2x X-Burger", one per line. */
  summary: string[];
}
export interface DeliveredPayload {
  body: { PedidoId: string; ExpectedStateId: number };
  codigo: string;
  tableId: string | null;
}

/**
 * A card or cash payment on a table's bill (issue 41), recorded on the phone: its Idempotency-Key
 * (the record's id) was made when the waiter tapped, so however many times it is sent, the server
 * applies it once. Pix is never queued: it needs the PSP while the customer waits.
 */
export interface PaymentPayload {
  tableId: string;
  localId: string;
  request: BillPaymentRequest;
}

export type SubmitResult = { id: string } & ({ status: 'applied'; body: unknown } | { status: 'queued' } | { status: 'failed' | 'conflict'; message: string });

const WAIT_FOR_ANSWER_MS = 4_000;

let queryClient: QueryClient | null = null;
let outbox: Outbox | null = null;
let detach: (() => void) | null = null;
const waiters = new Map<string, (r: SubmitResult) => void>();

function requestOf(record: OutboxRecord): { path: string; body: unknown } {
  if (record.command === 'intake') return { path: KDS_PATHS.intake, body: (record.payload as IntakePayload).request };
  if (record.command === 'payment') {
    const p = record.payload as PaymentPayload;
    return { path: BILL_PATHS.payments(p.tableId), body: p.request };
  }
  return { path: WAITER_PATHS.delivered, body: (record.payload as DeliveredPayload).body };
}

async function send(record: OutboxRecord): Promise<SendOutcome> {
  const { path, body } = requestOf(record);
  try {
    const answer = await api(path, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: record.id } });
    noteContact();
    return { kind: 'ok', body: answer };
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.isNetwork) noteNetworkFailure();
      else noteContact();
      return outcomeFromStatus(err.status, err.body, err.message);
    }
    return { kind: 'retry', message: err instanceof Error ? err.message : String(err) };
  }
}

function onSettled(record: OutboxRecord, outcome: SendOutcome): void {
  if (queryClient && outcome.kind === 'ok' && record.command === 'payment') {
    // The answer carries the bill with the payment in it: shown before the queued copy disappears.
    const p = record.payload as PaymentPayload;
    const answer = billPaymentAnswer.safeParse(outcome.body);
    if (answer.success) queryClient.setQueryData(billQueries.billKey(p.localId, p.tableId), answer.data.Conta);
  }
  if (queryClient && outcome.kind !== 'retry' && outcome.kind !== 'auth') {
    void queryClient.invalidateQueries({ queryKey: ['orders', 'waiter'] });
  }
  const w = waiters.get(record.id);
  if (!w) return;
  waiters.delete(record.id);
  if (outcome.kind === 'ok') w({ id: record.id, status: 'applied', body: outcome.body });
  else if (outcome.kind === 'conflict' || outcome.kind === 'final') w({ id: record.id, status: outcome.kind === 'conflict' ? 'conflict' : 'failed', message: outcome.message ?? '' });
  else w({ id: record.id, status: 'queued' });
}

export function waiterOutbox(): Outbox {
  if (!outbox) {
    outbox = new Outbox({ send, onSettled, dbName: 'balcao-waiter-outbox', channelName: 'balcao-waiter-outbox', maxDelayMs: BOARD_MAX_DELAY_MS });
    outbox.subscribe(() => void refresh());
    void refresh();
    onSessionChange((s) => {
      if (s?.token) outbox?.resume();
    });
  }
  return outbox;
}

/** Starts draining (start, online, visibility, timer) and lets answers refresh the tables. */
export function bindWaiterOutbox(qc: QueryClient): void {
  queryClient = qc;
  if (!detach) detach = attachTriggers(waiterOutbox(), 3_000);
}

async function submit(command: WaiterCommand, orderKey: string, payload: IntakePayload | DeliveredPayload | PaymentPayload, label: string, id: string = crypto.randomUUID()): Promise<SubmitResult> {
  const answered = new Promise<SubmitResult>((resolve) => {
    waiters.set(id, resolve);
    setTimeout(() => {
      if (waiters.get(id) === resolve) {
        waiters.delete(id);
        resolve({ id, status: 'queued' });
      }
    }, WAIT_FOR_ANSWER_MS);
  });
  await waiterOutbox().enqueue({ id, orderId: orderKey, command, payload, expectedState: null, label });
  return answered;
}

/** Sends a table order to the kitchen (POST api/kds/intake), queued first. */
export function submitTableOrder(p: IntakePayload, label: string): Promise<SubmitResult> {
  // Each new order is its own sequence in the queue (nothing before it must wait for it).
  return submit('intake', `intake:${crypto.randomUUID()}`, p, label);
}

/**
 * A card or cash payment (POST api/Mesa/{mesa}/Conta/Pagamentos), queued first with `key` (made at
 * the tap) as its record id and Idempotency-Key. Each payment is its own sequence: one the server
 * refuses never holds back another table's (or this table's next) payment.
 */
export function submitBillPayment(p: PaymentPayload, key: string, label: string): Promise<SubmitResult> {
  return submit('payment', `bill-payment:${key}`, p, label, key);
}

/** "Entregue à mesa" (POST api/garcom/entregue), queued first. */
export function submitDelivered(p: DeliveredPayload, label: string): Promise<SubmitResult> {
  return submit('delivered', p.body.PedidoId, p, label);
}

// ---------------------------------------------------------------------------------------------
// The queue as the screen sees it

let records: OutboxRecord[] = [];
const listeners = new Set<() => void>();

async function refresh(): Promise<void> {
  if (!outbox) return;
  try {
    records = await outbox.list();
  } catch {
    records = [];
  }
  listeners.forEach((l) => l());
}

export function useWaiterRecords(): OutboxRecord[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => records,
  );
}

export function acknowledgeWaiterRecord(id: string): Promise<void> {
  return waiterOutbox().acknowledge(id);
}
