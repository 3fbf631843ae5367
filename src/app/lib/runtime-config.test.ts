import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStore } from './local-store';
import { loadRuntimeConfig, runtimeConfig } from './runtime-config';

const SERVED = { apiBaseUrl: 'https://api.balcao.test', legacyPortalUrl: null, betaPortalUrl: null, frameAllowedOrigins: [], version: '2026.11', apiExtensions: ['x'] };
const SAVED = { ...SERVED, apiBaseUrl: 'https://saved.balcao.test', version: '2026.10' };

const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('loadRuntimeConfig', () => {
  beforeEach(() => localStore.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('uses and saves what the server serves', async () => {
    vi.stubGlobal('fetch', vi.fn(() => answer(SERVED)));
    await expect(loadRuntimeConfig()).resolves.toEqual(SERVED);
    expect(runtimeConfig()).toEqual(SERVED);
    expect(JSON.parse(localStore.get('balcao.runtimeConfig')!)).toEqual(SERVED);
  });

  it('offline, starts with the configuration saved on this device', async () => {
    localStore.set('balcao.runtimeConfig', JSON.stringify(SAVED));
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(loadRuntimeConfig()).resolves.toEqual(SAVED);
  });

  it('on a network that never answers, starts with the saved configuration after the wait, and saves a late answer for the next start', async () => {
    vi.useFakeTimers();
    localStore.set('balcao.runtimeConfig', JSON.stringify(SAVED));
    let late: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (late = resolve))));
    const started = loadRuntimeConfig(2500);
    await vi.advanceTimersByTimeAsync(2499);
    let done = false;
    void started.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(started).resolves.toEqual(SAVED);
    late(new Response(JSON.stringify(SERVED), { status: 200 }));
    await vi.waitFor(() => expect(JSON.parse(localStore.get('balcao.runtimeConfig')!)).toEqual(SERVED));
    expect(runtimeConfig()).toEqual(SAVED);
  });

  it('on the first start, with nothing saved, waits for the answer however long it takes', async () => {
    vi.useFakeTimers();
    let late: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (late = resolve))));
    const started = loadRuntimeConfig(2500);
    let done = false;
    void started.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(done).toBe(false);
    late(new Response(JSON.stringify(SERVED), { status: 200 }));
    await expect(started).resolves.toEqual(SERVED);
  });

  it('a first start that fails uses the defaults (same origin)', async () => {
    vi.stubGlobal('fetch', vi.fn(() => answer({}, 503)));
    await expect(loadRuntimeConfig()).resolves.toMatchObject({ apiBaseUrl: '', apiExtensions: [] });
  });
});
