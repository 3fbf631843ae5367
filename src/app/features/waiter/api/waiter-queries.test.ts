import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BILL_FRESH_ON_MOUNT_MS, billRefetchOnMount } from './waiter-queries';

const key = ['orders', 'waiter', 'bill', 'local-1', 'mesa-12'];

describe('the bill screen on mount', () => {
  const clients: QueryClient[] = [];
  afterEach(() => clients.splice(0).forEach((c) => c.clear()));

  /** Mounts an observer of the bill the way BillView does; answers how many times the server was asked. */
  async function mount(prepare: (qc: QueryClient) => Promise<void>): Promise<number> {
    const qc = new QueryClient();
    clients.push(qc);
    await prepare(qc);
    const queryFn = vi.fn(async () => ({ fresh: true }));
    const observer = new QueryObserver(qc, { queryKey: key, queryFn, staleTime: 0, retry: false, refetchOnMount: (q) => billRefetchOnMount(q) });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(qc.getQueryState(key)?.fetchStatus).toBe('idle'));
    stop();
    return queryFn.mock.calls.length;
  }

  it('does not read again a bill this page read a moment ago (the prefetch on the Conta tap)', async () => {
    expect(await mount(async (qc) => void qc.setQueryData(key, { fresh: false }))).toBe(0);
  });

  it('reads again a copy restored from the saved cache, however young (the persisted cache marks it invalidated)', async () => {
    const calls = await mount(async (qc) => {
      qc.setQueryData(key, { fresh: false }, { updatedAt: Date.now() - 500 });
      await qc.invalidateQueries({ refetchType: 'none' });
    });
    expect(calls).toBe(1);
  });

  it('reads again a bill read longer ago than BILL_FRESH_ON_MOUNT_MS', async () => {
    expect(await mount(async (qc) => void qc.setQueryData(key, { fresh: false }, { updatedAt: Date.now() - BILL_FRESH_ON_MOUNT_MS - 1 }))).toBe(1);
  });

  it('is a plain rule of age and invalidation', () => {
    const now = 1_000_000;
    expect(billRefetchOnMount({ state: { dataUpdatedAt: now - 100, isInvalidated: false } }, now)).toBe(false);
    expect(billRefetchOnMount({ state: { dataUpdatedAt: now - 100, isInvalidated: true } }, now)).toBe(true);
    expect(billRefetchOnMount({ state: { dataUpdatedAt: now - BILL_FRESH_ON_MOUNT_MS - 1, isInvalidated: false } }, now)).toBe(true);
  });
});
