import 'fake-indexeddb/auto';
import { createStore, set } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { backoffDelay, BOARD_MAX_DELAY_MS, Outbox, outcomeFromStatus, type LockManagerLike, type OutboxRecord, type SendOutcome } from './outbox';

let dbCounter = 0;
let dbName = '';
beforeEach(() => {
  dbName = `outbox-test-${++dbCounter}`;
});

/** A fake server that applies each Idempotency-Key once and replays its stored answer. */
function fakeServer() {
  const applied: string[] = [];
  const answers = new Map<string, unknown>();
  return {
    applied,
    handle(r: OutboxRecord) {
      if (!answers.has(r.id)) {
        applied.push(`${r.orderId}:${r.command}`);
        answers.set(r.id, { Id: r.orderId, Name: r.command });
      }
      return answers.get(r.id);
    },
  };
}

describe('Outbox', () => {
  it('stores the command before any network call', async () => {
    let seenInStore: OutboxRecord[] = [];
    const box: Outbox = new Outbox({
      dbName,
      send: async () => {
        seenInStore = await box.list();
        return { kind: 'ok' };
      },
    });
    const r = await box.enqueue({ orderId: 'o1', command: 'acceptOrder', payload: { Id: 'o1' }, expectedState: 1 });
    await box.drain();
    expect(seenInStore.map((x) => x.id)).toContain(r.id);
    expect(await box.list()).toEqual([]);
  });

  it('keeps the command when the page dies before sending, and a new page sends it', async () => {
    const never = new Outbox({ dbName, send: () => new Promise<SendOutcome>(() => {}) });
    await never.enqueue({ orderId: 'o1', command: 'startOrder', payload: {}, expectedState: 2 });
    const server = fakeServer();
    // "Reload": a new outbox on the same database; the first sender's claim went stale.
    let clock = Date.now() + 60_000;
    const next = new Outbox({ dbName, now: () => clock, send: async (r) => ({ kind: 'ok', body: server.handle(r) }) });
    await next.drain();
    expect(server.applied).toEqual(['o1:startOrder']);
    expect(await next.list()).toEqual([]);
    clock += 1;
  });

  it('replays after a crash that followed the server commit without a duplicate change', async () => {
    const server = fakeServer();
    let clock = 1_000_000;
    // The server commits, then the answer is lost.
    const first = new Outbox({
      dbName,
      now: () => clock,
      random: () => 0,
      send: async (r) => {
        server.handle(r);
        throw new TypeError('Failed to fetch');
      },
    });
    const rec = await first.enqueue({ orderId: 'o9', command: 'acceptOrder', payload: {}, expectedState: 1 });
    await first.drain();
    expect((await first.list())[0]).toMatchObject({ id: rec.id, status: 'pending', attempts: 1 });
    clock += 60_000;
    const restarted = new Outbox({ dbName, now: () => clock, send: async (r) => ({ kind: 'ok', body: server.handle(r) }) });
    await restarted.drain();
    expect(server.applied).toEqual(['o9:acceptOrder']);
    expect(await restarted.list()).toEqual([]);
  });

  it('caps the backoff (the board: a few seconds) and retries at once what waits when the server answers again', async () => {
    let clock = 0;
    let up = false;
    const sent: string[] = [];
    const box = new Outbox({
      dbName,
      now: () => clock,
      random: () => 1,
      maxDelayMs: BOARD_MAX_DELAY_MS,
      send: async (r) => {
        sent.push(r.orderId);
        return up ? { kind: 'ok' } : outcomeFromStatus(0);
      },
    });
    await box.enqueue({ orderId: 'a', command: 'acceptOrder', payload: {}, expectedState: 1 });
    for (let i = 0; i < 8; i++) {
      const [r] = await box.list();
      clock = r.nextAttemptAt;
      await box.drain();
    }
    const [waiting] = await box.list();
    expect(waiting.nextAttemptAt - clock).toBeLessThanOrEqual(BOARD_MAX_DELAY_MS);
    // The network is back: a new command goes through and the one waiting for its backoff follows at once.
    up = true;
    await box.enqueue({ orderId: 'b', command: 'acceptOrder', payload: {}, expectedState: 1 });
    await box.drain();
    expect(await box.list()).toEqual([]);
    expect(sent.slice(-2).sort()).toEqual(['a', 'b']);
  });

  it('retries network errors and 5xx with growing, jittered backoff', async () => {
    let clock = 0;
    const outcomes: SendOutcome[] = [outcomeFromStatus(0), outcomeFromStatus(503), { kind: 'ok' }];
    const calls: number[] = [];
    const box = new Outbox({
      dbName,
      now: () => clock,
      random: () => 0.5,
      send: async () => {
        calls.push(clock);
        return outcomes.shift()!;
      },
    });
    await box.enqueue({ orderId: 'o1', command: 'acceptOrder', payload: {}, expectedState: 1 });
    await box.drain();
    expect(calls).toEqual([0]);
    const [afterFirst] = await box.list();
    expect(afterFirst.nextAttemptAt).toBe(backoffDelay(1, () => 0.5));
    await box.drain(); // not due yet
    expect(calls).toHaveLength(1);
    clock = afterFirst.nextAttemptAt;
    await box.drain();
    expect(calls).toHaveLength(2);
    const [afterSecond] = await box.list();
    expect(afterSecond.nextAttemptAt - clock).toBe(backoffDelay(2, () => 0.5));
    expect(backoffDelay(2, () => 0.5)).toBeGreaterThan(backoffDelay(1, () => 0.5));
    clock = afterSecond.nextAttemptAt;
    await box.drain();
    expect(calls).toHaveLength(3);
    expect(await box.list()).toEqual([]);
  });

  it('keeps a conflict (409) with the server answer until acknowledged, and holds back later commands of that order', async () => {
    const sent: string[] = [];
    const box = new Outbox({
      dbName,
      send: async (r) => {
        sent.push(`${r.orderId}:${r.command}`);
        if (r.command === 'acceptOrder' && r.orderId === 'o1') return outcomeFromStatus(409, { Id: 'o1', state: 'Recusado' }, 'conflito');
        return { kind: 'ok' };
      },
    });
    await box.enqueue({ orderId: 'o1', command: 'acceptOrder', payload: {}, expectedState: 1 });
    await box.enqueue({ orderId: 'o1', command: 'startOrder', payload: {}, expectedState: 2 });
    await box.enqueue({ orderId: 'o2', command: 'acceptOrder', payload: {}, expectedState: 1 });
    await box.drain();
    const list = await box.list();
    expect(list.map((r) => [r.orderId, r.command, r.status])).toEqual([
      ['o1', 'acceptOrder', 'conflict'],
      ['o1', 'startOrder', 'pending'],
    ]);
    expect(list[0].response).toEqual({ Id: 'o1', state: 'Recusado' });
    expect(sent).toEqual(['o1:acceptOrder', 'o2:acceptOrder']);
    await box.acknowledge(list[0].id);
    await box.drain();
    expect(sent).toEqual(['o1:acceptOrder', 'o2:acceptOrder', 'o1:startOrder']);
  });

  it('sends the commands of one order in the order they were made', async () => {
    const sent: string[] = [];
    let failOnce = true;
    let clock = 0;
    const box = new Outbox({
      dbName,
      now: () => clock,
      send: async (r) => {
        if (r.command === 'acceptOrder' && failOnce) {
          failOnce = false;
          return { kind: 'retry' };
        }
        sent.push(r.command);
        return { kind: 'ok' };
      },
    });
    await box.enqueue({ orderId: 'o1', command: 'acceptOrder', payload: {}, expectedState: 1 });
    await box.enqueue({ orderId: 'o1', command: 'startOrder', payload: {}, expectedState: 2 });
    await box.drain();
    expect(sent).toEqual([]);
    clock = 60_000;
    await box.drain();
    expect(sent).toEqual(['acceptOrder', 'startOrder']);
  });

  it('pauses on 401 keeping the queue, and resumes after sign-in', async () => {
    let authorised = false;
    const sent: string[] = [];
    const box = new Outbox({
      dbName,
      send: async (r) => {
        if (!authorised) return outcomeFromStatus(401);
        sent.push(r.id);
        return { kind: 'ok' };
      },
    });
    await box.enqueue({ orderId: 'o1', command: 'acceptOrder', payload: {}, expectedState: 1 });
    await box.drain();
    expect(box.isPaused()).toBe(true);
    expect(await box.list()).toHaveLength(1);
    authorised = true;
    box.resume();
    await box.drain();
    expect(sent).toHaveLength(1);
    expect(await box.list()).toEqual([]);
  });

  it('treats other 4xx as final and does not retry them', async () => {
    let calls = 0;
    const box = new Outbox({
      dbName,
      send: async () => {
        calls++;
        return outcomeFromStatus(422, { Message: 'Chave reutilizada' }, 'Chave reutilizada');
      },
    });
    await box.enqueue({ orderId: 'o1', command: 'acceptOrder', payload: {}, expectedState: 1 });
    await box.drain();
    await box.drain();
    expect(calls).toBe(1);
    expect((await box.list())[0]).toMatchObject({ status: 'failed', lastError: 'Chave reutilizada' });
  });

  it('two senders on one queue (two tabs) send each command once', async () => {
    const server = fakeServer();
    let sends = 0;
    const slowSend = async (r: OutboxRecord): Promise<SendOutcome> => {
      sends++;
      await new Promise((res) => setTimeout(res, 5));
      return { kind: 'ok', body: server.handle(r) };
    };
    // Separate lock managers: the tabs do not share navigator.locks here, so only the claim protects.
    const a = new Outbox({ dbName, send: slowSend });
    const b = new Outbox({ dbName, send: slowSend });
    for (let i = 0; i < 10; i++) await a.enqueue({ orderId: `o${i}`, command: 'acceptOrder', payload: {}, expectedState: 1 });
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    await Promise.all([a.drain(), b.drain()]);
    expect(sends).toBe(10);
    expect(server.applied).toHaveLength(10);
    expect(await a.list()).toEqual([]);
  });

  it('retryNow sends at once what was waiting for its backoff (the network came back)', async () => {
    let clock = 0;
    let online = false;
    const box = new Outbox({ dbName, now: () => clock, random: () => 1, send: async () => (online ? { kind: 'ok' } : { kind: 'retry' }) });
    await box.enqueue({ orderId: 'o1', command: 'acceptOrder', payload: {}, expectedState: 1 });
    await box.drain();
    await box.drain();
    clock = (await box.list())[0].nextAttemptAt;
    await box.drain();
    expect((await box.list())[0].nextAttemptAt).toBeGreaterThan(clock);
    online = true;
    await box.retryNow();
    expect(await box.list()).toEqual([]);
  });

  it('with a lock shared by every tab, a command left "sending" by a page that reloaded mid-send is sent again at once', async () => {
    const now = Date.now();
    const orphan: OutboxRecord = {
      id: 'k1', orderId: 'o1', command: 'acceptOrder', payload: {}, expectedState: 1, createdAt: now, seq: 1,
      attempts: 1, status: 'sending', nextAttemptAt: now, claimedBy: 'page-that-reloaded', claimedAt: now,
    };
    await set('k1', orphan, createStore(dbName, 'commands'));
    const shared: LockManagerLike = { request: (_name, _opts, cb) => cb({}) };
    const sent: string[] = [];
    const box = new Outbox({ dbName, locks: shared, send: async (r) => (sent.push(r.id), { kind: 'ok' }) });
    await box.drain();
    expect(sent).toEqual(['k1']);
    // Without a shared lock the same record waits until its claim is stale.
    await set('k2', { ...orphan, id: 'k2' }, createStore(dbName, 'commands'));
    const local = new Outbox({ dbName, send: async (r) => (sent.push(r.id), { kind: 'ok' }) });
    await local.drain();
    expect(sent).toEqual(['k1']);
  });
});
