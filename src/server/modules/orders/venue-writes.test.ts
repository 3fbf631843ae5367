import { describe, expect, it } from 'vitest';
import { ORDER_MSG } from '../../../shared/orders';
import { HttpError } from '../../lib/http-error';
import { isLockTimeout, VenueWriteGate, venueWriteSettings } from './venue-writes';

/** A write that holds its slot until released. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  return { release, fn: () => done };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('venue write gate', () => {
  it('lets at most perVenue writers of one venue through; the next goes when one leaves, in arrival order', async () => {
    const gate = new VenueWriteGate({ perVenue: 2, total: 10, waitMs: 5_000 });
    const order: number[] = [];
    const writers = [held(), held(), held(), held()];
    const runs = writers.map((w, i) => gate.run('v1', async () => (order.push(i), w.fn())));
    await tick();
    expect(order).toEqual([0, 1]);
    expect(gate.load).toEqual({ active: 2, waiting: 2 });
    writers[1].release();
    await tick();
    await tick();
    expect(order).toEqual([0, 1, 2]);
    writers[0].release();
    writers[2].release();
    writers[3].release();
    await Promise.all(runs);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it('caps all venues together, and another venue passes a full one', async () => {
    const gate = new VenueWriteGate({ perVenue: 1, total: 2, waitMs: 5_000 });
    const started: string[] = [];
    const a1 = held();
    const a2 = held();
    const b = held();
    const c = held();
    const runs = [
      gate.run('a', async () => (started.push('a1'), a1.fn())),
      gate.run('a', async () => (started.push('a2'), a2.fn())),
      gate.run('b', async () => (started.push('b'), b.fn())),
      gate.run('c', async () => (started.push('c'), c.fn())),
    ];
    await tick();
    // a2 waits for its venue; b passes it; c waits for the total.
    expect(started).toEqual(['a1', 'b']);
    b.release();
    await tick();
    await tick();
    expect(started).toEqual(['a1', 'b', 'c']);
    a1.release();
    await tick();
    await tick();
    expect(started).toEqual(['a1', 'b', 'c', 'a2']);
    a2.release();
    c.release();
    await Promise.all(runs);
  });

  it('a writer that waits past the bound gets the 503 "Muitas alterações ao mesmo tempo, tente de novo" with Retry-After', async () => {
    const gate = new VenueWriteGate({ perVenue: 1, total: 5, waitMs: 50 });
    const first = held();
    const running = gate.run('v', first.fn);
    const err = await gate.run('v', async () => 'never').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ statusCode: 503, message: ORDER_MSG.venueBusy, headers: { 'retry-after': '1' } });
    expect(gate.load.waiting).toBe(0);
    first.release();
    await running;
    // The slot is free again.
    await expect(gate.run('v', async () => 'ok')).resolves.toBe('ok');
  });

  it('turns lock_timeout at the venue lock (55P03, also wrapped) into the same 503', async () => {
    const gate = new VenueWriteGate({ perVenue: 1, total: 5, waitMs: 3_000 });
    const pgError = Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
    expect(isLockTimeout(new Error('Failed query', { cause: pgError }))).toBe(true);
    const err = await gate.run('v', async () => Promise.reject(new Error('Failed query', { cause: pgError }))).catch((e: unknown) => e);
    expect(err).toMatchObject({ statusCode: 503, message: ORDER_MSG.venueBusy, headers: { 'retry-after': '3' } });
    const other = await gate.run('v', async () => Promise.reject(new Error('boom'))).catch((e: unknown) => e);
    expect(other).toMatchObject({ message: 'boom' });
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it('is re-entrant: a write nested in one of the same venue takes no second slot (no deadlock at perVenue 1)', async () => {
    const gate = new VenueWriteGate({ perVenue: 1, total: 1, waitMs: 100 });
    const result = await gate.run('v', () => gate.run('v', async () => gate.load));
    expect(result).toEqual({ active: 1, waiting: 0 });
  });

  it('reads its settings from the environment, keeping connections for reads', () => {
    expect(venueWriteSettings({})).toEqual({ lockTimeoutMs: 3_000, perVenue: 2, total: 7 });
    expect(venueWriteSettings({ DATABASE_POOL_MAX: '4', ORDERS_LOCK_TIMEOUT_MS: '1500' })).toEqual({ lockTimeoutMs: 1_500, perVenue: 2, total: 1 });
    expect(venueWriteSettings({ ORDERS_VENUE_WRITERS: '3', ORDERS_WRITERS_MAX: '5', ORDERS_LOCK_TIMEOUT_MS: 'x' })).toEqual({ lockTimeoutMs: 3_000, perVenue: 3, total: 5 });
  });
});
