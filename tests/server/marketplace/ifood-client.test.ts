/**
 * The iFood adapter against a loopback iFood written from its documentation: the client-credentials
 * token (form-encoded, reused, renewed before it expires, renewed once on a 401), polling with
 * x-polling-merchants (204 = nothing), acknowledgment as an array of { id }, errors that say whether
 * to try again.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IfoodClient, IfoodError, retryAfterMs } from '../../../src/server/modules/marketplace/ifood/adapters/ifood';
import { fakeEvent, fakeOrder, FakeIfood } from './ifood-fake';

const fake = new FakeIfood();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => {
  fake.requests = [];
  fake.events = [];
  fake.acked.clear();
  fake.down = null;
  fake.tokenLifetime = 21_600;
  fake.clock = Date.now();
});

const client = () => new IfoodClient({ baseUrl: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret, now: () => fake.clock });
const tokenRequests = () => fake.calls(/\/oauth\/token$/);

describe('iFood client', () => {
  it('asks for a token with the form-encoded client credentials and reuses it', async () => {
    const c = client();
    await c.pollEvents(['m-1']);
    await c.pollEvents(['m-1']);
    expect(tokenRequests()).toHaveLength(1);
    const [t] = tokenRequests();
    expect(t.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(t.body))).toEqual({ grantType: 'client_credentials', clientId: fake.clientId, clientSecret: fake.clientSecret });
    const polls = fake.calls(/events:polling$/, 'GET');
    expect(polls).toHaveLength(2);
    expect(polls.every((p) => p.authorised && p.headers['x-polling-merchants'] === 'm-1')).toBe(true);
  });

  it('renews the token before it expires: no request ever carries an expired token', async () => {
    fake.tokenLifetime = 3600;
    const c = client();
    await c.pollEvents(['m-1']);
    fake.clock += 3400 * 1000; // less than 5 minutes left of a 60-minute token: renewed now
    await c.pollEvents(['m-1']);
    fake.clock += 3599 * 1000; // the first token is long gone
    await c.pollEvents(['m-1']);
    expect(tokenRequests()).toHaveLength(3);
    const calls = fake.requests.filter((r) => !r.path.endsWith('/oauth/token'));
    expect(calls.every((r) => r.authorised)).toBe(true);
  });

  it('a 401 (token revoked early) renews the token and repeats the call once', async () => {
    const c = client();
    await c.pollEvents(['m-1']);
    fake.fail(/events:polling$/, 401);
    await c.pollEvents(['m-1']);
    expect(tokenRequests()).toHaveLength(2);
    expect(fake.calls(/events:polling$/, 'GET')).toHaveLength(3);
  });

  it('polling answers the events (204 is none) and acknowledges them as an array of { id }', async () => {
    const c = client();
    expect(await c.pollEvents(['m-1'])).toEqual([]);
    const order = fakeOrder('m-1');
    fake.events.push(fakeEvent(order, 'PLC', 'PLACED', '2026-11-26T20:00:00.000Z'));
    const events = await c.pollEvents(['m-1']);
    expect(events.map((e) => [e.code, e.orderId])).toEqual([['PLC', order.id]]);
    await c.acknowledge(events.map((e) => e.id));
    const [ack] = fake.calls(/acknowledgment$/);
    expect(ack.headers['content-type']).toBe('application/json');
    expect(JSON.parse(ack.body)).toEqual([{ id: events[0].id }]);
    expect(await c.pollEvents(['m-1'])).toEqual([]);
  });

  it('5xx, 429 and no answer are worth retrying; a 400 is iFood refusing', async () => {
    const c = client();
    fake.down = 503;
    await expect(c.pollEvents(['m-1'])).rejects.toMatchObject({ status: 503, retryable: true });
    fake.down = null;
    fake.fail(/events:polling$/, 429);
    await expect(c.pollEvents(['m-1'])).rejects.toMatchObject({ status: 429, retryable: true });
    // iFood's rate limit names its time to try again: the error carries it (seconds, or an HTTP date).
    fake.fail(/events:polling$/, 429, 1, '30');
    await expect(c.pollEvents(['m-1'])).rejects.toMatchObject({ status: 429, retryAfterMs: 30_000 });
    expect(retryAfterMs(new Date(Date.UTC(2026, 10, 29, 12, 1, 0)).toUTCString(), Date.UTC(2026, 10, 29, 12, 0, 0))).toBe(60_000);
    expect(retryAfterMs('amanhã', 0)).toBeUndefined();
    expect(retryAfterMs(null, 0)).toBeUndefined();
    const order = fakeOrder('m-1');
    fake.orders.set(order.id as string, order);
    const refused = await c.orderAction(order.id as string, 'requestCancellation', { reason: 'x', cancellationCode: '999' }).catch((e) => e);
    expect(refused).toBeInstanceOf(IfoodError);
    expect(refused).toMatchObject({ status: 400, retryable: false });
    const nobody = new IfoodClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'a', clientSecret: 'b', timeoutMs: 2000 });
    await expect(nobody.pollEvents(['m-1'])).rejects.toMatchObject({ status: 0, retryable: true });
  });
});
