/**
 * What the board knows about its connection: the last moment the server answered (kept across
 * reloads, for "Sem conexão desde HH:MM"), whether the last list request failed for lack of network,
 * and the state of the live stream. A tiny external store the header and banners read.
 */
import { useSyncExternalStore } from 'react';
import { localStore } from '../../../lib/local-store';

export type StreamState = 'off' | 'connecting' | 'open';
export type ConnectionMode = 'live' | 'polling' | 'offline' | 'paused' | 'idle';

interface ConnectionSnapshot {
  lastContactAt: number | null;
  networkFailing: boolean;
  stream: StreamState;
  online: boolean;
}

const KEY = 'balcao.orders.lastContactAt';
const PERSIST_EVERY_MS = 5_000;
const listeners = new Set<() => void>();
let lastPersisted = 0;

function initialContact(): number | null {
  const n = Number(localStore.get(KEY));
  return Number.isFinite(n) && n > 0 ? n : null;
}

let snapshot: ConnectionSnapshot = {
  lastContactAt: typeof window === 'undefined' ? null : initialContact(),
  networkFailing: false,
  stream: 'off',
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
};

function set(patch: Partial<ConnectionSnapshot>) {
  const next = { ...snapshot, ...patch };
  if (
    next.lastContactAt === snapshot.lastContactAt &&
    next.networkFailing === snapshot.networkFailing &&
    next.stream === snapshot.stream &&
    next.online === snapshot.online
  ) {
    return;
  }
  snapshot = next;
  listeners.forEach((l) => l());
}

/** The server answered just now. */
export function noteContact(now = Date.now()): void {
  if (now - lastPersisted > PERSIST_EVERY_MS) {
    lastPersisted = now;
    localStore.set(KEY, String(now));
  }
  // Only the minute is shown; a change of the second need not re-render anything.
  const changedMinute = !snapshot.lastContactAt || Math.floor(snapshot.lastContactAt / 60_000) !== Math.floor(now / 60_000);
  set({ networkFailing: false, online: true, ...(changedMinute ? { lastContactAt: now } : {}) });
}

/** A request found no server (offline, timeout). */
export function noteNetworkFailure(): void {
  set({ networkFailing: true });
}

export function setStreamState(stream: StreamState): void {
  set({ stream });
  if (stream === 'open') noteContact();
}

if (typeof window !== 'undefined') {
  // Back online: the failure flag stays until a request succeeds, which the board asks for at once
  // (onOnline listeners), so the badge leaves "sem conexão" within a request's time.
  window.addEventListener('online', () => {
    set({ online: true });
    onlineListeners.forEach((l) => l());
  });
  window.addEventListener('offline', () => set({ online: false }));
}

const onlineListeners = new Set<() => void>();
/** Runs `l` when the browser says the network is back. */
export function onOnline(l: () => void): () => void {
  onlineListeners.add(l);
  return () => onlineListeners.delete(l);
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/**
 * One part of the connection's state (`select` returns a value compared with Object.is): a component
 * re-renders only when its part changes. The board page reads the mode, the banner the time of the
 * last contact; a tablet's first answer sets that time without re-rendering the board.
 */
export function useConnection<T>(select: (c: ConnectionSnapshot) => T): T {
  return useSyncExternalStore(subscribe, () => select(snapshot));
}

/**
 * What the board tells the kitchen: offline wins; then whether the auto-refresh switch is on
 * (paused when off); then live or polling. The board is live from the moment it opens: the start
 * dialog only unlocks sound and the screen lock, so it does not change this.
 */
export function connectionMode(c: Pick<ConnectionSnapshot, 'online' | 'networkFailing' | 'stream'>, autoRefresh: boolean): ConnectionMode {
  if (!c.online || (c.networkFailing && c.stream !== 'open')) return 'offline';
  if (!autoRefresh) return 'paused';
  return c.stream === 'open' ? 'live' : 'polling';
}
