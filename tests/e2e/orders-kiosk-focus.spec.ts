/**
 * The bump bar keeps working after a dialog (issue 39): a dialog opened from a ticket with Enter and
 * closed with Escape or Enter gives the focus back to that ticket (or to the next one when the ticket
 * moved on), never to the page's body, so the next presses keep bumping orders. At 1280x800 and
 * 768x1024 (a 10" tablet in both orientations).
 */
import type { Page } from '@playwright/test';
import type { Order } from '../../src/shared/contract/orders';
import { ORDER_STATE } from '../../src/shared/orders';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiLogin, card, getOrder, openBoard, placeOrder, revealCard, runCommand, setFoodConfig, type ApiSession } from './orders-helpers';

// A board of its own: the tickets below are the newest of their columns only if no other spec adds
// orders to this server while it runs.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'orders-kiosk-focus' } });

const SIZES = [
  { width: 1280, height: 800, touch: false },
  { width: 768, height: 1024, touch: true },
];

/** The ticket (its order id) that has the focus: the card itself, or null (the body, a dialog, a card's button). */
function focusedCard(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return a?.dataset.testid === 'order-card' ? (a.dataset.orderId ?? null) : null;
  });
}

async function stateOf(request: Parameters<typeof getOrder>[0], s: ApiSession, o: Order): Promise<number> {
  return (await getOrder(request, s, o.Id)).WorkflowInstance.CurrenteState.Id;
}

test.describe('the bump bar after a dialog', () => {
  for (const size of SIZES) {
    test(`at ${size.width}x${size.height}: Escape or Enter closes a ticket's dialog with the focus back on it; when it moved on, on the next one; then three Enters move three orders`, async ({ browser, baseURL, request }) => {
      test.setTimeout(180_000);
      // The venue delivers with its own carriers only: "Transportar" on a delivery ticket without a
      // carrier asks for one (the demo's platform courier would be called on accept instead).
      const manager = await apiLogin(request, 'gerente@balcao.dev');
      await setFoodConfig(request, manager, { useOwnDelivery: true, useMeepDelivery: false, deliveryTimePerOrder: false });
      const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
      // Em preparo: two own-delivery tickets without a carrier ("Transportar" asks for one first).
      // Aceito: three delivery tickets, each bumped to Em preparo by Enter ("Iniciar").
      const cooking = [await placeOrder(request, kitchen), await placeOrder(request, kitchen)];
      const accepted = [await placeOrder(request, kitchen), await placeOrder(request, kitchen), await placeOrder(request, kitchen)];
      for (const o of [...cooking, ...accepted]) expect((await runCommand(request, kitchen, 'acceptOrder', { Id: o.Id })).status()).toBe(200);
      for (const o of cooking) expect((await runCommand(request, kitchen, 'startOrder', { Id: o.Id })).status()).toBe(200);

      const context = await browser.newContext({ baseURL, viewport: { width: size.width, height: size.height }, hasTouch: size.touch, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce' });
      const page = await context.newPage();
      await openBoard(page);
      const tag = `${size.width}x${size.height}`;
      const [d0, d1] = cooking;
      const carrierDialog = (o: Order) => page.getByRole('dialog', { name: `Transportador do pedido #${o.Codigo}` });

      // The first delivery ticket has the focus (as the arrows or a tap leave it).
      await revealCard(page, d0.Codigo);
      await card(page, d0.Codigo).focus();
      await expect(card(page, d0.Codigo)).toBeFocused();

      // Enter ("Transportar" without a carrier) opens the carrier dialog; Escape closes it: back on the ticket.
      await page.keyboard.press('Enter');
      await expect(carrierDialog(d0)).toBeVisible();
      await expectAccessible(page);
      await page.screenshot({ path: `/tmp/board-shots/focus-dialog-${tag}.png` });
      await page.keyboard.press('Escape');
      await expect(carrierDialog(d0)).toBeHidden();
      await expect.poll(() => focusedCard(page), { message: 'focus on the ticket after Escape' }).toBe(d0.Id);
      expect(await stateOf(request, kitchen, d0)).toBe(ORDER_STATE.EmPreparo);

      // Again, closed with Enter (on the dialog's first control, "Fechar"): back on the ticket.
      await page.keyboard.press('Enter');
      await expect(carrierDialog(d0)).toBeVisible();
      await expect(carrierDialog(d0).getByRole('button', { name: 'Fechar' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(carrierDialog(d0)).toBeHidden();
      await expect.poll(() => focusedCard(page), { message: 'focus on the ticket after Enter' }).toBe(d0.Id);
      expect(await stateOf(request, kitchen, d0)).toBe(ORDER_STATE.EmPreparo);

      // Once more, with a carrier chosen: "Transportar" sends the ticket on, and the focus goes to
      // the ticket now in its place (the next delivery ticket of Em preparo).
      await page.keyboard.press('Enter');
      const dialog = carrierDialog(d0);
      await expect(dialog).toBeVisible();
      await dialog.getByRole('combobox', { name: 'Transportador' }).focus();
      await page.keyboard.type('Carlos');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('combobox', { name: 'Transportador' })).toHaveValue(/Carlos Motoboy/);
      await dialog.getByRole('button', { name: 'Transportar' }).focus();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect.poll(() => stateOf(request, kitchen, d0)).toBe(ORDER_STATE.EmTransporte);
      await expect.poll(() => focusedCard(page), { message: 'focus on the next ticket after it moved on' }).toBe(d1.Id);

      // Three more Enters move three orders: on the first of the accepted tickets (the newest three
      // of Aceito), each Enter starts one and the focus goes to the one now in its place.
      await revealCard(page, accepted[0].Codigo);
      await card(page, accepted[0].Codigo).focus();
      for (let i = 0; i < 3; i++) {
        await expect.poll(() => focusedCard(page), { message: `focus on accepted ticket ${i + 1}` }).toBe(accepted[i].Id);
        await page.keyboard.press('Enter');
        await expect.poll(() => stateOf(request, kitchen, accepted[i]), { message: `accepted ticket ${i + 1} started` }).toBe(ORDER_STATE.EmPreparo);
      }
      // The focus stayed on the board, never on the page's body.
      await expect.poll(() => page.evaluate(() => document.activeElement !== document.body && !!document.activeElement?.closest('[data-testid="order-board"]'))).toBe(true);
      await page.screenshot({ path: `/tmp/board-shots/focus-after-${tag}.png` });

      // The drawer too: opened with Enter on a ticket's header, closed with Escape, the focus back in that ticket.
      await revealCard(page, d1.Codigo);
      await card(page, d1.Codigo).getByRole('button', { name: new RegExp(`^Abrir detalhes do pedido #${d1.Codigo} `) }).focus();
      await page.keyboard.press('Enter');
      const drawer = page.getByRole('dialog', { name: `Pedido #${d1.Codigo}` });
      await expect(drawer).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-testid="order-card"]')?.dataset.orderId ?? null)).toBe(d1.Id);
      await context.close();
    });
  }
});
