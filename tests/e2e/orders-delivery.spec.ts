import { ORDER_STATE } from '../../src/shared/orders';
import { expect, test } from './fixtures';
import { apiLogin, card, getOrder, openBoard, placeOrder, setFoodConfig, revealCard, openBoardMenu, closeBoardMenu } from './orders-helpers';

test.describe('delivery and store status on the board', () => {
  test.describe.configure({ mode: 'serial' });

  test('Chamar Motoboy asks first (a call cannot be cancelled), then Chamando and Ver entrega; the sandbox courier cannot be changed', async ({ page, request }) => {
    test.setTimeout(90_000);
    const manager = await apiLogin(request, 'gerente@balcao.dev');
    await setFoodConfig(request, manager, { useMeepDelivery: true, useOwnDelivery: false, callMeepDeliveryManually: true, deliveryTimePerOrder: false });
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const order = await placeOrder(request, kitchen, { TipoPagamentoId: 1, EhPagamentoPresencial: true, Troco: 50 });
    await openBoard(page);
    // The delivery setup is in the board's menu.
    const menu = await openBoardMenu(page);
    await expect(menu.getByTestId('delivery-summary')).toHaveText('Entrega da plataforma · Plataforma: Meep (sandbox) · Motoboy chamado manualmente');
    await closeBoardMenu(page);
    await revealCard(page, order.Codigo);
    const c = card(page, order.Codigo);
    await c.getByRole('button', { name: 'Aceitar' }).click();
    await c.getByRole('button', { name: 'Chamar Motoboy' }).click();
    const confirm = page.getByRole('dialog', { name: `Chamar Motoboy · pedido #${order.Codigo}` });
    await expect(confirm.getByText('Depois de chamado, o motoboy não pode ser cancelado.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Voltar' }).click();
    await expect(c.getByRole('button', { name: 'Chamar Motoboy' })).toBeEnabled();
    expect((await getOrder(request, kitchen, order.Id)).ChamouMeepDelivery).toBe(false);
    await c.getByRole('button', { name: 'Chamar Motoboy' }).click();
    await confirm.getByRole('button', { name: 'Chamar Motoboy' }).click();
    await expect(c.getByRole('button', { name: 'Chamando' })).toBeDisabled();
    await expect(c.getByRole('link', { name: 'Ver entrega' })).toHaveAttribute('href', new RegExp(`/statusPedido/${order.CodigoRastreio}$`));
    await expect.poll(async () => (await getOrder(request, kitchen, order.Id)).ChamouMeepDelivery).toBe(true);
    // The sandbox assigns its courier a few seconds later; the board hears it live.
    await expect(c.getByText('Transportador: Entregador (sandbox)')).toBeVisible({ timeout: 20_000 });
    await expect(c.getByRole('button', { name: 'Chamando' })).toHaveCount(0);
    await expect(c.getByRole('button', { name: 'Trocar transportador' })).toHaveCount(0);
    expect((await getOrder(request, kitchen, order.Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Aceito);
  });

  test('"A loja está fechada. Deseja abrir?": Sim reloads the board with shouldOpenStore and the store opens', async ({ page, request }) => {
    const manager = await apiLogin(request, 'gerente@balcao.dev');
    const closed = await request.post('/api/ifoodMerchantConfiguration', { headers: manager.auth, data: { localClienteId: manager.localId, isActive: false, isOpenTime: true } });
    expect(closed.status(), await closed.text()).toBe(200);
    expect((await closed.json()).ifoodIntegration).toBe(true);
    await openBoard(page);
    const menu = await openBoardMenu(page);
    await expect(menu.getByTestId('marketplace-status')).toHaveText('Marketplace: loja fechada');
    await menu.getByRole('button', { name: /Ver validações/ }).click();
    await expect(menu.getByText('A loja está fechada no marketplace.')).toBeVisible();
    await closeBoardMenu(page);
    const notice = page.getByTestId('store-closed');
    await expect(notice).toContainText('A loja está fechada. Deseja abrir?');
    const reload = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/kds' && new URL(r.url()).searchParams.get('shouldOpenStore') === 'true');
    await notice.getByRole('button', { name: 'Sim' }).click();
    await reload;
    await expect(notice).toHaveCount(0);
    await openBoardMenu(page);
    await expect(page.getByTestId('marketplace-status')).toHaveText('Marketplace: loja aberta');
    await closeBoardMenu(page);
    const now = await request.get(`/api/ifoodMerchantConfiguration/${manager.localId}`, { headers: manager.auth });
    expect((await now.json()).isActive).toBe(true);
  });
});
