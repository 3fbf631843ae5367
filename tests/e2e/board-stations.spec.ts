/**
 * Stations that finish orders (issues 9 and 23) with 40 open orders, on a 1280x800 and a 768x1024
 * tablet: an order accepted on the board reaches its stations' screens (which show accepted and
 * in-preparation orders only, each with its station's items); a bumped item folds away; when the
 * last station bumps the last item the server makes it "Pedido pronto" and the expeditor sees it
 * ready; a waiter's order lands on the stations of its products; the rush flag tops a column.
 * Accessible in light and dark.
 */
import type { Page } from '@playwright/test';
import { WAITER_PATHS } from '../../src/shared/contract/waiter';
import { KDS_PATHS, ORDER_STATE } from '../../src/shared/orders';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';
import { apiLogin, boardCardCount, card, cardAt, closeBoardMenu, columnCodes, getOrder, openBoardMenu, placeOrder, revealCard, runCommand, scrollColumnToTop } from './orders-helpers';

const PICKUP_TWO_STATIONS = {
  TipoEntrega: 2,
  Itens: [
    { NomeProduto: 'Hambúrguer da casa', Valor: 30, Quantidade: 1, NomeImpressora: 'Cozinha' },
    { NomeProduto: 'Suco de laranja', Valor: 9, Quantidade: 2, NomeImpressora: 'Bar' },
    { NomeProduto: 'Chope', Valor: 12, Quantidade: 1, NomeImpressora: 'Bar' },
  ],
};

async function openBoard(page: Page, query = '') {
  await openAs(page, 'cozinha@balcao.dev', `/meepFood/painel${query}`);
  await page.getByRole('dialog', { name: 'Iniciar monitoramento' }).getByRole('button', { name: 'Iniciar monitoramento', exact: true }).click();
  await expect(page.getByTestId('connection-mode')).toHaveText('ao vivo');
}

/** Chooses a station screen in the board's menu; the URL names it. */
async function station(page: Page, value: string) {
  await chooseStation(page, value);
  await expect(page).toHaveURL(new RegExp(`estacao=${value}`));
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

/** A station screen shows no Pendente and no Em transporte order, and each of its cards holds its items. */
async function expectStationScreen(page: Page) {
  expect(await columnCodes(page, ORDER_STATE.Pendente)).toEqual([]);
  expect(await columnCodes(page, ORDER_STATE.EmTransporte)).toEqual([]);
  for (const stateId of [ORDER_STATE.Aceito, ORDER_STATE.EmPreparo]) {
    for (const code of await columnCodes(page, stateId)) {
      await revealCard(page, code);
      await expect(card(page, code).getByTestId('station-item').first()).toBeVisible();
    }
  }
}

test.describe('board stations', () => {
  test.describe.configure({ mode: 'serial' });

  test('accept → the stations bump → "Pedido pronto" and the expeditor sees it ready, with 40 orders (1280x800 and 768x1024, light and dark); rush', async ({ browser, baseURL, request }) => {
    test.setTimeout(240_000);
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    for (let i = 0; i < 38; i++) {
      const o = await placeOrder(request, kitchen, i % 2 ? { TipoEntrega: 2, Itens: [{ NomeProduto: 'Caipirinha', Valor: 18, Quantidade: 1, NomeImpressora: 'Bar' }] } : {});
      // Some accepted, some started: the station screens have work on them.
      if (i % 3 === 0) expect((await runCommand(request, kitchen, 'acceptOrder', { Id: o.Id })).status()).toBe(200);
      if (i % 6 === 0) expect((await runCommand(request, kitchen, 'startOrder', { Id: o.Id })).status()).toBe(200);
    }
    const special = await placeOrder(request, kitchen, PICKUP_TWO_STATIONS);
    const youngest = await placeOrder(request, kitchen);

    // --- 1280x800: the whole flow ---------------------------------------------------------------
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const page = await context.newPage();
    await openBoard(page);
    await expect.poll(() => boardCardCount(page)).toBeGreaterThanOrEqual(40);

    // A Pendente order is on no station's screen until someone accepts it.
    await station(page, 'Bar');
    await expectStationScreen(page);
    await expect(card(page, special.Codigo)).toHaveCount(0);
    await chooseStation(page, '');
    await revealCard(page, special.Codigo);
    await card(page, special.Codigo).getByRole('button', { name: 'Aceitar', exact: true }).click();
    await expect(card(page, special.Codigo)).toHaveAttribute('data-state', String(ORDER_STATE.Aceito));

    // The bar's screen: accepted and in-preparation orders only, and only bar items.
    await station(page, 'Bar');
    await expectStationScreen(page);
    const barCard = card(page, special.Codigo);
    await revealCard(page, special.Codigo);
    await expect(barCard.getByTestId('station-item')).toHaveText([/Suco de laranja/, /Chope/]);
    await expectAccessible(page);
    await darkThenLight(page);

    // A bump: the item folds into "1 item pronto" (undo inside); the kitchen has started (Em preparo).
    await barCard.getByRole('button', { name: 'Pronto: 2x Suco de laranja' }).click();
    await expect(barCard.getByTestId('station-item')).toHaveText([/Chope/]);
    await expect(barCard.getByTestId('station-done')).toContainText('1 item pronto');
    await expect(barCard).toHaveAttribute('data-state', String(ORDER_STATE.EmPreparo));
    await barCard.getByTestId('station-done').getByText('1 item pronto').click();
    await expect(barCard.getByRole('button', { name: 'Desfazer: 2x Suco de laranja' })).toBeVisible();
    await page.screenshot({ path: '/tmp/board-shots/station-bar-1280x800.png' });
    await expectAccessible(page);

    // The kitchen bumps its only item: its part is done, the order leaves its screen; not ready yet.
    await station(page, 'Cozinha');
    await revealCard(page, special.Codigo);
    await card(page, special.Codigo).getByRole('button', { name: 'Pronto: 1x Hambúrguer da casa' }).click();
    await expect(card(page, special.Codigo)).toHaveCount(0);
    expect((await getOrder(request, kitchen, special.Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmPreparo);

    // The bar bumps the last item: the server moves the order on ("Pedido pronto" for a pickup).
    await station(page, 'Bar');
    await revealCard(page, special.Codigo);
    await card(page, special.Codigo).getByRole('button', { name: 'Pronto: 1x Chope' }).click();
    await expect(card(page, special.Codigo)).toHaveCount(0);
    await expect.poll(async () => (await getOrder(request, kitchen, special.Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmTransporte);

    // The expeditor sees it ready: in "Em transporte", complete, its timer counting from the dispatch.
    await station(page, 'expedicao');
    await revealCard(page, special.Codigo);
    const exp = card(page, special.Codigo);
    await expect(exp).toHaveAttribute('data-state', String(ORDER_STATE.EmTransporte));
    await expect(exp.getByTestId('expeditor-line')).toHaveAttribute('data-complete', 'true');
    await expect(exp.getByTestId('expeditor-line')).toContainText('Completo');
    await expect(exp.getByTestId('order-timer')).toHaveText(/^00:0[0-2]:\d\d$/);
    await expect(exp.getByRole('button', { name: 'Finalizar', exact: true })).toBeVisible();
    await page.screenshot({ path: '/tmp/board-shots/expeditor-1280x800.png' });
    await expectAccessible(page);
    // The drawer: the time in the state and the order's total.
    await exp.getByRole('button', { name: /Abrir detalhes do pedido/ }).click();
    const drawer = page.getByTestId('order-detail');
    await expect(drawer.getByRole('timer', { name: /Tempo no estado atual/ })).toBeVisible();
    await expect(drawer.getByTestId('order-total-time')).toHaveText(/^\d\d:\d\d:\d\d$/);
    await page.screenshot({ path: '/tmp/board-shots/drawer-1280x800.png' });
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Rush: the youngest Pendente order goes to the top of its column.
    await chooseStation(page, '');
    await scrollColumnToTop(page, ORDER_STATE.Pendente);
    const top = cardAt(page, ORDER_STATE.Pendente, 1);
    await expect(top).toBeVisible();
    await expect(top).not.toHaveAttribute('data-codigo', youngest.Codigo);
    const young = card(page, youngest.Codigo);
    await revealCard(page, youngest.Codigo);
    // Rush is on the order's drawer (a ticket keeps one row of actions).
    await young.getByRole('button', { name: new RegExp(`^Abrir detalhes do pedido #${youngest.Codigo} `) }).click();
    const rushDrawer = page.getByRole('dialog', { name: `Pedido #${youngest.Codigo}` });
    await rushDrawer.getByRole('button', { name: 'Urgente', exact: true }).click();
    await expect(rushDrawer.getByRole('button', { name: 'Tirar urgência' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(rushDrawer).toBeHidden();
    await expect.poll(async () => (await getOrder(request, kitchen, youngest.Id)).UrgenteEm ?? null).not.toBeNull();
    await expect(top).toHaveAttribute('data-codigo', youngest.Codigo);
    await expect(young.getByTestId('rush-tag')).toBeVisible();
    await context.close();

    // --- 768x1024: a station screen opened from its bookmark ------------------------------------
    const portrait = await browser.newContext({ baseURL, viewport: { width: 768, height: 1024 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const p2 = await portrait.newPage();
    await openBoard(p2, '?estacao=Bar');
    await expect(p2.getByTestId('station-item').first()).toBeVisible();
    await expectStationScreen(p2);
    await p2.screenshot({ path: '/tmp/board-shots/station-bar-768x1024.png' });
    await expectAccessible(p2);
    await darkThenLight(p2);
    await portrait.close();

    // Leave the board as found (other specs share this server): the rush is cleared.
    const off = await request.post(KDS_PATHS.rush, { data: { Id: youngest.Id, Urgente: false }, headers: kitchen.auth });
    expect(off.status()).toBe(200);
  });

  test('a waiter’s table order lands on the stations of its products', async ({ browser, baseURL, request }) => {
    const waiter = await apiLogin(request, 'garcom@balcao.dev');
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const menu = await request.get(`${WAITER_PATHS.menu}?localClienteId=${waiter.localId}`, { headers: waiter.auth });
    expect(menu.status(), await menu.text()).toBe(200);
    const products = ((await menu.json()) as { Produtos: Array<{ Id: string; Nome: string }> }).Produtos;
    const id = (name: string) => products.find((p) => p.Nome === name)!.Id;
    const res = await request.post(KDS_PATHS.intake, {
      headers: waiter.auth,
      data: { LocalClienteId: waiter.localId, OrigemPedido: 1, TipoEntrega: 3, Mesa: 'Mesa 7', Cliente: { Nome: 'Mesa 7' }, TipoPagamentoId: 2, Itens: [{ ProdutoId: id('X-Burger'), Quantidade: 1 }, { ProdutoId: id('Suco natural de laranja'), Quantidade: 1 }] },
    });
    expect(res.status(), await res.text()).toBe(201);
    const order = (await res.json()) as { Id: string; Codigo: string };
    expect((await runCommand(request, kitchen, 'acceptOrder', { Id: order.Id })).status()).toBe(200);

    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const page = await context.newPage();
    await openBoard(page, '?estacao=Bar');
    await revealCard(page, order.Codigo);
    await expect(card(page, order.Codigo).getByTestId('station-item')).toHaveText([/Suco natural de laranja/]);
    await station(page, 'Cozinha');
    await revealCard(page, order.Codigo);
    await expect(card(page, order.Codigo).getByTestId('station-item')).toHaveText([/X-Burger/]);
    const boardMenu = await openBoardMenu(page);
    await expect(boardMenu.getByLabel('Estação').locator('option', { hasText: 'Sem estação' })).toHaveCount(0);
    await closeBoardMenu(page);
    await expectAccessible(page);
    await context.close();
  });
});
