/** The sandbox iFood as the e2e specs drive it: place a scenario's order, find it on the board, read its calls, shoot both tablet sizes. */
import type { APIRequestContext, Page } from '@playwright/test';
import { MARKETPLACE_API } from '../../src/shared/contract/marketplace';
import type { Order } from '../../src/shared/contract/orders';
import { expect, test } from './fixtures';
import type { ApiSession } from './orders-helpers';

export async function simulate(request: APIRequestContext, manager: ApiSession, cenario: string): Promise<string> {
  const res = await request.post(MARKETPLACE_API.sandboxOrder(manager.localId), { headers: manager.auth, data: { cenario } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { displayId: string }).displayId;
}
export async function orderOf(request: APIRequestContext, kitchen: ApiSession, displayId: string): Promise<Order> {
  let found: Order | undefined;
  await expect
    .poll(async () => {
      const list = await request.get(`/api/kds?localClienteId=${kitchen.localId}&size=100`, { headers: kitchen.auth });
      found = ((await list.json()).items as Order[]).find((o) => o.CodigoExterno === displayId);
      return !!found;
    })
    .toBe(true);
  return found!;
}
/** The sandbox's calls for one of its orders (its integration screen's data). */
export async function sandboxCalls(request: APIRequestContext, manager: ApiSession, displayId: string): Promise<string[]> {
  const res = await request.get(MARKETPLACE_API.sandbox(manager.localId), { headers: manager.auth });
  return ((await res.json()).pedidos as Array<{ displayId: string; calls: string[] }>).find((p) => p.displayId === displayId)?.calls ?? [];
}
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-1280x800.png`) });
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: test.info().outputPath(`${name}-768x1024.png`) });
  await page.setViewportSize({ width: 1280, height: 800 });
}
