/**
 * The marketplace switch fetches: the poller takes a store's orders from the (sandbox) marketplace,
 * places each once (even with two pollers, and when an order comes again before its
 * acknowledgement), acknowledges them, and one process at a time holds a store's lease.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_ORIGIN } from '../../src/shared/orders';
import { MarketplacePoller } from '../../src/server/modules/orders/marketplace-poller';
import { SandboxMarketplace } from '../../src/server/modules/orders/marketplace-sandbox';
import type { MarketplaceAdapter } from '../../src/server/modules/orders/marketplace-adapter';
import { DEMO, useTestApp } from '../setup/server';
import { rows } from './helpers';
import { allOrders, restaurant, setFoodConfig } from './orders-helpers';

const t = useTestApp();
let token: string;
const MERCHANT = 'sabor-da-casa-demo';

beforeEach(async () => {
  token = await t.login(DEMO.cozinha);
  await setFoodConfig(t, restaurant(t), { automaticallyAcceptOrder: false, callMeepDeliveryManually: true, sendToPrinterServerOnAcceptOrder: false });
});

const poller = (adapter: MarketplaceAdapter) => new MarketplacePoller(t.db.db, t.app.orders!, adapter, t.app.log);
const marketplaceOrders = async () => (await allOrders(t, token, restaurant(t))).filter((o) => o.OrigemPedido === ORDER_ORIGIN.marketplace && o.CodigoExterno?.startsWith('SBX-'));

/** A sandbox that forgets acknowledgements: every poll returns every order again. */
class NoAckSandbox extends SandboxMarketplace {
  override async acknowledge(): Promise<void> {}
}

describe('marketplace poller (sandbox adapter)', () => {
  it('places the store’s pending orders once, labelled sandbox, and acknowledges them', async () => {
    const sandbox = new SandboxMarketplace(0);
    const a = sandbox.place(MERCHANT);
    sandbox.place(MERCHANT);
    const p = poller(sandbox);
    expect(await p.pollOnce()).toEqual({ placed: 2, skipped: 0 });
    expect(await sandbox.poll(MERCHANT)).toEqual([]); // acknowledged
    const got = await marketplaceOrders();
    expect(got).toHaveLength(2);
    const first = got.find((o) => o.CodigoExterno === a.displayId)!;
    expect(first.Cliente.Nome).toMatch(/sandbox/);
    expect(first.Itens.map((i) => i.NomeImpressora)).toEqual(a.items.map((i) => i.station));
    expect((await p.pollOnce()).placed).toBe(0);
    expect(await marketplaceOrders()).toHaveLength(2);
  });

  it('each order lands once with two pollers, even when the marketplace sends it again (no acknowledgement)', async () => {
    const sandbox = new NoAckSandbox(0);
    for (let i = 0; i < 3; i++) sandbox.place(MERCHANT);
    const one = poller(sandbox);
    const two = poller(sandbox);
    const results = await Promise.all([one.pollOnce(), two.pollOnce()]);
    expect(results.reduce((n, r) => n + r.placed, 0)).toBe(3);
    // The lease moves to the other process once it expires: it polls the same orders again.
    await t.db.exec(`update marketplace_poll_leases set until = now() - interval '1 second'`);
    const again = await Promise.all([two.pollOnce(), one.pollOnce()]);
    expect(again.reduce((n, r) => n + r.placed, 0)).toBe(0);
    expect(await marketplaceOrders()).toHaveLength(3);
    const [r] = await rows<{ n: number }>(t, `select count(distinct external_code)::int as n from orders where origin = 2 and external_code like 'SBX-%'`);
    expect(r.n).toBe(3);
  });

  it('one process holds a store’s lease: the other skips it until the lease expires', async () => {
    const sandbox = new SandboxMarketplace(0);
    const one = poller(sandbox);
    const two = poller(sandbox);
    expect(await one.lease(restaurant(t))).toBe(true);
    expect(await two.lease(restaurant(t))).toBe(false);
    expect(await one.lease(restaurant(t))).toBe(true); // renewal
    sandbox.place(MERCHANT);
    expect(await two.pollOnce()).toEqual({ placed: 0, skipped: 1 });
    await one.release(restaurant(t));
    expect((await two.pollOnce()).placed).toBe(1);
  });

  it('the switch off (or no store ID) means no fetching', async () => {
    await t.db.exec(`update marketplace_integrations set is_active = false`);
    const sandbox = new SandboxMarketplace(0);
    sandbox.place(MERCHANT);
    expect(await poller(sandbox).pollOnce()).toEqual({ placed: 0, skipped: 0 });
    expect(await marketplaceOrders()).toHaveLength(0);
  });

  it('the sandbox places an order every period by itself', async () => {
    let now = 1_000_000;
    const sandbox = new SandboxMarketplace(180_000, () => now);
    const p = poller(sandbox);
    expect((await p.pollOnce()).placed).toBe(0); // the first poll starts the clock
    now += 180_000;
    expect((await p.pollOnce()).placed).toBe(1);
    now += 60_000;
    expect((await p.pollOnce()).placed).toBe(0);
  });
});
