/**
 * The board's own settings and bar (issue 23): a manager sets the venue's preparation time and
 * default station from the board's menu; a bump bar's burst of Enters moves one order per press;
 * the slim bar's counts say what they count, on screen and to screen readers.
 */
import type { Order } from '../../src/shared/contract/orders';
import { KDS_PATHS, ORDER_STATE } from '../../src/shared/orders';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiLogin, card, getOrder, openBoard, openBoardMenu, placeOrder, revealCard } from './orders-helpers';

const PICKUP = { TipoEntrega: 2, Cliente: { Nome: 'Cliente Retirada', Telefone: '(11) 99999-0000' } };

test.describe('board tools', () => {
  test.describe.configure({ mode: 'serial' });

  test('a manager sets the preparation time and default station from the board menu; the kitchen tablet cannot', async ({ page, request }) => {
    const manager = await apiLogin(request, 'gerente@balcao.dev');
    const before = (await (await request.get(KDS_PATHS.settingsOf(manager.localId), { headers: manager.auth })).json()) as { prepMinutes: number; defaultStation: string };
    await openBoard(page, 'gerente@balcao.dev');
    let menu = await openBoardMenu(page);
    await menu.getByRole('button', { name: 'Preparo e estação' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preparo e estação' });
    await expect(dialog).toBeVisible();
    const minutes = dialog.getByLabel('Tempo de preparo (minutos)');
    await expect(minutes).toHaveValue(String(before.prepMinutes));
    await minutes.fill('0');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('O tempo de preparo deve ser de 1 a 240 minutos.')).toBeVisible();
    await expectAccessible(page);
    await minutes.fill('25');
    await dialog.getByLabel('Estação padrão').fill('Chapa');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Configurações do painel salvas.')).toBeVisible();
    const after = await (await request.get(KDS_PATHS.settingsOf(manager.localId), { headers: manager.auth })).json();
    expect(after).toMatchObject({ prepMinutes: 25, defaultStation: 'Chapa' });
    // A product-less item now goes to the default station, with the venue's preparation time.
    const o = await placeOrder(request, manager, { ...PICKUP, Itens: [{ NomeProduto: 'Prato do dia', Valor: 30, Quantidade: 1 }] });
    expect(o.Itens[0].NomeImpressora).toBe('Chapa');
    expect(o.TempoPreparo).toBe(25);
    // The dialog opens on what was saved.
    menu = await openBoardMenu(page);
    await menu.getByRole('button', { name: 'Preparo e estação' }).click();
    await expect(dialog.getByLabel('Tempo de preparo (minutos)')).toHaveValue('25');
    await expect(dialog.getByLabel('Estação padrão')).toHaveValue('Chapa');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    // The next tests (one server per worker) see the demo's own settings again.
    const restore = await request.post(KDS_PATHS.settings, { headers: manager.auth, data: { localClienteId: manager.localId, prepMinutes: before.prepMinutes, defaultStation: before.defaultStation } });
    expect(restore.status()).toBe(200);
    // The kitchen tablet has no such tool.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await openBoard(page);
    menu = await openBoardMenu(page);
    await expect(menu.getByRole('button', { name: 'Status da loja' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Preparo e estação' })).toHaveCount(0);
  });

  test('a bump bar burst: every Enter arrives before the board has moved the last order, and each moves one', async ({ page, request }) => {
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const mine: Order[] = [];
    for (let i = 0; i < 5; i++) mine.push(await placeOrder(request, kitchen, PICKUP));
    await openBoard(page);
    await revealCard(page, mine[0].Codigo);
    await card(page, mine[0].Codigo).focus();
    // Four presses in one go, each where the focus is at that moment (as a keyboard's would): the
    // board has not redrawn between them.
    await page.evaluate((n) => {
      for (let i = 0; i < n; i++) (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    }, 4);
    for (const o of mine.slice(0, 4)) await expect.poll(async () => (await getOrder(request, kitchen, o.Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Aceito);
    await expect(card(page, mine[4].Codigo)).toBeFocused();
    expect((await getOrder(request, kitchen, mine[4].Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Pendente);
    // Real key presses back to back, with no wait between them.
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await getOrder(request, kitchen, mine[4].Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Aceito);
  });

  for (const size of [
    { width: 1280, height: 800 },
    { width: 768, height: 1024 },
  ]) {
    test(`the bar's counts say what they count (${size.width}x${size.height})`, async ({ page, request }) => {
      await page.setViewportSize(size);
      const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
      await placeOrder(request, kitchen, PICKUP);
      await openBoard(page);
      const pending = page.getByTestId(`bar-count-${ORDER_STATE.Pendente}`);
      await expect(pending).toBeVisible();
      const box = (await page.getByTestId('kiosk-bar').boundingBox())!;
      expect(box.height).toBeLessThanOrEqual(64);
      // On screen, below 1440 px: a short name beside the number. On a portrait tablet (below 900 px)
      // the count is its state's colour and number, the column right under it names the state, so
      // the Menu always has its room (issue 39).
      const short = pending.locator('[aria-hidden="true"]');
      if (size.width >= 900) {
        await expect(short).toBeVisible();
        await expect(short).toHaveText('Pend.');
      } else {
        await expect(short).toBeHidden();
        await expect(page.getByTestId(`column-count-${ORDER_STATE.Pendente}`)).toBeVisible();
      }
      // For screen readers: "Pendente: N pedidos".
      expect(await pending.textContent()).toMatch(/Pendente: \d+ pedidos?$/);
      await expectAccessible(page);
    });
  }
});
