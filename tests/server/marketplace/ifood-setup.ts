/** The setup the API tests against the loopback iFood share (ifood-fake.ts). */
import { IfoodClient } from '../../../src/server/modules/marketplace/ifood/adapters/ifood';
import type { IfoodIntegration } from '../../../src/server/modules/marketplace/ifood/ifood-integration';
import { DEMO, type TestContext } from '../../setup/server';
import { restaurant, setFoodConfig } from '../orders-helpers';
import type { FakeIfood } from './ifood-fake';

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
