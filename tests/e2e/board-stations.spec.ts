/**
 * Station routing on the board with 40 open orders, on a 1280x800 and a 768x1024 tablet: a station's
 * screen (only its orders and items, each bumped on its own), the expeditor (complete when every
 * station is done), the rush flag (the order tops its column), accessible in light and dark.
 */
import type { Page } from '@playwright/test';
import { KDS_PATHS, ORDER_STATE } from '../../src/shared/orders';
import { expectAccessible } from './axe';
import { expect, signIn, test } from './fixtures';
import { apiLogin, boardCardCount, card, cardAt, columnCodes, getOrder, placeOrder, revealCard, scrollColumnToTop, type ApiSession, openBoardMenu, closeBoardMenu } from './orders-helpers';

const TWO_STATIONS = {
  Itens: [
    { NomeProduto: 'Hambúrguer da casa', Valor: 30, Quantidade: 1, NomeImpressora: 'Cozinha' },
    { NomeProduto: 'Suco de laranja', Valor: 9, Quantidade: 2, NomeImpressora: 'Bar' },
  ],
};

async function openBoard(page: Page) {
  await signIn(page, 'cozinha@balcao.dev');
  await page.waitForURL((u) => u.pathname === '/meepFood/painel');
  await page.getByRole('dialog', { name: 'Iniciar monitoramento' }).getByRole('button', { name: 'Iniciar monitoramento', exact: true }).click();
  await expect(page.getByTestId('connection-mode')).toHaveText('ao vivo');
}

async function bumpByApi(request: Parameters<typeof apiLogin>[0], s: ApiSession, orderId: string, itemId: string) {
  const res = await request.post(KDS_PATHS.bumpItem, { data: { PedidoId: orderId, ItemId: itemId, Pronto: true }, headers: s.auth });
  expect(res.status(), await res.text()).toBe(200);
}

async function darkThenLight(page: Page) {
  const menu = await openBoardMenu(page);
  await menu.getByRole('button', { name: 'Tema escuro' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await closeBoardMenu(page);
  await expectAccessible(page);
  await openBoardMenu(page);
  await expectAccessible(page);
  await menu.getByRole('button', { name: 'Tema claro' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await closeBoardMenu(page);
}

/** Chooses a station screen in the board's menu (the menu closes on the new screen). */
async function chooseStation(page: Page, value: string) {
  const menu = await openBoardMenu(page);
  await menu.getByLabel('Estação').selectOption(value);
  await expect(menu).toBeHidden();
}

test.describe('board stations', () => {
  test.describe.configure({ mode: 'serial' });

  test('station screen, item bump, expeditor and rush with 40 orders (1280x800 and 768x1024, light and dark)', async ({ browser, baseURL, request }) => {
    test.setTimeout(240_000);
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    for (let i = 0; i < 38; i++) await placeOrder(request, kitchen, i % 2 ? { TipoEntrega: 2 } : {});
    const special = await placeOrder(request, kitchen, TWO_STATIONS);
    const youngest = await placeOrder(request, kitchen);
    const [burger, juice] = special.Itens;

    for (const [n, viewport] of [
      { width: 1280, height: 800 },
      { width: 768, height: 1024 },
    ].entries()) {
      const context = await browser.newContext({ baseURL, viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      const page = await context.newPage();
      await openBoard(page);
      await expect(page.getByTestId('order-card').first()).toBeVisible();
      await expect.poll(() => boardCardCount(page)).toBeGreaterThanOrEqual(40);
      await expectAccessible(page);
      await darkThenLight(page);

      // The bar's screen: only orders with bar items, and only those items.
      await chooseStation(page, 'Bar');
      await expect(page).toHaveURL(/estacao=Bar/);
      // Fewer cards than the whole board, each holding bar items only (every column scrolled through).
      await expect.poll(() => boardCardCount(page)).toBeLessThan(10);
      for (const stateId of [ORDER_STATE.Pendente, ORDER_STATE.Aceito, ORDER_STATE.EmPreparo, ORDER_STATE.EmTransporte]) {
        for (const code of await columnCodes(page, stateId)) {
          await revealCard(page, code);
          await expect(card(page, code).getByTestId('station-item').first()).toBeVisible();
        }
      }
      const barCard = card(page, special.Codigo);
      await revealCard(page, special.Codigo);
      await expect(barCard).toBeVisible();
      await expect(barCard.getByTestId('station-item')).toHaveCount(1);
      await expect(barCard.getByTestId('station-item')).toContainText('Suco de laranja');
      await page.screenshot({ path: `/tmp/board-shots/station-bar-${viewport.width}x${viewport.height}.png` });
      await expectAccessible(page);
      if (n === 0) {
        // Item-level bump, saved on the server.
        await barCard.getByRole('button', { name: 'Pronto: 2x Suco de laranja' }).click();
        await expect(barCard.getByRole('button', { name: 'Pronto: 2x Suco de laranja' })).toHaveAttribute('aria-pressed', 'true');
        await expect.poll(async () => (await getOrder(request, kitchen, special.Id)).Itens.find((i) => i.Id === juice.Id)?.ProntoEm ?? null).not.toBeNull();
      }
      await darkThenLight(page);

      // The expeditor: the bar is done, the kitchen is not; complete once the kitchen bumps too.
      await chooseStation(page, 'expedicao');
      // The expeditor's screen is drawn (every order again) before the column is scrolled to the card.
      await expect(page).toHaveURL(/estacao=expedicao/);
      await expect.poll(() => boardCardCount(page)).toBeGreaterThanOrEqual(40);
      await expect(page.getByTestId('expeditor-line').first()).toBeVisible();
      const exp = card(page, special.Codigo);
      await revealCard(page, special.Codigo);
      const line = exp.getByTestId('expeditor-line');
      if (n === 0) {
        await expect(line).toHaveAttribute('data-complete', 'false');
        await expect(line).toContainText('Bar: pronto');
        await expect(line).toContainText('Cozinha: 0/1');
        await bumpByApi(request, kitchen, special.Id, burger.Id);
      }
      await expect(line).toHaveAttribute('data-complete', 'true');
      await expect(line).toContainText('Completo');
      await page.screenshot({ path: `/tmp/board-shots/expeditor-${viewport.width}x${viewport.height}.png` });
      await expectAccessible(page);

      // Rush: the youngest Pendente order goes to the top of its column.
      await chooseStation(page, '');
      // Back at the top of the Pendente column (the expeditor's card was scrolled to).
      await scrollColumnToTop(page, ORDER_STATE.Pendente);
      const top = cardAt(page, ORDER_STATE.Pendente, 1);
      await expect(top).toBeVisible();
      const young = card(page, youngest.Codigo);
      if (n === 0) {
        await expect(top).not.toHaveAttribute('data-codigo', youngest.Codigo);
        await revealCard(page, youngest.Codigo);
        // Rush is on the order's drawer (a ticket keeps one row of actions).
        await young.getByRole('button', { name: new RegExp(`^Abrir detalhes do pedido #${youngest.Codigo} `) }).click();
        const drawer = page.getByRole('dialog', { name: `Pedido #${youngest.Codigo}` });
        await drawer.getByRole('button', { name: 'Urgente', exact: true }).click();
        await expect(drawer.getByRole('button', { name: 'Tirar urgência' })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
        await expect.poll(async () => (await getOrder(request, kitchen, youngest.Id)).UrgenteEm ?? null).not.toBeNull();
      }
      // The column followed the card to the top (this tablet rushed it); on the second tablet it opens there.
      await expect(top).toHaveAttribute('data-codigo', youngest.Codigo);
      await expect(young).toHaveAttribute('data-rush', 'true');
      await expect(young.getByTestId('rush-tag')).toBeVisible();
      await page.screenshot({ path: `/tmp/board-shots/rush-${viewport.width}x${viewport.height}.png` });
      await expectAccessible(page);
      await context.close();
    }
    // Leave the board as found (other specs share this server): the rush is cleared.
    const off = await request.post(KDS_PATHS.rush, { data: { Id: youngest.Id, Urgente: false }, headers: kitchen.auth });
    expect(off.status()).toBe(200);
  });
});
