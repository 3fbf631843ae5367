/**
 * The waiter's phone (issue 18) in a 390×844 touch viewport: sign in as the waiter, enter a table
 * order with add-ons offline, reconnect, see it exactly once on the kitchen board (second browser
 * context); the kitchen marks it ready → the phone highlights it and calls (chime asked through the
 * audio layer's test hook) → "Entregue à mesa", tapped offline and applied once when the network returns.
 */
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Order } from '../../src/shared/contract/orders';
import { KDS_PATHS, ORDER_STATE } from '../../src/shared/orders';
import { expectAccessible } from './axe';
import { expect, openAs, signIn, test } from './fixtures';
import { WAITER_PATHS } from '../../src/shared/contract/waiter';
import { apiLogin, card, newBoardContext, openBoard, placeOrder, revealCard, runCommand } from './orders-helpers';
import { waiterPhone } from './waiter-helpers';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const SHOTS = '/tmp/waiter-shots';

async function phone(browser: Browser, baseURL: string) {
  // Chromium's headless vibrate does nothing observable: record what the screen asks for.
  const recordVibrations = (context: BrowserContext) =>
    context.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { __vibrations: unknown[] }).__vibrations = calls;
      Object.defineProperty(navigator, 'vibrate', { configurable: true, value: (p: unknown) => (calls.push(p), true) });
    });
  const { context, page } = await waiterPhone(browser, baseURL, { init: recordVibrations });
  // A failure report then says why the phone's page went wrong (an uncaught error, a crash).
  page.on('crash', () => console.log('[phone] page crashed'));
  page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && console.log(`[phone console] ${m.text()}`));
  return { context, page };
}

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const alertsOf = (page: Page) => page.evaluate(() => window.__balcaoWaiterAlerts ?? []);
const vibrations = (page: Page) => page.evaluate(() => (window as unknown as { __vibrations?: unknown[] }).__vibrations?.length ?? 0);
const chimesAsked = (page: Page) => page.evaluate(() => window.__balcaoAudio?.requested ?? 0);

test.describe('waiter phone', () => {
  test.describe.configure({ mode: 'serial' });

  test('an order with add-ons entered offline reaches the board once; ready calls the waiter; delivered offline is applied once', async ({ browser, server, request }) => {
    test.setTimeout(180_000);
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    // A table with nothing open and no bill: the worker's server is shared with the other table specs.
    const waiterApi = await apiLogin(request, 'garcom@balcao.dev');
    const mesas = ((await (await request.get(`${WAITER_PATHS.tables}?localClienteId=${waiterApi.localId}`, { headers: waiterApi.auth })).json()) as { Mesas: Array<{ Nome: string; Abertos: number; Conta?: number }> }).Mesas;
    const mesa = mesas.find((m) => m.Nome === 'Mesa 5' && m.Abertos === 0 && !m.Conta)?.Nome ?? mesas.find((m) => m.Abertos === 0 && !m.Conta)!.Nome;
    const w = await phone(browser, server.url);
    const k = await newBoardContext(browser, server.url);
    try {
      // Sign in: a waiter-only account lands on its own screen, with no sidebar.
      await signIn(w.page, 'garcom@balcao.dev');
      await w.page.waitForURL((u) => u.pathname === '/garcom');
      await expect(w.page.getByRole('heading', { name: 'Mesas', level: 1 })).toBeVisible();
      await expect(w.page).toHaveTitle('Garçom · Balcão');
      await expect(w.page.getByRole('button', { name: /Abrir menu|Fechar menu/ })).toHaveCount(0);
      await expect(w.page.getByTestId('table-card')).toHaveCount(12);
      // The seeded ready order (Mesa 1) stands out and has called.
      await expect(w.page.getByTestId('ready-order').first()).toBeVisible();
      await expect.poll(() => chimesAsked(w.page)).toBeGreaterThan(0);
      await shot(w.page, '01-mesas');
      await expectAccessible(w.page);
      // Every tap target of the service view is at least 48 px high.
      for (const b of await w.page.getByTestId('table-card').all()) expect((await b.boundingBox())!.height).toBeGreaterThanOrEqual(48);

      await openBoard(k.page);
      const boardCardsOfTable = k.page.locator('[data-testid="order-card"]', { hasText: mesa });
      await expect(boardCardsOfTable).toHaveCount(0);

      // Table 5, new order: the menu is already in the phone's cache.
      await w.page.locator(`[data-testid="table-card"][data-mesa="${mesa}"]`).tap();
      await expect(w.page.getByRole('heading', { name: mesa, level: 1 })).toBeVisible();
      await expect(w.page.getByText('Nenhum pedido aberto')).toBeVisible();
      await expectAccessible(w.page);
      await w.page.getByRole('button', { name: 'Novo pedido' }).tap();
      await expect(w.page.getByTestId('menu-product').first()).toBeVisible();
      await shot(w.page, '02-cardapio');
      await expectAccessible(w.page);

      // The network goes away.
      await w.context.setOffline(true);
      await w.page.getByLabel('Buscar produto').fill('burger');
      await expect(w.page.getByTestId('menu-product')).toHaveCount(1);
      await w.page.getByTestId('menu-product').tap();
      const sheet = w.page.getByRole('dialog', { name: 'X-Burger' });
      await expect(sheet).toBeVisible();
      await sheet.getByRole('button', { name: 'Mais Bacon extra' }).tap();
      await sheet.getByRole('button', { name: 'Mais Bacon extra' }).tap();
      // The maximum is 2: the + button stops there.
      await expect(sheet.getByRole('button', { name: 'Mais Bacon extra' })).toBeDisabled();
      await sheet.getByRole('button', { name: 'Menos Bacon extra' }).tap();
      await sheet.getByRole('button', { name: 'Mais Queijo extra' }).tap();
      await sheet.getByRole('button', { name: 'Mais Queijo extra' }).tap();
      await sheet.getByRole('radio', { name: 'Ao ponto' }).tap();
      await sheet.getByRole('checkbox', { name: 'Sem cebola' }).tap();
      await sheet.getByLabel('Observação do item').fill('Cortar ao meio');
      await sheet.getByRole('button', { name: 'Mais quantidade' }).tap();
      // 2 × (28,90 + 6,00 bacon + 5,00 for the second cheese; the first is free)
      await expect(sheet.getByRole('button', { name: 'Adicionar · R$ 79,80' })).toBeVisible();
      await shot(w.page, '03-produto');
      await expectAccessible(w.page);
      await sheet.getByRole('button', { name: 'Adicionar · R$ 79,80' }).tap();
      await expect(sheet).toBeHidden();

      await w.page.getByRole('button', { name: /Revisar · 2 itens · R\$ 79,80/ }).tap();
      await expect(w.page.getByRole('heading', { name: `${mesa} · Revisão`, level: 1 })).toBeVisible();
      await expect(w.page.getByTestId('cart-line')).toContainText('2x Queijo extra (1 grátis)');
      await w.page.getByLabel('Observação do pedido').fill('Cliente com pressa');
      await shot(w.page, '04-revisao');
      await expectAccessible(w.page);
      await w.page.getByRole('button', { name: 'Enviar para a cozinha' }).tap();

      // Queued: shown as pending on the table, nothing reached the server.
      await expect(w.page.getByRole('heading', { name: mesa, level: 1 })).toBeVisible();
      const pending = w.page.getByTestId('pending-order');
      await expect(pending).toContainText('Aguardando conexão');
      await expect(pending).toContainText('R$ 79,80');
      await expect(w.page.getByTestId('offline-badge')).toContainText(/Sem conexão desde \d{2}:\d{2}/);
      await shot(w.page, '05-pendente');
      await expectAccessible(w.page);
      await expect(boardCardsOfTable).toHaveCount(0);

      // The network returns: the queue drains by itself; the board shows it within a second of the server's answer.
      const answered = w.page.waitForResponse((r) => r.url().includes(KDS_PATHS.intake) && r.status() === 201, { timeout: 30_000 });
      await w.context.setOffline(false);
      await answered;
      await expect(boardCardsOfTable).toHaveCount(1, { timeout: 1_000 });
      await expect(pending).toHaveCount(0, { timeout: 10_000 });
      const boardCard = boardCardsOfTable.first();
      await expect(boardCard).toContainText('1x Bacon extra');
      await expect(boardCard).toContainText('2x Queijo extra (1 grátis)');
      const codigo = (await boardCard.getAttribute('data-codigo'))!;
      // Exactly once on the server.
      const list = await request.get(`${KDS_PATHS.list}?localClienteId=${kitchen.localId}&modo=ativos`, { headers: kitchen.auth });
      const mine = ((await list.json()).items as Order[]).filter((o) => o.Mesa === mesa);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ ValorTotal: 79.8, ObservacaoPedido: 'Cliente com pressa', TipoEntrega: 3 });
      await expect(w.page.getByTestId('open-order')).toHaveCount(1);

      // The kitchen works it and marks it ready ("Pedido pronto").
      // The board may hold many orders (other specs share this server): bring the card into its column's view first.
      const c = card(k.page, codigo);
      await revealCard(k.page, codigo);
      await c.getByRole('button', { name: 'Aceitar' }).click();
      const perOrderTime = k.page.getByRole('dialog', { name: `Aceitar pedido #${codigo}` });
      if (await perOrderTime.isVisible()) await perOrderTime.getByRole('button', { name: 'Aceitar' }).click();
      await revealCard(k.page, codigo);
      await c.getByRole('button', { name: 'Iniciar' }).click();
      const alertsBefore = (await alertsOf(w.page)).filter((x) => x === codigo).length;
      const chimesBefore = await chimesAsked(w.page);
      const vibrationsBefore = await vibrations(w.page);
      expect(alertsBefore).toBe(0);
      await revealCard(k.page, codigo);
      await c.getByRole('button', { name: 'Pedido pronto' }).click();

      // The waiter's phone: highlighted, chimed (asked through the hook), until delivered.
      const ready = w.page.locator(`[data-testid="ready-order"][data-codigo="${codigo}"]`);
      await expect(ready).toBeVisible({ timeout: 15_000 });
      await expect.poll(async () => (await alertsOf(w.page)).filter((x) => x === codigo).length).toBe(1);
      expect(await chimesAsked(w.page)).toBeGreaterThan(chimesBefore);
      expect(await vibrations(w.page)).toBeGreaterThan(vibrationsBefore);
      await shot(w.page, '06-pronto');
      await expectAccessible(w.page);

      // "Entregue à mesa" tapped without network: queued, shown as pending, applied once when it returns.
      await w.context.setOffline(true);
      await ready.getByRole('button', { name: `Entregue à mesa: pedido #${codigo}` }).tap();
      await expect(w.page.locator(`[data-codigo="${codigo}"]`).getByTestId('pending-delivery')).toBeVisible({ timeout: 10_000 });
      await shot(w.page, '07-entrega-pendente');
      await expectAccessible(w.page);
      const id = mine[0].Id;
      expect((await (await request.get(KDS_PATHS.orderForPrint(id), { headers: kitchen.auth })).json()).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.EmTransporte);
      await w.context.setOffline(false);
      await expect(w.page.locator(`[data-codigo="${codigo}"]`)).toHaveCount(0, { timeout: 30_000 });
      const after = (await (await request.get(KDS_PATHS.orderForPrint(id), { headers: kitchen.auth })).json()) as Order;
      expect(after.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Entregue);
      expect(after.HistoricoEstados.filter((h) => h.EstadoId === ORDER_STATE.Entregue)).toHaveLength(1);
      await expect(card(k.page, codigo)).toHaveCount(0, { timeout: 5_000 });
      await shot(w.page, '08-entregue');
    } finally {
      await w.context.close();
      await k.context.close();
    }
  });

  test('with six orders ready the tables stay on the first screen; the cardápio is grouped by category with add-ons inside their dish', async ({ browser, server, request }) => {
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const waiter = await apiLogin(request, 'garcom@balcao.dev');
    const tables = (await (await request.get(`${WAITER_PATHS.tables}?localClienteId=${waiter.localId}`, { headers: waiter.auth })).json()) as { Mesas: Array<{ Id: string; Nome: string }> };
    const before = (await (await request.get(`${WAITER_PATHS.tables}?localClienteId=${waiter.localId}`, { headers: waiter.auth })).json()) as { Prontos: number };
    // Six more table orders, worked by the kitchen up to "Pedido pronto".
    for (const mesa of tables.Mesas.slice(6, 12)) {
      const o = await placeOrder(request, kitchen, { TipoEntrega: 3, MesaId: mesa.Id, Cliente: { Nome: mesa.Nome }, TipoPagamentoId: 1 });
      for (const c of ['acceptOrder', 'startOrder', 'readyToPickup'] as const) expect((await runCommand(request, kitchen, c, { Id: o.Id })).status()).toBe(200);
    }
    const ready = before.Prontos + 6;
    const w = await phone(browser, server.url);
    try {
      await openAs(w.page, 'garcom@balcao.dev', '/garcom');
      await expect(w.page.getByRole('heading', { name: `Prontos para servir (${ready})` })).toBeVisible();
      // The oldest three are rows with their own "Entregue à mesa"; the rest wait behind one tap.
      await expect(w.page.getByTestId('ready-order')).toHaveCount(3);
      // The first row of tables starts within the 844 px screen, without scrolling.
      const firstTable = w.page.getByTestId('table-card').first();
      const box = (await firstTable.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      await shot(w.page, '09-seis-prontos');
      await expectAccessible(w.page);
      await w.page.getByRole('button', { name: `Mostrar todos os prontos (mais ${ready - 3})` }).tap();
      await expect(w.page.getByTestId('ready-order')).toHaveCount(ready);
      // A row's items open on demand.
      const row = w.page.getByTestId('ready-order').first();
      const toggle = row.getByRole('button', { name: /ver itens/ });
      await toggle.tap();
      await expect(row.getByRole('button', { name: /ocultar itens/ })).toHaveAttribute('aria-expanded', 'true');
      await expect(row.getByRole('listitem').first()).toBeVisible();
      await expectAccessible(w.page);

      // The cardápio: one section per category, dishes only; an add-on is offered inside its dish.
      await w.page.locator('[data-testid="table-card"][data-mesa="Mesa 2"]').tap();
      await w.page.getByRole('button', { name: 'Novo pedido' }).tap();
      const lanches = w.page.getByRole('region', { name: 'Lanches' });
      await expect(lanches.getByTestId('menu-product')).toHaveCount(3);
      await expect(w.page.getByRole('region', { name: 'Bebidas' })).toBeVisible();
      await expect(w.page.getByRole('heading', { name: 'Adicionais' })).toHaveCount(0);
      await expect(w.page.getByTestId('menu-product').filter({ hasText: 'Bacon extra' })).toHaveCount(0);
      await shot(w.page, '10-cardapio-por-categoria');
      await expectAccessible(w.page);
      await lanches.getByTestId('menu-product').filter({ hasText: 'X-Burger' }).tap();
      await expect(w.page.getByRole('dialog', { name: 'X-Burger' }).getByRole('button', { name: 'Mais Bacon extra' })).toBeVisible();
    } finally {
      await w.context.close();
    }
  });

  test('the installed app opening at "/" takes a waiter to /garcom; a manager still sees the back office', async ({ browser, server }) => {
    const w = await phone(browser, server.url);
    try {
      await signIn(w.page, 'garcom@balcao.dev');
      await w.page.waitForURL((u) => u.pathname === '/garcom');
      await w.page.goto('/');
      await w.page.waitForURL((u) => u.pathname === '/garcom');
      await expect(w.page.getByRole('heading', { name: 'Mesas', level: 1 })).toBeVisible();
      // A page of the back office is refused to the waiter's role.
      await w.page.goto('/produtos/produto');
      await w.page.waitForURL((u) => u.pathname === '/acessonegado' || u.pathname === '/produtos/produto');
    } finally {
      await w.context.close();
    }
  });
});
