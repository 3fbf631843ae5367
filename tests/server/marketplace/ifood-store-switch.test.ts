/**
 * The board's store switch reaches iFood as a merchant interruption, on the job queue: closing
 * creates one (store local time, at most 7 days), opening removes ours (not the portal's), iFood
 * down is retried, the job reads the switch when it runs; the sandbox's store status follows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KDS_PATHS } from '../../../src/shared/orders';
import { IfoodClient } from '../../../src/server/modules/marketplace/ifood/adapters/ifood';
import { IfoodSandbox } from '../../../src/server/modules/marketplace/ifood/adapters/sandbox';
import { IFOOD_PAUSE_DESCRIPTION, IFOOD_STORE_JOB, storeLocalIso } from '../../../src/server/modules/marketplace/ifood/ifood-store-switch';
import type { IfoodIntegration } from '../../../src/server/modules/marketplace/ifood/ifood-integration';
import { DEMO, useTestApp } from '../../setup/server';
import { rows } from '../helpers';
import { restaurant, school } from '../orders-helpers';
import { FakeIfood } from './ifood-fake';

const t = useTestApp();
const fake = new FakeIfood();
const MERCHANT = 'sabor-da-casa-demo';
let ifood: IfoodIntegration;
let kitchen: string;

beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(async () => {
  fake.reset();
  ifood = t.app.ifood!;
  ifood.connect(new IfoodClient({ baseUrl: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret }));
  kitchen = await t.login(DEMO.cozinha);
});

const flip = (isActive: boolean, token = kitchen, venue = restaurant(t)) =>
  t.app.inject({ method: 'POST', url: KDS_PATHS.merchantConfiguration, headers: t.auth(token), payload: { localClienteId: venue, isActive } });
/** Every store-switch job due within a minute has run (retries after their backoff included). */
const settle = () => t.app.jobs.drain({ horizonMs: 60_000, timeoutMs: 60_000 });
const pauses = () => fake.interruptions.get(MERCHANT) ?? [];
const calls = (method: string) => fake.requests.filter((r) => r.method === method && /\/interruptions(\/[^/]+)?$/.test(r.path));

describe('store switch → iFood interruptions', () => {
  it('closing pauses the store at iFood once, in store local time; opening removes our pause only', async () => {
    const res = await flip(false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ isActive: false });
    await settle();
    expect(pauses()).toHaveLength(1);
    const [p] = pauses();
    expect(p.description).toBe(IFOOD_PAUSE_DESCRIPTION);
    expect(p.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(Date.parse(p.end) - Date.parse(p.start)).toBeLessThanOrEqual(7 * 86_400_000);
    expect(Date.parse(p.end) - Date.parse(p.start)).toBeGreaterThan(6 * 86_400_000);
    // Closed again: the pause in force is enough, no second one.
    await flip(false);
    await settle();
    expect(pauses()).toHaveLength(1);

    // A pause made in iFood's portal stays when the board opens the store.
    fake.interruptions.set(MERCHANT, [...pauses(), { id: 'portal-1', description: 'Feriado', start: '2026-12-25T00:00:00', end: '2026-12-26T00:00:00' }]);
    await flip(true);
    await settle();
    expect(pauses().map((i) => i.id)).toEqual(['portal-1']);
    expect(await rows(t, `select state from jobs where name = '${IFOOD_STORE_JOB}' order by id`)).toEqual([{ state: 'done' }, { state: 'done' }, { state: 'done' }]);
  });

  it('iFood down: retried with backoff until it answers; switches flipped meanwhile end in the board’s state', async () => {
    fake.fail(/interruptions$/, 503, 2);
    await flip(false);
    await settle();
    expect(calls('GET').filter((r) => r.status === 503)).toHaveLength(2);
    expect(pauses()).toHaveLength(1);
    const [job] = await rows<{ attempts: number; state: string }>(t, `select attempts, state from jobs where name = '${IFOOD_STORE_JOB}'`);
    expect(job).toEqual({ attempts: 3, state: 'done' });

    // Down again: open then closed while iFood is away ends closed, with our one pause.
    fake.down = 503;
    await flip(true);
    await flip(false);
    expect(await rows(t, `select count(*)::int as n from jobs where name = '${IFOOD_STORE_JOB}' and state in ('queued', 'running')`)).not.toEqual([{ n: 0 }]);
    fake.down = null;
    await rows(t, `update jobs set run_at = now() where name = '${IFOOD_STORE_JOB}' and state = 'queued'`);
    await settle();
    expect(pauses()).toHaveLength(1);
    expect(await rows(t, `select count(*)::int as n from jobs where name = '${IFOOD_STORE_JOB}' and state <> 'done'`)).toEqual([{ n: 0 }]);
  });

  it('iFood refusing the pause fails the job at once; no call without the integration on; other venues and roles refused', async () => {
    fake.fail(/interruptions$/, 400, 1);
    await flip(false);
    await settle();
    expect(await rows(t, `select state, attempts from jobs where name = '${IFOOD_STORE_JOB}'`)).toEqual([{ state: 'failed', attempts: 1 }]);

    await t.db.exec(`update marketplace_integrations set is_active = false`);
    await flip(true);
    expect(await rows(t, `select count(*)::int as n from jobs where name = '${IFOOD_STORE_JOB}'`)).toEqual([{ n: 1 }]);

    const other = await t.login(DEMO.escola);
    expect((await flip(false, other)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: KDS_PATHS.merchantConfiguration, headers: t.auth(kitchen), payload: { localClienteId: restaurant(t), isActive: 'não' } })).statusCode).toBe(400);
    expect((await flip(false, kitchen, school(t))).statusCode).toBe(403);
  });

  it('the sandbox iFood implements interruptions: its store status says the store is paused, and open again after', async () => {
    const sandbox = new IfoodSandbox({ orderEveryMs: 0 });
    const client = new IfoodClient({ baseUrl: 'http://ifood-sandbox.invalid', clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, fetch: sandbox.fetch });
    ifood.connect(client, sandbox);
    ifood.settings.pollMs = 30_000;
    await ifood.pollOnce(); // the store is connected
    expect((await client.merchantStatus(MERCHANT))[0]).toMatchObject({ available: true, state: 'OK' });

    await flip(false);
    await settle();
    const paused = (await client.merchantStatus(MERCHANT))[0];
    expect(paused).toMatchObject({ available: false, state: 'CLOSED' });
    expect(paused.validations?.map((v) => v.id)).toContain('unavailabilities');
    expect((await client.listInterruptions(MERCHANT)).map((i) => i.description)).toEqual([IFOOD_PAUSE_DESCRIPTION]);
    // The board shows the store closed (its own reason), not twice.
    ifood.forgetStatus();
    const board = (await t.app.inject({ method: 'GET', url: KDS_PATHS.marketplaceStatus(restaurant(t)), headers: t.auth(kitchen) })).json();
    expect(board.merchant.available).toBe(false);
    expect(board.merchant.validations.map((v: { message: { title: string } }) => v.message.title)).toEqual(['Loja fechada']);

    await flip(true);
    await settle();
    expect(await client.listInterruptions(MERCHANT)).toEqual([]);
    expect((await client.merchantStatus(MERCHANT))[0]).toMatchObject({ available: true, state: 'OK' });
    // Store-local times: São Paulo has no daylight saving time since 2019.
    expect(storeLocalIso(new Date('2026-11-27T15:04:05Z'))).toBe('2026-11-27T12:04:05');
  });
});
