/**
 * iFood's negotiation platform on the kitchen board at 1280x800 (homologation O17, gap G1), against
 * the in-process sandbox iFood: once an order has left the kitchen its customer asks to cancel one
 * item (PARTIAL_CANCELLATION); the card shows the item and its amount, a countdown to iFood's
 * deadline, what iFood does then, and "Propor reembolso (até R$ x)". One such request is accepted
 * (…/disputes/{id}/accept), another answered with a refund proposal (…/alternatives/{id}). Axe on each
 * state; screenshots at 1280x800 and 768x1024 in test-results/.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Order } from '../../src/shared/contract/orders';
import { formatBRL } from '../../src/shared/format';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { orderOf, sandboxCalls, shot, simulate } from './ifood-sandbox-helpers';
import { apiLogin, card, getOrder, openBoard, revealCard, runCommand, setFoodConfig, type ApiSession } from './orders-helpers';

/** The order leaves the kitchen (Aceitar, Iniciar, Transportar through the API): the sandbox then opens the request. */
async function sendOut(request: APIRequestContext, manager: ApiSession, kitchen: ApiSession, o: Order, displayId: string) {
  for (const cmd of ['acceptOrder', 'startOrder', 'transportOrder'] as const) {
    const res = await runCommand(request, kitchen, cmd, { Id: o.Id });
    expect(res.status(), await res.text()).toBe(200);
  }
  await expect.poll(async () => (await sandboxCalls(request, manager, displayId)).some((c) => c === 'dispatch' || c === 'readyToPickup'), { timeout: 30_000 }).toBe(true);
}

test.use({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
// A server of its own: its sandbox orders wait in Pendente with long iFood notes, which would change
// what the board specs on the worker's shared server measure (whole tickets per screen).
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'marketplace-ifood-negotiation' } });

test('a partial cancellation on the board: its item and amount, the countdown, accepted; another answered with a refund proposal', async ({ page, request }) => {
  test.setTimeout(420_000);
  const manager = await apiLogin(request, 'gerente@balcao.dev');
  const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
  await setFoodConfig(request, manager, { automaticallyAcceptOrder: false, deliveryTimePerOrder: false, useMeepDelivery: false, sendToPrinterServerOnAcceptOrder: false });
  const acceptId = await simulate(request, manager, 'cancelamentoParcial');
  const refundId = await simulate(request, manager, 'cancelamentoParcial');
  const toAccept = await orderOf(request, kitchen, acceptId);
  const toRefund = await orderOf(request, kitchen, refundId);
  await sendOut(request, manager, kitchen, toAccept, acceptId);
  await sendOut(request, manager, kitchen, toRefund, refundId);
  // Another sandbox order makes the server poll iFood now (instead of in up to 30 s).
  await simulate(request, manager, 'retirada');
  await expect.poll(async () => (await getOrder(request, kitchen, toRefund.Id)).Ifood?.Negociacao?.Situacao, { timeout: 45_000 }).toBe('aberta');
  const dispute = (await getOrder(request, kitchen, toAccept.Id)).Ifood!.Negociacao!;
  const item = dispute.Itens![0];
  const ownRefund = dispute.Alternativas![0];
  const refund = (await getOrder(request, kitchen, toRefund.Id)).Ifood!.Negociacao!.Alternativas![0];

  await openBoard(page, 'cozinha@balcao.dev', '?etapas=1,2,3,4,5,6');
  await revealCard(page, toAccept.Codigo);
  const a = card(page, toAccept.Codigo);
  const box = a.getByTestId('ifood-dispute');
  await expect(box).toBeVisible({ timeout: 45_000 });
  await expect(box).toContainText('Cancelamento parcial pedido pelo cliente');
  await expect(box).toContainText('Cliente pediu o cancelamento de itens: "Um dos itens veio errado".');
  await expect(box.getByTestId('ifood-dispute-items')).toContainText(`${item.Quantidade}x ${item.Nome} — ${formatBRL(item.Valor!)} (Item errado)`);
  // The countdown ticks towards iFood's deadline (seven minutes in the sandbox).
  const countdown = box.getByTestId('ifood-dispute-countdown');
  await expect(countdown).toHaveText(/^Tempo para responder: [0-7]:\d{2}$/);
  const first = await countdown.textContent();
  await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(first);
  await expect(box).toContainText(/Sem resposta até \d{2}:\d{2}, o iFood mantém o pedido\./);
  await expect(box.getByRole('button', { name: `Propor reembolso (até ${formatBRL(ownRefund.ValorMaximo!)})` })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'ifood-partial-cancellation');

  await box.getByRole('button', { name: 'Aceitar cancelamento dos itens' }).click();
  await expect(a.getByTestId('ifood-dispute-done')).toHaveText('Cancelamento parcial pedido pelo cliente: aceito');
  await expect.poll(() => sandboxCalls(request, manager, acceptId)).toContain('disputes/accept');

  // The other request is answered with a refund, within iFood's maximum.
  await revealCard(page, toRefund.Codigo);
  const r = card(page, toRefund.Codigo);
  await r.getByRole('button', { name: `Propor reembolso (até ${formatBRL(refund.ValorMaximo!)})` }).click();
  const modal = page.getByRole('dialog', { name: `Propor reembolso ao cliente do pedido #${toRefund.Codigo}` });
  const value = modal.getByLabel('Valor do reembolso (R$)');
  await value.fill(String(refund.ValorMaximo! + 1).replace('.', ','));
  await modal.getByRole('button', { name: 'Enviar proposta' }).click();
  await expect(modal.getByText(`O reembolso pode ser de até ${formatBRL(refund.ValorMaximo!)}.`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'ifood-refund-proposal');
  const offered = Math.max(0.01, Math.floor(refund.ValorMaximo! * 50) / 100);
  await value.fill(String(offered).replace('.', ','));
  await modal.getByRole('button', { name: 'Enviar proposta' }).click();
  await expect(modal).toBeHidden();
  await expect(r.getByTestId('ifood-dispute-done')).toHaveText(`Reembolso de ${formatBRL(offered)} proposto ao cliente pelo iFood.`);
  await expect.poll(() => sandboxCalls(request, manager, refundId)).toContain('disputes/alternatives');
  expect((await sandboxCalls(request, manager, refundId)).filter((c) => c.startsWith('disputes/'))).toEqual(['disputes/alternatives']);
  await expectAccessible(page);
  await shot(page, 'ifood-refund-proposed');
});
