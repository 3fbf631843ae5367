/**
 * A Friday night on the board (issue 39): 60+ active orders on a 10" tablet in both orientations.
 * The Menu opens by a tap at its centre; no text is clipped without an ellipsis; codes and timers on
 * one line; the bump bar keeps working after a dialog; a new order below the fold says so; a paused
 * board counts what it holds back; a station screen names its station.
 */
import type { Page } from '@playwright/test';
import type { Order } from '../../src/shared/contract/orders';
import { KDS_PATHS } from '../../src/shared/orders';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { ORDER_STATE } from '../../src/shared/orders';
import { apiLogin, card, closeBoardMenu, openBoard, placeOrder, runCommand, scrollColumnToTop, type ApiSession } from './orders-helpers';

// A board of its own: on the worker's shared server other specs' accepted orders (older, so first in
// their column) and their printers would push these tickets out of the mounted part of the columns.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'orders-kiosk-papercuts' } });

const PICKUP = { TipoEntrega: 2, Cliente: { Nome: 'Cliente Retirada', Telefone: '(11) 99999-0000' } };
const SIZES = [
  { width: 1280, height: 800, touch: false },
  { width: 768, height: 1024, touch: true },
];

/** 60+ active orders over the four open states: marketplace ones with a long store name among them. */
async function busyBoard(request: Parameters<typeof apiLogin>[0], kitchen: ApiSession): Promise<Order[]> {
  const placed: Order[] = [];
  for (let i = 0; i < 62; i++) {
    const over = i % 4 === 0 ? { OrigemPedido: 2, CodigoExterno: `IFD-${i}` } : i % 5 === 0 ? { TipoEntrega: 3, Mesa: 'Varanda coberta do fundo' } : i % 3 === 0 ? PICKUP : {};
    placed.push(await placeOrder(request, kitchen, over));
  }
  const share = (f: number) => placed.slice(0, Math.round(placed.length * f));
  for (const o of share(0.6)) expect((await runCommand(request, kitchen, 'acceptOrder', { Id: o.Id })).status()).toBe(200);
  for (const o of share(0.35)) expect((await runCommand(request, kitchen, 'startOrder', { Id: o.Id })).status()).toBe(200);
  for (const o of share(0.15).filter((x) => x.TipoEntrega === 2)) expect((await runCommand(request, kitchen, 'readyToPickup', { Id: o.Id })).status()).toBe(200);
  // Some accepted tickets whose print got no answer: one compact line each.
  for (const o of placed.slice(20, 30)) {
    expect((await request.post(KDS_PATHS.printerStatus, { headers: kitchen.auth, data: { PedidoId: o.Id, Status: 3 } })).status()).toBe(200);
  }
  return placed;
}

/**
 * Text on the board or in its bar that overflows its box without an ellipsis: every visible element
 * holding text whose content is wider than its box (scrollWidth > clientWidth) and that does not end
 * it in "…" (text-overflow: ellipsis). Screen-reader-only text (1 px, clipped) is not on screen.
 */
async function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const roots = [document.querySelector('header'), document.querySelector('[data-testid="board-page"]')].filter(Boolean) as HTMLElement[];
    for (const root of roots) {
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
        if (!own) continue;
        const r = el.getBoundingClientRect();
        if (r.width <= 2 || r.height <= 2) continue;
        if (r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth) continue;
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).textOverflow !== 'ellipsis') out.push(`${el.tagName}.${el.className}: "${el.textContent?.trim()}" ${el.scrollWidth}>${el.clientWidth}`);
      }
    }
    return out;
  });
}

/** Mounted tickets whose code and timer are not on one line (their boxes' vertical centres differ by a line). */
async function codesOffTheTimerLine(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const c of document.querySelectorAll<HTMLElement>('[data-testid="order-card"]')) {
      const code = c.querySelector<HTMLElement>('[data-testid="order-code"]');
      const timer = c.querySelector<HTMLElement>('[data-testid="order-timer"]');
      if (!code || !timer) continue;
      const a = code.getBoundingClientRect();
      const b = timer.getBoundingClientRect();
      if (a.height === 0) continue;
      if (Math.abs(a.top + a.height / 2 - (b.top + b.height / 2)) > a.height / 2) out.push(c.dataset.codigo ?? '');
    }
    return out;
  });
}

test.describe('a busy board on a tablet', () => {
  test.describe.configure({ mode: 'serial' });
  let kitchen: ApiSession;

  test('60+ active orders at 1280x800 and 768x1024: the Menu opens at its centre, no clipped text, codes and timers on one line, the station named', async ({ browser, baseURL, request }) => {
    test.setTimeout(300_000);
    kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    await busyBoard(request, kitchen);
    for (const size of SIZES) {
      const context = await browser.newContext({ baseURL, viewport: { width: size.width, height: size.height }, hasTouch: size.touch, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      const page = await context.newPage();
      await openBoard(page);
      await expect(page.locator('[data-testid="order-card"]').first()).toBeVisible();
      const tag = `${size.width}x${size.height}`;
      // A tap at the Menu's centre reaches the Menu (nothing lies over it).
      const menuButton = page.getByTestId('board-menu-button');
      const box = (await menuButton.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('[data-testid="board-menu-button"]'), [box.x + box.width / 2, box.y + box.height / 2])).toBe(true);
      if (size.touch) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      else await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const menu = page.getByRole('dialog', { name: 'Menu do painel' });
      await expect(menu).toBeVisible();
      await expectAccessible(page);
      await closeBoardMenu(page);

      await expect.poll(() => clippedTexts(page), { message: `clipped text at ${tag}` }).toEqual([]);
      await expect.poll(() => codesOffTheTimerLine(page), { message: `code and timer apart at ${tag}` }).toEqual([]);
      // Tags end in an ellipsis and say it all on demand.
      const tags = await page.locator('[data-testid="order-card"] [data-testid="tag"]').evaluateAll((els) => els.map((e) => [e.textContent, e.getAttribute('title')]));
      expect(tags.length).toBeGreaterThan(0);
      for (const [text, title] of tags) expect(title).toBe(text);
      await expect(page.locator('[data-testid="order-card"] [data-testid="tag"]', { hasText: 'Marketplace' }).first()).toHaveCSS('text-overflow', 'ellipsis');
      // A print with no answer is one line on the ticket (its details in the drawer), "Enviar novamente" whole.
      const printer = page.locator('[data-testid="order-card"] [data-testid="printer-badge"][data-kind="noAnswer"]').first();
      await expect(printer).toBeVisible();
      expect((await printer.boundingBox())!.height).toBeLessThanOrEqual(50);
      await expect(printer.getByRole('button', { name: 'Enviar novamente' })).toBeVisible();
      await page.screenshot({ path: `/tmp/board-shots/papercuts-${tag}.png` });
      await expectAccessible(page);

      // A station screen says which station it is, in the bar.
      await page.goto('/meepFood/painel?estacao=Bar');
      await expect(page.getByTestId('board-station')).toHaveText('Estação: Bar');
      await expect(page.getByTestId('board-station')).toBeInViewport({ ratio: 1 });
      await expect.poll(() => clippedTexts(page), { message: `clipped text on the Bar screen at ${tag}` }).toEqual([]);
      await page.screenshot({ path: `/tmp/board-shots/papercuts-station-${tag}.png` });
      await expectAccessible(page);
      await context.close();
    }
  });
  test('a new order out of sight says so at the column\'s edge, and one tap brings it into view', async ({ browser, baseURL, request }) => {
    test.setTimeout(120_000);
    kitchen ??= await apiLogin(request, 'cozinha@balcao.dev');
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const page = await context.newPage();
    await openBoard(page);
    // The busy board's Pendente column runs far below the fold: at its top, a new order (the last in
    // the column) is out of sight.
    await scrollColumnToTop(page, ORDER_STATE.Pendente);
    const fresh = await placeOrder(request, kitchen, PICKUP);
    const chip = page.getByTestId(`new-orders-${ORDER_STATE.Pendente}`);
    await expect(chip).toHaveText('1 pedido novo ↓');
    await expect(chip).toBeInViewport({ ratio: 1 });
    await expectAccessible(page);
    await chip.click();
    await expect(card(page, fresh.Codigo)).toBeInViewport();
    await expect(chip).toBeHidden();

    await context.close();
  });
});
