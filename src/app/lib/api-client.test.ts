// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { MSG } from '../../shared/messages';
import { api, ApiError, errorText, offlineRefusal } from './api-client';

vi.mock('./session', () => ({ getSession: () => session, clearSession: vi.fn() }));
vi.mock('./runtime-config', () => ({ runtimeConfig: () => ({ apiBaseUrl: 'http://127.0.0.1:9' }) }));
let session: { token: string } | null = { token: 't' };
let online = false;
const fetchSpy = vi.fn();

beforeEach(() => {
  session = { token: 't' };
  online = false;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  fetchSpy.mockReset();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('offline writes (issue 28)', () => {
  it('refuses a signed-in save at once, without a request, as a network error', async () => {
    const err = await api('api/x', { method: 'POST', body: { a: 1 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).isNetwork).toBe(true);
    expect((err as ApiError).message).toBe(MSG.offlineWrite);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
  it('leaves queued commands (Idempotency-Key) to their outbox', async () => {
    fetchSpy.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await api('api/x', { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'k' } }).catch((e: unknown) => e);
    expect(fetchSpy).toHaveBeenCalledOnce();
    expect((err as ApiError).message).toBe(MSG.serverUnavailable);
  });
  it('says "nada foi alterado" for a delete or a switch', () => {
    expect(offlineRefusal('DELETE', false)).toBe(MSG.offlineAction);
    expect(offlineRefusal('PUT', false)).toBe(MSG.offlineAction);
  });
  it('lets reads, online writes and the sign-in through', () => {
    expect(offlineRefusal('GET', false)).toBeNull();
    expect(offlineRefusal(undefined, false)).toBeNull();
    session = null;
    expect(offlineRefusal('POST', true)).toBeNull();
    session = { token: 't' };
    online = true;
    expect(offlineRefusal('POST', true)).toBeNull();
  });
});

describe('an answer our own server checked against this contract', () => {
  const schema = z.object({ n: z.number() });
  const answer = (body: unknown, fingerprint?: string) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...(fingerprint ? { 'x-contract-fingerprint': fingerprint } : {}) } });
  beforeEach(() => {
    online = true;
  });

  it('is this build’s contract (vite.config.ts defines it from src/shared)', () => {
    expect(__CONTRACT_FINGERPRINT__).toMatch(/^[0-9a-f]{32}$/);
  });
  it('is taken as it is when the caller asks and the fingerprint is this build’s', async () => {
    // A body that does not fit the schema shows the parse was skipped (the server refuses to send one).
    fetchSpy.mockResolvedValue(answer({ n: 'x' }, __CONTRACT_FINGERPRINT__));
    await expect(api('api/x', { schema, checkedByServer: true })).resolves.toEqual({ n: 'x' });
  });
  it('is parsed when the fingerprint is another contract’s, when there is none, or when the caller did not ask', async () => {
    fetchSpy.mockResolvedValueOnce(answer({ n: 'x' }, '0'.repeat(32)));
    await expect(api('api/x', { schema, checkedByServer: true })).rejects.toMatchObject({ message: MSG.genericError });
    fetchSpy.mockResolvedValueOnce(answer({ n: 'x' }));
    await expect(api('api/x', { schema, checkedByServer: true })).rejects.toMatchObject({ message: MSG.genericError });
    fetchSpy.mockResolvedValueOnce(answer({ n: 'x' }, __CONTRACT_FINGERPRINT__));
    await expect(api('api/x', { schema })).rejects.toMatchObject({ message: MSG.genericError });
    // A body that fits is parsed (unknown keys dropped), as always.
    fetchSpy.mockResolvedValueOnce(answer({ n: 1, extra: true }));
    await expect(api('api/x', { schema, checkedByServer: true })).resolves.toEqual({ n: 1 });
  });
});

describe('errorText', () => {
  it("says an ApiError's own text, else the generic error or the screen's own fallback", () => {
    expect(errorText(new ApiError(422, 'Motivo obrigatório'))).toBe('Motivo obrigatório');
    expect(errorText(new ApiError(422, 'Motivo obrigatório'), 'Não foi possível')).toBe('Motivo obrigatório');
    expect(errorText(new TypeError('boom'))).toBe(MSG.genericError);
    expect(errorText(new TypeError('boom'), 'Não foi possível contestar')).toBe('Não foi possível contestar');
  });
});
