/** The setup the API tests against the loopback iFood share (ifood-fake.ts). */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Order } from '../../../src/shared/contract/orders';
import { ORDER_ORIGIN } from '../../../src/shared/orders';
import { IfoodClient } from '../../../src/server/modules/marketplace/ifood/adapters/ifood';
import type { IfoodIntegration } from '../../../src/server/modules/marketplace/ifood/ifood-integration';
import { DEMO, type TestContext } from '../../setup/server';
import { allOrders, restaurant, setFoodConfig } from '../orders-helpers';
import { fakeEvent, fakeOrder, FakeIfood } from './ifood-fake';

/** The demo restaurant's merchant id on the loopback iFood. */
export const MERCHANT = 'sabor-da-casa-demo';

/**
 * For each test: a fresh fake iFood, the server's integration connected to it (polling every 30 s,
 * so a test polls when it says), the kitchen tablet signed in, and the restaurant accepting orders
 * by hand with no printing on accept.
 */
export async function kitchenOnFakeIfood(t: TestContext, fake: FakeIfood): Promise<{ ifood: IfoodIntegration; token: string }> {
  fake.reset();
  const ifood = t.app.ifood!;
  ifood.connect(new IfoodClient({ baseUrl: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret }));
  ifood.settings.pollMs = 30_000;
  const token = await t.login(DEMO.cozinha);
  await setFoodConfig(t, restaurant(t), { automaticallyAcceptOrder: false, useMeepDelivery: false, sendToPrinterServerOnAcceptOrder: false, deliveryTimePerOrder: false });
  return { ifood, token };
}

export interface KitchenOnFakeIfood {
  fake: FakeIfood;
  /** Set before each test (kitchenOnFakeIfood). */
  ifood: IfoodIntegration;
  /** The kitchen tablet's token, signed in before each test. */
  token: string;
  /** An event time `minutes` after the file's start time (a few minutes ago: never older than the integration's give-up window). */
  at(minutes: number): string;
  /** Our order for an iFood order (by its displayId). */
  current(order: Record<string, unknown>): Promise<Order>;
  /** iFood sends an event for the order; the integration polls it; answers our order after it. */
  event(order: Record<string, unknown>, code: string, fullCode: string, minutes: number, metadata?: Record<string, unknown>): Promise<Order>;
  /** iFood places an order and the integration polls it in. */
  placed(over?: Record<string, unknown>): Promise<{ order: Record<string, unknown>; o: Order }>;
}

/**
 * Call at the top of a test file: the loopback iFood runs for the file, and before each test the
 * integration is connected to it afresh (kitchenOnFakeIfood). Event times start `minutesAgo` before the file.
 */
export function useKitchenOnFakeIfood(t: TestContext, minutesAgo = 10): KitchenOnFakeIfood {
  const T0 = Date.now() - minutesAgo * 60_000;
  const s = {
    fake: new FakeIfood(),
    token: '',
    at: (minutes: number) => new Date(T0 + minutes * 60_000).toISOString(),
    async current(order: Record<string, unknown>) {
      const all = await allOrders(t, s.token, restaurant(t));
      return all.find((x) => x.OrigemPedido === ORDER_ORIGIN.marketplace && x.CodigoExterno === order.displayId)!;
    },
    async event(order: Record<string, unknown>, code: string, fullCode: string, minutes: number, metadata?: Record<string, unknown>) {
      s.fake.events.push(fakeEvent(order, code, fullCode, s.at(minutes), metadata));
      await s.ifood.pollOnce();
      return s.current(order);
    },
    async placed(over: Record<string, unknown> = {}) {
      const order = fakeOrder(MERCHANT, over);
      s.fake.orders.set(order.id as string, order);
      s.fake.events.push(fakeEvent(order, 'PLC', 'PLACED', s.at(0)));
      await s.ifood.pollOnce();
      return { order, o: await s.current(order) };
    },
  } as KitchenOnFakeIfood;
  beforeAll(() => s.fake.start());
  afterAll(() => s.fake.stop());
  beforeEach(async () => {
    Object.assign(s, await kitchenOnFakeIfood(t, s.fake));
  });
  return s;
}
