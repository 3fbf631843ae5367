/**
 * iFood's order module homologation on the kitchen board at 1280x800, against the in-process sandbox
 * iFood (the real adapter talking iFood's published API): displayId, a scheduled order (window and
 * when to start), a takeout time, card brand, a discount split between iFood and the store, a
 * cancellation iFood refuses (the ticket comes back with iFood's reason), the customer's cancellation
 * request answered from the board, and the store status line. Axe on each state; screenshots at
 * 1280x800 and 768x1024 in test-results/.
 */
import { KDS_PATHS, ORDER_STATE } from '../../src/shared/orders';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { orderOf, sandboxCalls, shot, simulate } from './ifood-sandbox-helpers';
import { apiLogin, card, getOrder, openBoard, resumeAfterReload, revealCard, setFoodConfig } from './orders-helpers';

test.use({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

test('iFood homologation on the board: displayId, scheduled, takeout, card brand, discounts by sponsor; printed ticket lines', async ({ page, request }) => {
  test.setTimeout(420_000);
  const manager = await apiLogin(request, 'gerente@balcao.dev');
  const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
  await setFoodConfig(request, manager, { automaticallyAcceptOrder: false, deliveryTimePerOrder: false, useMeepDelivery: false, sendToPrinterServerOnAcceptOrder: false });
  const scheduledId = await simulate(request, manager, 'agendado');
  const discountId = await simulate(request, manager, 'desconto');
  const takeoutId = await simulate(request, manager, 'retirada');
  const scheduled = await orderOf(request, kitchen, scheduledId);
  const discount = await orderOf(request, kitchen, discountId);
  const takeout = await orderOf(request, kitchen, takeoutId);

  await openBoard(page);
  await revealCard(page, scheduled.Codigo);
  const s = card(page, scheduled.Codigo);
  await expect(s.getByTestId('ifood-display-id')).toHaveText(`iFood ${scheduledId}`);
  await expect(s).toContainText(/Agendado para \d{2}\/\d{2} \d{2}:\d{2}/);
  await expect(s).toContainText(/Iniciar preparo às \d{2}:\d{2}/);
  // A scheduled order does not chime at arrival (it does when preparation should start).
  expect(scheduled.Signal).toBe(false);
  await expectAccessible(page);
  await shot(page, 'ifood-scheduled');

  await revealCard(page, discount.Codigo);
  const d = card(page, discount.Codigo);
  await expect(d).toContainText(`iFood ${discountId}`);
  await expect(d).toContainText('Desconto R$ 15,00 (iFood R$ 10,00 · loja R$ 5,00)');
  await expect(d).toContainText(/Cartão (VISA|MASTERCARD|ELO)/);
  await expectAccessible(page);

  await revealCard(page, takeout.Codigo);
  const t = card(page, takeout.Codigo);
  await expect(t).toContainText(/Retirada às \d{2}:\d{2}/);

  // iFood: "Exibir na tela … o código de coleta do pedido": the sandbox's discount order is always
  // delivered by iFood, so it always carries one (G4); the scheduled one when iFood delivers it.
  const discountCode = /Código de coleta: \d+/.exec(discount.ObservacaoPedido ?? '')?.[0];
  expect(discountCode).toBeTruthy();
  await expect(card(page, discount.Codigo)).toContainText(discountCode!);
  const scheduledCode = /Código de coleta: \d+/.exec(scheduled.ObservacaoPedido ?? '')?.[0];
  if (scheduledCode) await expect(card(page, scheduled.Codigo)).toContainText(scheduledCode);

  // The drawer shows the same.
  await d.getByRole('button', { name: /Abrir detalhes do pedido/ }).click();
  const drawer = page.getByTestId('order-detail');
  await expect(drawer.getByTestId('ifood-display-id')).toHaveText(`iFood ${discountId}`);
  await expect(drawer).toContainText('Desconto R$ 15,00 (iFood R$ 10,00 · loja R$ 5,00)');
  // iFood: "Informar o CPF/CNPJ na tela"; the delivery's observation (delivery.observations).
  await expect(drawer).toContainText(/CPF\s*\d{3}\.\d{3}\.\d{3}-\d{2}/);
  await expect(drawer).toContainText('Interfone quebrado, ligar ao chegar');
  await expectAccessible(page);
  await shot(page, 'ifood-drawer');
  await page.keyboard.press('Escape');

  // Confirm works for a scheduled order as for an immediate one; readyToPickup for the takeout.
  await s.getByRole('button', { name: 'Aceitar' }).click();
  await expect.poll(() => sandboxCalls(request, manager, scheduledId), { timeout: 30_000 }).toContain('confirm');
  await t.getByRole('button', { name: 'Aceitar' }).click();
  await t.getByRole('button', { name: 'Iniciar' }).click();
  await t.getByRole('button', { name: 'Pedido pronto' }).click();
  await expect.poll(() => sandboxCalls(request, manager, takeoutId), { timeout: 30_000 }).toContain('readyToPickup');

  // The printed ticket carries the same lines (the order as the print endpoint serves it).
  const printed = (await getOrder(request, kitchen, discount.Id)).Ifood;
  expect(printed?.DisplayId).toBe(discountId);
});

test('iFood answers: a refused cancellation comes back with its reason; the customer’s cancellation request is answered from the board', async ({ page, request }) => {
  test.setTimeout(420_000);
  const manager = await apiLogin(request, 'gerente@balcao.dev');
  const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
  await setFoodConfig(request, manager, { automaticallyAcceptOrder: false, deliveryTimePerOrder: false, useMeepDelivery: false, sendToPrinterServerOnAcceptOrder: false });
  const refuseId = await simulate(request, manager, 'recusaCancelamento');
  const disputeId = await simulate(request, manager, 'negociacao');
  const refuse = await orderOf(request, kitchen, refuseId);
  const dispute = await orderOf(request, kitchen, disputeId);

  await openBoard(page, 'cozinha@balcao.dev', '?etapas=1,2,3,4,5,6');
  await revealCard(page, refuse.Codigo);
  const r = card(page, refuse.Codigo);
  await r.getByRole('button', { name: 'Recusar' }).click();
  const dialog = page.getByRole('dialog', { name: `Recusar pedido #${refuse.Codigo}` });
  await dialog.getByLabel('Motivo do cancelamento').click();
  await page.getByRole('option').first().click();
  const password = dialog.getByLabel('Senha do usuário atual');
  if (await password.count()) await password.fill('Demo#2026');
  await dialog.getByRole('button', { name: 'Recusar pedido' }).click();
  await expect.poll(() => sandboxCalls(request, manager, refuseId), { timeout: 30_000 }).toContain('requestCancellation');
  // Another sandbox order makes the server poll iFood now (instead of in up to 30 s).
  await simulate(request, manager, 'desconto');
  await expect.poll(async () => (await getOrder(request, kitchen, refuse.Id)).WorkflowInstance.CurrenteState.Id, { timeout: 45_000 }).toBe(ORDER_STATE.Pendente);
  await revealCard(page, refuse.Codigo);
  await expect(r.getByTestId('ifood-cancel-failed')).toHaveText('iFood recusou o cancelamento: O pedido já saiu para entrega no iFood');
  await expect(r).toHaveAttribute('data-state', String(ORDER_STATE.Pendente));
  await expectAccessible(page);
  await shot(page, 'ifood-cancel-failed');

  // The customer asks to cancel once the order is confirmed (HANDSHAKE_DISPUTE).
  await revealCard(page, dispute.Codigo);
  const c = card(page, dispute.Codigo);
  await c.getByRole('button', { name: 'Aceitar' }).click();
  await expect.poll(() => sandboxCalls(request, manager, disputeId), { timeout: 30_000 }).toContain('confirm');
  await simulate(request, manager, 'retirada');
  await revealCard(page, dispute.Codigo);
  const box = c.getByTestId('ifood-dispute');
  await expect(box).toBeVisible({ timeout: 45_000 });
  await expect(box).toContainText('Cliente pediu o cancelamento: "Demorou demais, quero cancelar".');
  await expect(box).toContainText(/Responda até \d{2}:\d{2}\./);
  await expectAccessible(page);
  await shot(page, 'ifood-dispute');

  // Refusing asks for a reason, then reaches iFood as /reject.
  await box.getByRole('button', { name: 'Recusar cancelamento' }).click();
  const modal = page.getByRole('dialog', { name: `Recusar o cancelamento do pedido #${dispute.Codigo}` });
  await modal.getByRole('button', { name: 'Recusar cancelamento' }).click();
  await expect(modal.getByText('Informe o motivo para recusar o cancelamento.')).toBeVisible();
  await expectAccessible(page);
  await modal.getByLabel('Motivo da recusa').fill('O pedido já está saindo');
  await modal.getByRole('button', { name: 'Recusar cancelamento' }).click();
  await expect(modal).toBeHidden();
  await expect(c.getByTestId('ifood-dispute-done')).toHaveText('Cancelamento pedido pelo cliente: recusado');
  await expect.poll(() => sandboxCalls(request, manager, disputeId)).toContain('disputes/reject');
  await expect(c).toHaveAttribute('data-state', String(ORDER_STATE.Aceito));
});

test('the store status at iFood on the board itself: a closed store says so under the bar, with its reason; reopening clears it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const manager = await apiLogin(request, 'gerente@balcao.dev');
  // An order makes the server poll the sandbox now: iFood sees the store connected.
  await simulate(request, manager, 'retirada');
  const close = (isActive: boolean) => request.post(KDS_PATHS.merchantConfiguration, { headers: manager.auth, data: { localClienteId: manager.localId, isActive } });
  try {
    // Closing the store on Balcão pauses it at iFood (an interruption in the store's local time).
    expect((await close(false)).status()).toBe(200);
    await openBoard(page);
    const line = page.getByTestId('ifood-store-status');
    // The first reason the marketplace status gives (here the store closed on Balcão) follows the dash.
    await expect(line).toHaveText(/^iFood: loja fechada — \S/, { timeout: 40_000 });
    await expect(line).toBeInViewport();
    await expectAccessible(page);
    await shot(page, 'ifood-store-paused');
  } finally {
    expect((await close(true)).status()).toBe(200);
  }
  await page.reload();
  await resumeAfterReload(page);
  await expect(page.getByTestId('ifood-store-status')).toHaveCount(0, { timeout: 40_000 });
});
