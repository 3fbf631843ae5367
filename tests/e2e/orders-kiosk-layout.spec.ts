/**
 * The board on a Friday night, as a kitchen tablet shows it: with 50 active orders, a dozen whole
 * tickets at 1280x800 and at least 8 at 768x1024 (touch) in the default layout, under one slim bar;
 * a tablet that reloads comes back live and loud without a tap (or asks for one, full screen); a
 * bump bar's Enters move one order each; a paused board says so.
 */
import type { Browser, Page } from '@playwright/test';
import type { KdsListResponse, Order } from '../../src/shared/contract/orders';
import { KDS_ACTIVE_MODE, KDS_PATHS, ORDER_STATE } from '../../src/shared/orders';
import { CHROMIUM } from '../../bench/chromium';
import { expectAccessible } from './axe';
import { expect, signIn, test } from './fixtures';
import { apiLogin, audioPlays, card, cardAt, closeBoardMenu, getOrder, openBoard, openBoardMenu, placeOrder, revealCard, runCommand, wholeTickets, type ApiSession } from './orders-helpers';

// Its own server: the count of whole tickets depends on the mix of orders on the board (long ones
// fold), which on the worker's shared server depended on the specs that ran there before (CI saw 11).
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'orders-kiosk-layout' } });

const PICKUP = { TipoEntrega: 2, Cliente: { Nome: 'Cliente Retirada', Telefone: '(11) 99999-0000' } };
const LONG = {
  Itens: [
    { NomeProduto: 'Hambúrguer da casa', Valor: 30, Quantidade: 1, NomeImpressora: 'Cozinha' },
    { NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1, NomeImpressora: 'Cozinha' },
    { NomeProduto: 'Suco de laranja', Valor: 9, Quantidade: 2, NomeImpressora: 'Bar' },
    { NomeProduto: 'Milkshake', Valor: 15, Quantidade: 1, NomeImpressora: 'Bar', Observacoes: [{ Descricao: 'Sem calda', Opcoes: [] }] },
    { NomeProduto: 'Brownie', Valor: 10, Quantidade: 2, NomeImpressora: 'Cozinha' },
  ],
};

async function activeList(request: Parameters<typeof apiLogin>[0], s: ApiSession): Promise<KdsListResponse> {
  const res = await request.get(`${KDS_PATHS.list}?localClienteId=${s.localId}&modo=${KDS_ACTIVE_MODE}`, { headers: s.auth });
  expect(res.status()).toBe(200);
  return (await res.json()) as KdsListResponse;
}

/** At least 50 active orders, the new ones spread over the four open states; some long (folded). */
async function fiftyActive(request: Parameters<typeof apiLogin>[0], kitchen: ApiSession): Promise<KdsListResponse> {
  const need = Math.max(0, 50 - (await activeList(request, kitchen)).countTotal);
  const placed: Order[] = [];
  for (let i = 0; i < need; i++) placed.push(await placeOrder(request, kitchen, i % 5 === 0 ? { ...PICKUP, ...LONG } : i % 2 ? PICKUP : {}));
  const share = (f: number) => placed.slice(0, Math.round(placed.length * f));
  for (const o of share(0.6)) expect((await runCommand(request, kitchen, 'acceptOrder', { Id: o.Id })).status()).toBe(200);
  for (const o of share(0.35)) expect((await runCommand(request, kitchen, 'startOrder', { Id: o.Id })).status()).toBe(200);
  for (const o of share(0.15).filter((x) => x.TipoEntrega === 2)) expect((await runCommand(request, kitchen, 'readyToPickup', { Id: o.Id })).status()).toBe(200);
  const truth = await activeList(request, kitchen);
  expect(truth.countTotal).toBeGreaterThanOrEqual(50);
  return truth;
}

/** A context already signed in, with monitoring started on the device once (its storage), opened with no gesture. */
async function rememberedDevice(browser: Browser, baseURL: string, storageState: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>, init?: () => void) {
  const context = await browser.newContext({ baseURL, storageState, viewport: { width: 1280, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce' });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await page.goto('/meepFood/painel');
  return { context, page };
}

/** Signs in on a fresh context and starts monitoring once (the spec's first start on a device); returns its storage. */
async function startedOnce(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await openBoard(page);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function soundOverlay(page: Page) {
  return page.getByRole('button', { name: /Toque para reativar o som/ });
}

test.describe('kiosk layout', () => {
  test.describe.configure({ mode: 'serial' });

  test('50 active orders: a dozen whole tickets at 1280x800, at least 8 at 768x1024 (touch), under one slim bar', async ({ browser, baseURL, request }) => {
    test.setTimeout(240_000);
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const truth = await fiftyActive(request, kitchen);
    const oldestPending = truth.items.filter((o) => o.WorkflowInstance.CurrenteState.Id === ORDER_STATE.Pendente).sort((a, b) => Number(a.Codigo) - Number(b.Codigo))[0];

    for (const { viewport, touch, min } of [
      { viewport: { width: 1280, height: 800 }, touch: false, min: 12 },
      { viewport: { width: 768, height: 1024 }, touch: true, min: 8 },
    ]) {
      const context = await browser.newContext({ baseURL, viewport, hasTouch: touch, isMobile: false, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
      const page = await context.newPage();
      await openBoard(page);
      await expect(page.getByTestId('board-total')).toHaveText(`${truth.countTotal} pedidos`);
      // One slim bar: the portal's top bar holds the board's, and the board starts right under it.
      const bar = (await page.locator('header').boundingBox())!;
      expect(bar.y).toBe(0);
      expect(bar.height).toBeLessThanOrEqual(64);
      await expect(page.locator('header').getByTestId('kiosk-bar')).toBeVisible();
      const board = (await page.getByTestId('order-board').boundingBox())!;
      expect(board.y).toBeLessThanOrEqual(bar.height + 12);
      // The bar counts each state as the columns do.
      for (const stateId of [ORDER_STATE.Pendente, ORDER_STATE.Aceito, ORDER_STATE.EmPreparo, ORDER_STATE.EmTransporte]) {
        const n = truth.porEtapa?.find((c) => c.EstadoId === stateId)?.Total ?? 0;
        await expect(page.getByTestId(`bar-count-${stateId}`)).toContainText(String(n));
        await expect(page.getByTestId(`column-count-${stateId}`)).toHaveText(String(n));
      }
      // Let every mounted ticket be measured and drawn, then count the whole ones.
      await expect.poll(async () => (await wholeTickets(page)).length, { message: `whole tickets at ${viewport.width}x${viewport.height}` }).toBeGreaterThanOrEqual(min);
      const whole = await wholeTickets(page);
      console.log(`whole tickets at ${viewport.width}x${viewport.height}: ${whole.length}`);
      // The oldest waiting order is one of them, its main action on screen and not covered.
      expect(whole).toContain(oldestPending.Codigo);
      const accept = card(page, oldestPending.Codigo).getByRole('button', { name: 'Aceitar' });
      await expect(accept).toBeInViewport({ ratio: 1 });
      // Columns stay oldest first: the Pendente column starts with the oldest waiting order.
      await expect(cardAt(page, ORDER_STATE.Pendente, 1)).toHaveAttribute('data-codigo', oldestPending.Codigo);
      // Four busy columns on a portrait tablet: narrow tickets, their type tightened (board-layout's
      // `narrow`, in place of a container query on every ticket); none on the landscape one.
      await expect(page.getByTestId('order-board')).toHaveAttribute('data-density', 'compact');
      await expect(page.locator('section[data-narrow]')).toHaveCount(viewport.width === 768 ? 4 : 0);
      const code = page.locator('[data-testid="order-card"] button > span').nth(1);
      await expect(code).toHaveText(/^#\d+$/);
      await expect(code).toHaveCSS('font-size', viewport.width === 768 ? '17.6px' : '22.4px');
      // The number is what the kitchen calls out: whole on every mounted ticket, never "#229…".
      const cutCodes = await page.locator('[data-testid="order-code"]').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
      expect(cutCodes).toEqual([]);
      // A long ticket folds its extra items behind "+N itens" (the drawer lists them all).
      await page.screenshot({ path: `/tmp/board-shots/kiosk-${viewport.width}x${viewport.height}.png` });
      await expectAccessible(page);
      const menu = await openBoardMenu(page);
      await expect(menu.getByLabel('Estação')).toBeVisible();
      await expect(menu.getByRole('radiogroup', { name: 'Densidade dos cartões' })).toBeVisible();
      await expectAccessible(page);
      await closeBoardMenu(page);
      await context.close();
    }
  });

  test('a long ticket folds its extra items behind "+N itens"; the drawer shows them all', async ({ page, request }) => {
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const long = await placeOrder(request, kitchen, { ...PICKUP, ...LONG });
    await openBoard(page);
    await revealCard(page, long.Codigo);
    const c = card(page, long.Codigo);
    await expect(c.getByTestId('folded-items')).toHaveText('+2 itens (com observações)');
    await expect(c.getByRole('list', { name: 'Itens do pedido' }).getByRole('listitem')).toHaveCount(4);
    // The order's note is never folded.
    await expect(c.getByTestId('order-note')).toHaveText('Obs.: Alergia a amendoim');
    await c.getByRole('button', { name: new RegExp(`^Abrir detalhes do pedido #${long.Codigo} `) }).click();
    const drawer = page.getByRole('dialog', { name: `Pedido #${long.Codigo}` });
    await expect(drawer.getByText('Brownie')).toBeVisible();
    await expect(drawer.getByText('Milkshake')).toBeVisible();
  });

  test('a reload nobody touches comes back live and chimes for a new order (Chromium that lets the board play)', async ({ browser, baseURL, request, playwright }) => {
    test.setTimeout(120_000);
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const storage = await startedOnce(browser, baseURL!);
    // Chrome lets an installed home-screen app play without a gesture; this flag is that permission.
    const allowing = await playwright.chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args, '--autoplay-policy=no-user-gesture-required'] });
    try {
      const { context, page } = await rememberedDevice(allowing, baseURL!, storage);
      // No start dialog, no tap: live, with sound.
      await expect(page.getByTestId('connection-mode')).toHaveText('ao vivo');
      await expect(page.getByRole('dialog', { name: 'Iniciar monitoramento' })).toBeHidden();
      await expect.poll(() => page.evaluate(() => window.__balcaoSoundResumed)).toBe('ok');
      await expect(page.getByTestId('sound-on')).toBeVisible();
      await expect(page.getByTestId('sound-overlay')).toHaveCount(0);
      const before = await audioPlays(page);
      const fresh = await placeOrder(request, kitchen);
      await revealCard(page, fresh.Codigo);
      await expect(card(page, fresh.Codigo)).toHaveAttribute('data-ringing', 'true');
      await expect.poll(() => audioPlays(page)).toBeGreaterThan(before);
      // And again after a reload (a power blip): still nobody touches it.
      await page.reload();
      await expect(page.getByTestId('connection-mode')).toHaveText('ao vivo');
      await expect(page.getByRole('dialog', { name: 'Iniciar monitoramento' })).toBeHidden();
      await expect.poll(() => page.evaluate(() => window.__balcaoSoundResumed)).toBe('ok');
      const another = await placeOrder(request, kitchen);
      await revealCard(page, another.Codigo);
      await expect(card(page, another.Codigo)).toHaveAttribute('data-ringing', 'true');
      await expect.poll(() => audioPlays(page)).toBeGreaterThanOrEqual(1);
      await expectAccessible(page);
      await context.close();
    } finally {
      await allowing.close();
    }
  });

  test('when the browser refuses the chime, "Toque para reativar o som" covers the board and new tickets flash until a tap', async ({ browser, baseURL, request, playwright }) => {
    test.setTimeout(120_000);
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const storage = await startedOnce(browser, baseURL!);
    // A web page's default in Chrome: no audio until the person interacts with the page. Headless
    // Chromium applies it unevenly (the same page was refused in one context and allowed in
    // another), so the page's AudioContext follows that rule here: suspended, resume() never
    // settling, until a pointer or key press on the page.
    const refusing = await playwright.chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args, '--autoplay-policy=document-user-activation-required'] });
    const { context, page } = await rememberedDevice(refusing, baseURL!, storage, () => {
      let allowed = false;
      for (const type of ['pointerdown', 'keydown']) addEventListener(type, () => (allowed = true), true);
      const state = Object.getOwnPropertyDescriptor(BaseAudioContext.prototype, 'state')!;
      Object.defineProperty(BaseAudioContext.prototype, 'state', { configurable: true, get() { return allowed ? state.get!.call(this) : 'suspended'; } });
      const resume = AudioContext.prototype.resume;
      AudioContext.prototype.resume = function (this: AudioContext) {
        return allowed ? resume.call(this) : new Promise<void>(() => {});
      };
    });
    await expect(page.getByTestId('connection-mode')).toHaveText('ao vivo');
    await expect(page.getByRole('dialog', { name: 'Iniciar monitoramento' })).toBeHidden();
    const overlay = await soundOverlay(page);
    await expect(overlay).toBeVisible();
    await expect(overlay).toBeFocused();
    const box = (await overlay.boundingBox())!;
    expect(box.width).toBe(1280);
    expect(box.height).toBe(800);
    await expectAccessible(page);
    // A new order: its ticket calls, flashing behind the overlay; nothing could be played.
    const fresh = await placeOrder(request, kitchen);
    await revealCard(page, fresh.Codigo);
    await expect(card(page, fresh.Codigo)).toHaveAttribute('data-ringing', 'true');
    await expect(page.getByTestId('order-board')).toHaveAttribute('data-silent', 'true');
    expect(await audioPlays(page)).toBe(0);
    // One tap: the sound is back and the waiting orders call.
    await overlay.click();
    await expect(page.getByTestId('sound-overlay')).toHaveCount(0);
    await expect(page.getByTestId('order-board')).not.toHaveAttribute('data-silent', 'true');
    await expect.poll(() => audioPlays(page)).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('sound-on')).toBeVisible();
    await context.close();
    await refusing.close();
  });

  test('bump bar: three Enters move three orders, the focus going to the next ticket of the column each time', async ({ page, request }) => {
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const mine: Order[] = [];
    for (let i = 0; i < 4; i++) mine.push(await placeOrder(request, kitchen, PICKUP));
    await openBoard(page);
    await revealCard(page, mine[0].Codigo);
    await card(page, mine[0].Codigo).focus();
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Enter');
      // The next ticket of the Pendente column has the focus (never the page).
      await expect(card(page, mine[i + 1].Codigo)).toBeFocused();
    }
    for (const o of mine.slice(0, 3)) await expect.poll(async () => (await getOrder(request, kitchen, o.Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Aceito);
    expect((await getOrder(request, kitchen, mine[3].Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Pendente);
    // The arrows still work from there.
    await page.keyboard.press('ArrowUp');
    await expect(page.getByTestId(`column-${ORDER_STATE.Pendente}`).locator('[data-testid="order-card"]:focus')).toHaveCount(1);
  });

  test('automatic refresh off is never silent: "Atualização pausada" in the bar, what it missed, one tap to resume', async ({ page, request }) => {
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    await openBoard(page);
    const menu = await openBoardMenu(page);
    await menu.getByRole('switch', { name: 'Atualização automática' }).uncheck();
    await closeBoardMenu(page);
    const paused = page.getByTestId('paused-bar');
    await expect(paused).toContainText('Atualização pausada');
    await expect(page.getByTestId('connection-mode')).toHaveAttribute('data-mode', 'paused');
    await expectAccessible(page);
    const fresh = await placeOrder(request, kitchen);
    // The paused board does not show it, and says what it is holding back.
    await expect(paused).toContainText(/\d+ alteraç(ão|ões) não exibidas?/);
    await expect(card(page, fresh.Codigo)).toHaveCount(0);
    await paused.getByRole('button', { name: 'Retomar' }).click();
    await expect(page.getByTestId('connection-mode')).toHaveText('ao vivo');
    await revealCard(page, fresh.Codigo);
    await expect(card(page, fresh.Codigo)).toBeVisible();
    // The switch follows.
    const again = await openBoardMenu(page);
    await expect(again.getByRole('switch', { name: 'Atualização automática' })).toBeChecked();
    await closeBoardMenu(page);
  });

  test('the first start on a device still shows the spec dialog; the kitchen account signs in to it', async ({ page }) => {
    await signIn(page, 'cozinha@balcao.dev');
    await page.waitForURL((u) => u.pathname === '/meepFood/painel');
    await expect(page.getByRole('dialog', { name: 'Iniciar monitoramento' })).toBeVisible();
    await expectAccessible(page);
  });
});
