/**
 * Every order command of the board goes through submitOrderCommand: it is written to the outbox
 * (IndexedDB) before anything is sent, the card shows it at once from the pending record, and the
 * one sender delivers it with the record id as Idempotency-Key and the state the tablet saw as
 * ExpectedStateId. Online, the caller waits briefly for the answer (to say "Senha incorreta" under
 * the field); offline it stays queued and drains by itself when the network is back.
 *
 * Commands that need the user's password (refusing an own-platform order, Devolver) are queued with
 * it: the server checks it when the command arrives; a wrong one is a final refusal shown in the
 * banners ("Recusa do pedido #12 não aplicada: Senha incorreta."). The record, password included,
 * is deleted as soon as the server answers.
 *
 * Without IndexedDB (private modes) commands are sent directly and nothing is queued.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createStore, del, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import { IDEMPOTENCY_HEADER } from '../../../../shared/orders';
import { api, ApiError } from '../../../lib/api-client';
import { whenIdle } from '../../../lib/idle';
import { attachTriggers, BOARD_MAX_DELAY_MS, Outbox, outcomeFromStatus, type OutboxRecord, type SendOutcome } from '../../../lib/outbox';
import { onSessionChange } from '../../../lib/session';
import { commandLabel, commandPath, type BoardCommand, type CommandPayload, type OrderPreview } from '../model/commands';
import { noteContact, noteNetworkFailure } from './connection';
import { orderFromBody, patchOrder } from './order-cache';
import { orderQueries } from './order-queries';

/** What became of a command (`id`: its outbox record, absent when storage is unavailable). */
export type CommandResult = { id?: string } & (
  | { status: 'applied'; body: unknown }
  | { status: 'queued'; message?: string }
  | { status: 'conflict'; message: string; body: unknown }
  | { status: 'failed'; message: string; body: unknown }
);

const COURIER_COMMANDS = new Set(['callCourier', 'authorizeMeepDelivery']);

/** How long the person waits for the server before the command is left to the queue. */
const WAIT_FOR_ANSWER_MS = 8_000;

let queryClient: QueryClient | null = null;
let outbox: Outbox | null = null;
let detachTriggers: (() => void) | null = null;
let storageOk: Promise<boolean> | null = null;
const waiters = new Map<string, (r: CommandResult) => void>();

/** True when IndexedDB can be used (private modes may refuse it): the outbox needs it. */
export function isStorageAvailable(): Promise<boolean> {
  storageOk ??= (async () => {
    try {
      const probe = createStore('balcao-outbox-probe', 'probe');
      await set('probe', 1, probe);
      await del('probe', probe);
      return true;
    } catch {
      return false;
    }
  })();
  return storageOk;
}

async function send(record: OutboxRecord): Promise<SendOutcome> {
  const p = (record.payload ?? {}) as CommandPayload;
  try {
    const body = await api(commandPath(record.command), {
      method: 'POST',
      body: p.body ?? {},
      query: p.query,
      headers: { [IDEMPOTENCY_HEADER]: record.id },
    });
    noteContact();
    return { kind: 'ok', body };
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.isNetwork) noteNetworkFailure();
      else noteContact();
      // The courier platform refused the call (502 "Falha ao solicitar …. Tente novamente"): the
      // person decides whether to try again; replaying it by itself could call a courier late.
      if (err.status === 502 && COURIER_COMMANDS.has(record.command)) return { kind: 'final', body: err.body, message: err.message };
      return outcomeFromStatus(err.status, err.body, err.message);
    }
    return { kind: 'retry', message: err instanceof Error ? err.message : String(err) };
  }
}

function resultOf(outcome: SendOutcome, id?: string): CommandResult {
  switch (outcome.kind) {
    case 'ok':
      return { id, status: 'applied', body: outcome.body };
    case 'conflict':
      return { id, status: 'conflict', message: outcome.message ?? '', body: outcome.body };
    case 'final':
      return { id, status: 'failed', message: outcome.message ?? '', body: outcome.body };
    default:
      return { id, status: 'queued', message: outcome.message };
  }
}

function onSettled(record: OutboxRecord, outcome: SendOutcome): void {
  if (queryClient && (outcome.kind === 'ok' || outcome.kind === 'conflict' || outcome.kind === 'final')) {
    // The server's truth: the order in the answer (or in the 409 body), then a reload of the lists.
    const o = orderFromBody(outcome.body);
    if (o) patchOrder(queryClient, o);
    void queryClient.invalidateQueries({ queryKey: orderQueries.lists() });
  }
  const w = waiters.get(record.id);
  if (w) {
    waiters.delete(record.id);
    w(resultOf(outcome, record.id));
  }
}

/** The board's outbox (one per tab; the sender is shared across tabs by navigator.locks). */
export function orderOutbox(): Outbox {
  if (!outbox) {
    outbox = new Outbox({ send, onSettled, dbName: 'balcao-outbox', maxDelayMs: BOARD_MAX_DELAY_MS });
    outbox.subscribe(refreshRecords);
    void refreshRecords();
    // A 401 paused the queue: signing in again resumes it (the queue was kept).
    onSessionChange((s) => {
      if (s?.token) outbox?.resume();
    });
  }
  return outbox;
}

/**
 * Starts draining (on start, online, visibility, timer) and lets answers update the cache. The queued
 * changes are read at once (they show on their cards); the draining starts at the tablet's first idle
 * moment (within a second), not in the middle of the board's first paint. A change made meanwhile is
 * sent at once (submit drains).
 */
export function bindOrderOutbox(qc: QueryClient): void {
  queryClient = qc;
  void isStorageAvailable().then((ok) => {
    if (!ok) return;
    orderOutbox();
    whenIdle(() => {
      if (!detachTriggers) detachTriggers = attachTriggers(orderOutbox());
    }, OUTBOX_START_LATEST_MS, 0);
  });
}
const OUTBOX_START_LATEST_MS = 1_000;

export interface SubmitOptions {
  orderId: string;
  codigo: string;
  command: BoardCommand;
  /** The state the tablet saw (sent as ExpectedStateId for state commands). */
  expectedStateId: number | null;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  preview?: OrderPreview;
  /** Wait this long for the server's answer (0: do not wait). */
  waitMs?: number;
}

/** The one way the board changes an order. */
export async function submitOrderCommand(o: SubmitOptions): Promise<CommandResult> {
  const payload: CommandPayload = { body: o.body, query: o.query, preview: o.preview, codigo: o.codigo };
  const label = commandLabel(o.command, o.codigo);
  if (!(await isStorageAvailable())) {
    const fake = { id: crypto.randomUUID(), orderId: o.orderId, command: o.command, payload } as OutboxRecord;
    const outcome = await send(fake);
    onSettled(fake, outcome);
    const r = resultOf(outcome);
    return r.status === 'queued' ? { status: 'failed', message: r.message || 'Sem conexão com o servidor.', body: null } : r;
  }
  const box = orderOutbox();
  const id = crypto.randomUUID();
  const waitMs = o.waitMs ?? WAIT_FOR_ANSWER_MS;
  const answered = new Promise<CommandResult>((resolve) => {
    waiters.set(id, resolve);
    setTimeout(() => {
      if (waiters.get(id) === resolve) {
        waiters.delete(id);
        resolve({ id, status: 'queued' });
      }
    }, waitMs);
  });
  await box.enqueue({ id, orderId: o.orderId, command: o.command, payload, expectedState: o.expectedStateId, label });
  return answered;
}

// ---------------------------------------------------------------------------------------------
// The queue as the UI sees it

const listeners = new Set<() => void>();
let records: OutboxRecord[] = [];
let paused = false;
let refreshing: Promise<void> | null = null;

async function refreshRecords(): Promise<void> {
  if (!outbox) return;
  if (refreshing) {
    await refreshing;
  }
  refreshing = (async () => {
    try {
      records = await outbox!.list();
      paused = outbox!.isPaused();
    } catch {
      records = [];
    }
    listeners.forEach((l) => l());
  })();
  try {
    await refreshing;
  } finally {
    refreshing = null;
  }
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The outbox records (pending, sending, conflicts and failures), kept in step with every tab. */
export function useOutboxRecords(): OutboxRecord[] {
  return useSyncExternalStore(subscribe, () => records);
}

export function useOutboxPaused(): boolean {
  return useSyncExternalStore(subscribe, () => paused);
}

/** A person saw a conflict or a failure: drop it (the card already shows the server's truth). */
export async function acknowledgeRecord(id: string): Promise<void> {
  await orderOutbox().acknowledge(id);
}
