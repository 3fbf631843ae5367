/**
 * iFood through the sandbox (the in-process iFood the real adapter talks to): a test order the
 * sandbox places appears on the kitchen board, and accepting it there reaches the sandbox iFood as
 * its /confirm call, which the integration screen shows.
 */
import type { Order } from '../../src/shared/contract/orders';
import { ORDER_STATE } from '../../src/shared/orders';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';
import { apiLogin, card, getOrder, newBoardContext, openBoard, revealCard, setFoodConfig } from './orders-helpers';

test('a sandbox iFood order appears on the board; Aceitar reaches the sandbox iFood as confirm', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(120_000);
  const manager = await apiLogin(request, 'gerente@balcao.dev');
  await setFoodConfig(request, manager, { automaticallyAcceptOrder: false, deliveryTimePerOrder: false, useMeepDelivery: false, sendToPrinterServerOnAcceptOrder: false });

  await openAs(page, 'gerente@balcao.dev', '/meepFood/integracaoIfood');
  const panel = page.getByRole('region', { name: 'iFood sandbox' });
  await expect(panel).toBeVisible();
  // The worker's server is shared: another spec may have had the sandbox place orders already, so the
  // panel shows either its empty state or their table.
  await expect(panel.getByText('Nenhum pedido de teste ainda.').or(panel.getByRole('table', { name: 'Pedidos de teste do iFood sandbox' }))).toBeVisible();
  await panel.getByRole('button', { name: 'Simular pedido' }).click();
  const toast = page.getByText(/^Pedido de teste \d+ enviado pelo iFood sandbox\.$/);
  await expect(toast).toBeVisible();
  const displayId = /(\d+)/.exec((await toast.textContent()) ?? '')![1];
  const row = panel.getByTestId(`sandbox-order-${displayId}`);
  await expect(row).toContainText('Novo');
  await expectAccessible(page);

  // The order is on the kitchen board (the sandbox was polled at once).
  const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
  const list = await request.get(`/api/kds?localClienteId=${kitchen.localId}&size=100`, { headers: kitchen.auth });
  const order = ((await list.json()).items as Order[]).find((o) => o.CodigoExterno === displayId)!;
  expect(order.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Pendente);
  const { context, page: board } = await newBoardContext(browser, baseURL!);
  try {
    await openBoard(board);
    await revealCard(board, order.Codigo);
    const c = card(board, order.Codigo);
    await expect(c).toContainText('Cliente sandbox');
    await c.getByRole('button', { name: 'Aceitar' }).click();
    await expect.poll(async () => (await getOrder(request, kitchen, order.Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Aceito);
  } finally {
    await context.close();
  }

  // The sandbox iFood received the confirm call (the screen refreshes by itself).
  await expect(row).toContainText('Confirmado', { timeout: 20_000 });
  await expect(row).toContainText('Confirmar');
});
