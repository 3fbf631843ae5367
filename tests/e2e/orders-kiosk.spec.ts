/**
 * The board as a kitchen uses it: every open order on a 1280x800 and a 768x1024 tablet (oldest
 * first, true counts), pending orders chiming when monitoring starts, recall and undo.
 */
import type { Page } from '@playwright/test';
import type { KdsListResponse, Order } from '../../src/shared/contract/orders';
import { KDS_ACTIVE_MODE, KDS_PATHS, ORDER_STATE } from '../../src/shared/orders';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiLogin, audioPlays, boardCardCount, card, cardAt, columnCodes, getOrder, placeOrder, revealCard, scrollColumnToTop, runCommand, type ApiSession, openBoardMenu, closeBoardMenu, resumeAfterReload } from './orders-helpers';
import { openAs } from './fixtures';

const PICKUP = { TipoEntrega: 2, Cliente: { Nome: 'Cliente Retirada', Telefone: '(11) 99999-0000' } };

async function activeList(request: Parameters<typeof apiLogin>[0], s: ApiSession): Promise<KdsListResponse> {
  const res = await request.get(`${KDS_PATHS.list}?localClienteId=${s.localId}&modo=${KDS_ACTIVE_MODE}`, { headers: s.auth });
  expect(res.status()).toBe(200);
  return (await res.json()) as KdsListResponse;
}

/** Opens the board without starting monitoring (the dialog is dismissed). */
async function openBoardOnly(page: Page) {
  await openAs(page, 'cozinha@balcao.dev', '/meepFood/painel');
  const dialog = page.getByRole('dialog', { name: 'Iniciar monitoramento' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('kiosk board', () => {
  test.describe.configure({ mode: 'serial' });

  test('40 active orders: all on the board, oldest first per column, true counts (1280x800 and 768x1024)', async ({ browser, baseURL, request }) => {
    test.setTimeout(180_000);
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const placed: Order[] = [];
    for (let i = 0; i < 40; i++) placed.push(await placeOrder(request, kitchen, i % 2 ? PICKUP : {}));
    // A spread over the four open states.
    for (const o of placed.slice(0, 24)) expect((await runCommand(request, kitchen, 'acceptOrder', { Id: o.Id })).status()).toBe(200);
    for (const o of placed.slice(0, 14)) expect((await runCommand(request, kitchen, 'startOrder', { Id: o.Id })).status()).toBe(200);
    for (const o of placed.slice(0, 6).filter((x) => x.TipoEntrega === 2)) expect((await runCommand(request, kitchen, 'readyToPickup', { Id: o.Id })).status()).toBe(200);
    const truth = await activeList(request, kitchen);
    expect(truth.countTotal).toBeGreaterThanOrEqual(40);
    expect(truth.items).toHaveLength(truth.countTotal);

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 768, height: 1024 },
    ]) {
      const context = await browser.newContext({ baseURL, viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      const page = await context.newPage();
      const dialog = await openBoardOnly(page);
      await dialog.getByRole('button', { name: 'Iniciar monitoramento', exact: true }).click();
      await expect(page.getByTestId('connection-mode')).toHaveText('ao vivo');
      // The menu starts closed on the board: the columns take the width.
      await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();
      // Every active order is on the board: the columns (virtualized, so not every card is mounted
      // at once) hold them all, and scrolling each column reaches each of its cards, oldest first.
      await expect.poll(() => boardCardCount(page)).toBe(truth.countTotal);
      await expect(page.getByTestId('board-total')).toHaveText(`${truth.countTotal} pedidos`);
      for (const stateId of [ORDER_STATE.Pendente, ORDER_STATE.Aceito, ORDER_STATE.EmPreparo, ORDER_STATE.EmTransporte]) {
        const n = truth.porEtapa?.find((c) => c.EstadoId === stateId)?.Total ?? 0;
        await expect(page.getByTestId(`column-count-${stateId}`)).toHaveText(String(n));
        const column = page.getByTestId(`column-${stateId}`);
        const expected = truth.items.filter((o) => o.WorkflowInstance.CurrenteState.Id === stateId).map((o) => o.Codigo);
        const codes = await columnCodes(page, stateId);
        expect(codes).toHaveLength(n);
        expect([...codes].sort()).toEqual([...expected].sort());
        // Oldest first: codes grow with creation time.
        const numbers = codes.map(Number);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        // Every column's header is on screen at once (no column below the fold or beyond the right edge).
        const box = await column.boundingBox();
        expect(box!.x + 40).toBeLessThanOrEqual(viewport.width);
        expect(box!.y + 40).toBeLessThanOrEqual(viewport.height);
      }
      // The oldest Pendente order (the late one) is at the top of its column, in sight.
      const firstPending = page.getByTestId(`column-${ORDER_STATE.Pendente}`).getByTestId('order-card').first();
      await expect(firstPending).toBeInViewport();
      // Compact by default (the kiosk layout).
      await expect(page.getByTestId('order-board')).toHaveAttribute('data-density', 'compact');
      await page.screenshot({ path: `/tmp/board-shots/board-${viewport.width}x${viewport.height}.png` });
      await expectAccessible(page);
      // Density: the comfortable choice is remembered.
      const menu = await openBoardMenu(page);
      await menu.getByText('Confortável').click();
      await closeBoardMenu(page);
      await expect(page.getByTestId('order-board')).toHaveAttribute('data-density', 'comfortable');
      await page.screenshot({ path: `/tmp/board-shots/board-${viewport.width}x${viewport.height}-comfortable.png` });
      await page.reload();
      await resumeAfterReload(page);
      await expect(page.getByTestId('order-board')).toHaveAttribute('data-density', 'comfortable');
      await context.close();
    }
  });

  test('while its orders load, the board is already laid out and says so', async ({ page }) => {
    // The list answer is held until the loading board has been checked.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(
      (u) => u.pathname === KDS_PATHS.list,
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const dialog = await openBoardOnly(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const board = page.getByTestId('order-board');
    await expect(board).toHaveAttribute('aria-busy', 'true');
    const pending = page.getByRole('region', { name: 'Pendente: carregando pedidos' });
    await expect(pending.getByText('Carregando pedidos…')).toBeVisible();
    await expect(page.getByTestId(`column-count-${ORDER_STATE.Pendente}`)).toHaveText('…');
    await expectAccessible(page);
    release();
    await expect(board).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('region', { name: /^Pendente: \d+ pedidos?$/ })).toBeVisible();
    await expect(page.getByText('Carregando pedidos…')).toHaveCount(0);
  });

  test('live before Iniciar; pending orders chime when monitoring starts; sem som has a one-tap fix', async ({ page, request }) => {
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const waiting = await placeOrder(request, kitchen);
    const dialog = await openBoardOnly(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('sound-off')).toContainText('sem som');
    // Live without Iniciar: an order placed now shows up.
    await expect(page.getByTestId('connection-mode')).toHaveText('ao vivo');
    const later = await placeOrder(request, kitchen);
    await expect(card(page, later.Codigo)).toBeVisible();
    expect(await audioPlays(page)).toBe(0);
    // One tap: sound on, and every waiting order calls.
    await page.getByRole('button', { name: 'Ativar som' }).click();
    await expect(page.getByTestId('sound-off')).toHaveCount(0);
    await expect.poll(() => audioPlays(page)).toBeGreaterThanOrEqual(1);
    // Other specs share this server: the cards may sit below the fold of a virtualized column.
    await revealCard(page, waiting.Codigo);
    await expect(card(page, waiting.Codigo)).toHaveAttribute('data-ringing', 'true');
    await revealCard(page, later.Codigo);
    await expect(card(page, later.Codigo)).toHaveAttribute('data-ringing', 'true');
    await expectAccessible(page);
  });

  test('Finalizar can be undone; a finished order can be recalled with a reason', async ({ page, request }) => {
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const a = await placeOrder(request, kitchen, PICKUP);
    const b = await placeOrder(request, kitchen, PICKUP);
    for (const o of [a, b]) for (const c of ['acceptOrder', 'startOrder', 'readyToPickup'] as const) expect((await runCommand(request, kitchen, c, { Id: o.Id })).status()).toBe(200);
    const dialog = await openBoardOnly(page);
    await dialog.getByRole('button', { name: 'Iniciar monitoramento', exact: true }).click();

    await revealCard(page, a.Codigo);
    await card(page, a.Codigo).getByRole('button', { name: 'Finalizar' }).click();
    await expect(card(page, a.Codigo)).toHaveCount(0);
    await page.getByRole('button', { name: 'Desfazer' }).click();
    await expect(page.getByText(`Pedido #${a.Codigo} recuperado.`)).toBeVisible();
    await revealCard(page, a.Codigo);
    await expect(card(page, a.Codigo)).toHaveAttribute('data-state', String(ORDER_STATE.EmTransporte));

    // In sight first, so its leaving the board is seen (not just a card never mounted).
    await revealCard(page, b.Codigo);
    await expect(card(page, b.Codigo)).toBeVisible();
    expect((await runCommand(request, kitchen, 'deliverOrder', { Id: b.Id })).status()).toBe(200);
    await expect(card(page, b.Codigo)).toHaveCount(0);
    const menu = await openBoardMenu(page);
    await menu.getByRole('button', { name: 'Recuperar pedido' }).click();
    await expect(menu).toBeHidden();
    const recall = page.getByRole('dialog', { name: 'Recuperar pedido' });
    await recall.getByLabel(new RegExp(`^#${b.Codigo} `)).check();
    await recall.getByRole('button', { name: 'Recuperar pedido' }).click();
    await expect(recall.getByText('Informe o motivo para recuperar o pedido (ao menos 3 letras).')).toBeVisible();
    await expectAccessible(page);
    await recall.getByLabel('Motivo').fill('Cliente ainda não retirou');
    await recall.getByRole('button', { name: 'Recuperar pedido' }).click();
    await expect(recall).toBeHidden();
    await revealCard(page, b.Codigo);
    await expect(card(page, b.Codigo)).toHaveAttribute('data-state', String(ORDER_STATE.EmTransporte));
    const back = await getOrder(request, kitchen, b.Id);
    expect(back.HistoricoEstados.at(-1)?.Motivo).toBe('Cliente ainda não retirou');
  });

  test('keyboard / bump bar: arrows move between cards, Enter advances, R opens the recall list', async ({ page, request }) => {
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const first = await placeOrder(request, kitchen, PICKUP);
    const second = await placeOrder(request, kitchen, PICKUP);
    // Enough waiting orders that a walk down the column passes cards that are not mounted yet.
    for (let i = 0; i < 12; i++) await placeOrder(request, kitchen, PICKUP);
    const dialog = await openBoardOnly(page);
    await dialog.getByRole('button', { name: 'Iniciar monitoramento', exact: true }).click();
    await revealCard(page, first.Codigo);
    await card(page, first.Codigo).focus();
    await page.keyboard.press('ArrowDown');
    await expect(card(page, second.Codigo)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(card(page, first.Codigo)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card(page, first.Codigo)).toHaveAttribute('data-state', String(ORDER_STATE.Aceito));
    await card(page, second.Codigo).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId(`column-${ORDER_STATE.Aceito}`).getByTestId('order-card').filter({ has: page.locator(':focus') }).or(page.getByTestId(`column-${ORDER_STATE.Aceito}`).locator('[data-testid="order-card"]:focus'))).toHaveCount(1);
    // Far down a virtualized column: arrows walk past the mounted cards, the list scrolling along.
    const pendingColumn = page.getByTestId(`column-${ORDER_STATE.Pendente}`);
    const size = Number(await pendingColumn.getAttribute('data-count'));
    const steps = 12;
    expect(size).toBeGreaterThan(steps);
    await scrollColumnToTop(page, ORDER_STATE.Pendente);
    await cardAt(page, ORDER_STATE.Pendente, 1).focus();
    for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowDown');
    const reached = cardAt(page, ORDER_STATE.Pendente, steps + 1);
    await expect(reached).toBeFocused();
    await expect(reached).toBeInViewport();
    await expect(pendingColumn.locator('[role="listitem"]').first()).toHaveAttribute('aria-setsize', String(size));
    // A bump bar's burst: every press arrives before the far card has mounted, and none is lost.
    await scrollColumnToTop(page, ORDER_STATE.Pendente);
    await cardAt(page, ORDER_STATE.Pendente, 1).focus();
    await page.evaluate((n) => {
      // Each press goes where the focus is at that moment, as a keyboard's would.
      for (let i = 0; i < n; i++) document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }));
    }, steps);
    await expect(cardAt(page, ORDER_STATE.Pendente, steps + 1)).toBeFocused();
    await page.keyboard.press('r');
    await expect(page.getByRole('dialog', { name: 'Recuperar pedido' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    // All-day counts: what the open orders still need, by station (X-Salada goes to "Cozinha").
    const menu = await openBoardMenu(page);
    await menu.getByRole('button', { name: 'Contagem do dia' }).click();
    await expect(menu).toBeHidden();
    const allDay = page.getByRole('dialog', { name: 'Contagem do dia' });
    await expect(allDay.getByTestId('all-day').getByRole('row', { name: /Cozinha X-Salada/ })).toBeVisible();
    await expect(allDay.getByTestId('state-timings').getByRole('row')).toHaveCount(4);
    await expectAccessible(page);
  });
});
