import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { ORDER_STATE } from '../../src/shared/orders';
import { expect, test } from './fixtures';
import { apiLogin, card, getOrder, newBoardContext, openBoard, placeOrder, revealCard, resumeAfterReload, type ApiSession } from './orders-helpers';
import { persistedCache } from './waiter-helpers';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** The API is unreachable for this browser (the static app still loads, without relying on the service worker). */
async function cutApi(context: BrowserContext) {
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}
async function restoreApi(context: BrowserContext) {
  await context.unroute('**/api/**');
}


/** Aceitar on a card, confirming the per-order delivery time when the venue asks for one. */
async function acceptOnCard(page: Page, cardLocator: Locator, codigo: string) {
  await cardLocator.getByRole('button', { name: 'Aceitar' }).click();
  const perOrderTime = page.getByRole('dialog', { name: `Aceitar pedido #${codigo}` });
  if (await perOrderTime.isVisible()) await perOrderTime.getByRole('button', { name: 'Aceitar' }).click();
}

/** The kitchen's API session, a new order and a board tablet showing its card (the caller closes `context`). */
async function boardShowingNewOrder(browser: Browser, request: APIRequestContext, baseURL: string) {
  const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
  const order = await placeOrder(request, kitchen);
  const { context, page } = await newBoardContext(browser, baseURL);
  try {
    await openBoard(page);
    await revealCard(page, order.Codigo);
    const c = card(page, order.Codigo);
    await expect(c).toBeVisible();
    return { kitchen, order, context, page, c };
  } catch (e) {
    await context.close();
    throw e;
  }
}

/** The server has the order accepted, with exactly one state change to Aceito. */
async function expectAcceptedOnce(request: APIRequestContext, kitchen: ApiSession, orderId: string) {
  const after = await getOrder(request, kitchen, orderId);
  expect(after.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Aceito);
  expect(after.HistoricoEstados.filter((h) => h.EstadoId === ORDER_STATE.Aceito)).toHaveLength(1);
}

test.describe('offline board', () => {
  test.describe.configure({ mode: 'serial' });

  test('a lost answer (the server committed, the answer was dropped, the page closed) is replayed without a duplicate', async ({ browser, server, request }) => {
    test.setTimeout(120_000);
    const { kitchen, order, context, page, c } = await boardShowingNewOrder(browser, request, server.url);
    try {
      // The accept reaches the server, which commits it; its answer never reaches the tablet.
      let committed = false;
      await context.route('**/api/kds/acceptOrder', async (route) => {
        await route.fetch();
        committed = true;
        await route.abort('connectionreset');
      });
      await acceptOnCard(page, c, order.Codigo);
      await expect.poll(() => committed).toBe(true);
      await page.close();

      // A new page on the same tablet replays the queued command with the same Idempotency-Key.
      await context.unroute('**/api/kds/acceptOrder');
      const again = await context.newPage();
      await again.goto('/meepFood/painel');
      await resumeAfterReload(again);
      await revealCard(again, order.Codigo);
      await expect(card(again, order.Codigo).getByTestId('pending-badge')).toHaveCount(0, { timeout: 60_000 });
      await expectAcceptedOnce(request, kitchen, order.Id);
    } finally {
      await context.close();
    }
  });

  test('without the server the board renders from cache; an accept made offline waits, survives a reload and is applied exactly once', async ({ browser, server, request }) => {
    test.setTimeout(150_000);
    const { kitchen, order, context, page, c } = await boardShowingNewOrder(browser, request, server.url);
    try {
      await expect.poll(() => persistedCache(page)).toContain(order.Id);

      await cutApi(context);
      await page.reload();
      await resumeAfterReload(page);
      await revealCard(page, order.Codigo);
      await expect(c).toBeVisible();
      await expect(c.getByText(order.Cliente.Nome)).toBeVisible();
      await expect(page.getByTestId('offline-banner')).toContainText(/Sem conexão desde \d{2}:\d{2}/);
      await expect(page.getByTestId('connection-mode')).toHaveText('sem conexão');
      // Timers keep counting from the order's creation.
      const shown = await c.getByRole('timer').textContent();
      await expect(c.getByRole('timer')).not.toHaveText(shown!);

      // Accept offline: at once on the card, with a pending badge and the bar.
      await acceptOnCard(page, c, order.Codigo);
      await expect(c).toHaveAttribute('data-state', String(ORDER_STATE.Aceito));
      await expect(c.getByTestId('pending-badge')).toHaveText('Aguardando envio');
      await expect(page.getByTestId('pending-bar')).toContainText('1 alteração aguardando envio');

      // Both survive a reload (still offline); the server has not seen anything.
      await page.reload();
      await resumeAfterReload(page);
      await revealCard(page, order.Codigo);
      await expect(c).toHaveAttribute('data-state', String(ORDER_STATE.Aceito));
      await expect(c.getByTestId('pending-badge')).toHaveText('Aguardando envio');
      await expect(page.getByTestId('pending-bar')).toContainText('1 alteração aguardando envio');
      expect((await getOrder(request, kitchen, order.Id)).WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Pendente);

      // Back online: the queue drains by itself and the badge clears.
      await restoreApi(context);
      await expect(c.getByTestId('pending-badge')).toHaveCount(0, { timeout: 60_000 });
      await expect(page.getByTestId('pending-bar')).toHaveCount(0);
      await expect(page.getByTestId('connection-mode')).not.toHaveText('sem conexão', { timeout: 30_000 });
      await expectAcceptedOnce(request, kitchen, order.Id);
    } finally {
      await context.close();
    }
  });

  test('a change another tablet overrode is named in a banner until acknowledged; the card shows the server’s truth', async ({ browser, server, request }) => {
    test.setTimeout(150_000);
    const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
    const order = await placeOrder(request, kitchen);
    const a = await newBoardContext(browser, server.url);
    const b = await newBoardContext(browser, server.url);
    try {
      await openBoard(a.page, 'cozinha@balcao.dev', '?etapas=1,2,3,4,5,6');
      await revealCard(a.page, order.Codigo);
      const onA = card(a.page, order.Codigo);
      await expect(onA).toBeVisible();

      await cutApi(a.context);
      await acceptOnCard(a.page, onA, order.Codigo);
      await expect(onA.getByTestId('pending-badge')).toHaveText('Aguardando envio');

      // Meanwhile the other tablet refuses it (with the password).
      await openBoard(b.page, 'cozinha@balcao.dev', '?etapas=1,2,3,4,5,6');
      await revealCard(b.page, order.Codigo);
      const onB = card(b.page, order.Codigo);
      await onB.getByRole('button', { name: 'Recusar' }).click();
      const refuse = b.page.getByRole('dialog', { name: `Recusar pedido #${order.Codigo}` });
      await refuse.getByLabel('Senha do usuário atual').fill('Demo#2026');
      await refuse.getByRole('button', { name: 'Recusar pedido' }).click();
      await expect(b.page.getByText('Pedido recusado com sucesso!')).toBeVisible();
      const refused = await getOrder(request, kitchen, order.Id);
      const at = refused.HistoricoEstados.find((h) => h.EstadoId === ORDER_STATE.Recusado)!.Data;
      const hhmm = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(at));

      await restoreApi(a.context);
      const banner = a.page.getByTestId('conflict-banner');
      await expect(banner).toContainText(`Aceite do pedido #${order.Codigo} não aplicado: recusado em outro dispositivo às ${hhmm}`, { timeout: 60_000 });
      await revealCard(a.page, order.Codigo);
      await expect(onA).toHaveAttribute('data-state', String(ORDER_STATE.Recusado));
      await expect(onA.getByTestId('pending-badge')).toHaveCount(0);

      // It stays until a person acknowledges it, reloads included.
      await a.page.reload();
      await resumeAfterReload(a.page);
      await expect(banner).toContainText(`Aceite do pedido #${order.Codigo} não aplicado`);
      await banner.getByRole('button', { name: 'Entendi' }).click();
      await expect(banner).toHaveCount(0);
      await a.page.reload();
      await resumeAfterReload(a.page);
      await revealCard(a.page, order.Codigo);
      await expect(onA).toHaveAttribute('data-state', String(ORDER_STATE.Recusado));
      await expect(banner).toHaveCount(0);
      // The server kept the refusal; the queued accept changed nothing.
      const final = await getOrder(request, kitchen, order.Id);
      expect(final.WorkflowInstance.CurrenteState.Id).toBe(ORDER_STATE.Recusado);
      expect(final.HistoricoEstados.some((h) => h.EstadoId === ORDER_STATE.Aceito)).toBe(false);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
