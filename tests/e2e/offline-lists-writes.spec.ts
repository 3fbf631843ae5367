/**
 * Issue 28, writes while offline on the back office's lists: a save is refused at once with the
 * customers page's message and the form stays open with what was typed; a delete is refused and the
 * row stays. Nothing reaches the server.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';
import { savedSince } from './offline-lists-helpers';

test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'offline-lists-writes' } });
// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 180_000 });

const OFFLINE_WRITE = 'Sem conexão: nada foi salvo. O que você digitou continua no formulário; salve de novo quando a conexão voltar.';
const OFFLINE_ACTION = 'Sem conexão: nada foi alterado. Tente de novo quando a conexão voltar.';
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function signInOnline(page: Page) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openAs(page, 'gerente@balcao.dev', '/dashboard');
  // The service worker serves the code a dialog loads while offline.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The browser goes offline; a write that still left the page would be counted. */
async function goOffline(context: BrowserContext): Promise<() => number> {
  let writes = 0;
  await context.route('**/api/**', (route) => {
    if (route.request().method() !== 'GET') writes += 1;
    return route.abort('internetdisconnected');
  });
  await context.setOffline(true);
  return () => writes;
}

const NEW_DIALOGS: Array<{ path: string; root: string; add: string; dialog: string; label?: string; value: string; more?: (page: Page) => Promise<void> }> = [
  { path: '/produtos/categorias', root: 'product-categories', add: 'Nova categoria', dialog: 'Nova categoria', value: 'Sobremesas sem rede' },
  { path: '/cadastro/categoriaClientes', root: 'customer-categories', add: 'Nova categoria', dialog: 'Nova categoria de cliente', label: 'Descrição', value: 'Clientes sem rede' },
  {
    path: '/cadastro/formasPagamento',
    root: 'payment-methods',
    add: 'Nova forma de pagamento',
    dialog: 'Nova forma de pagamento',
    value: 'Vale sem rede',
    more: async (page) => {
      await page.getByRole('dialog').getByRole('combobox', { name: 'Tipo' }).click();
      await page.getByRole('option').first().click();
    },
  },
];

test('a save attempted offline is refused at once and the form keeps what was typed', async ({ page, context }) => {
  await signInOnline(page);
  for (const c of NEW_DIALOGS) {
    const since = Date.now();
    await page.goto(c.path);
    await expect(page.getByRole('button', { name: c.add }).first()).toBeVisible();
    await expect.poll(() => savedSince(page, c.root, since), c.path).toBe(true);
  }
  const writes = await goOffline(context);
  for (const [i, c] of NEW_DIALOGS.entries()) {
    // The page opened offline (from its saved copy), then its "new" form.
    await page.goto(c.path);
    await page.getByRole('button', { name: c.add }).first().click();
    const dialog = page.getByRole('dialog', { name: c.dialog });
    await dialog.getByRole('textbox', { name: c.label ?? 'Nome' }).fill(c.value);
    await c.more?.(page);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, OFFLINE_WRITE), c.path).toBeVisible();
    await expect(dialog, c.path).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: c.label ?? 'Nome' }), c.path).toHaveValue(c.value);
    await expect(dialog.getByRole('button', { name: 'Salvar' })).toBeEnabled();
    if (i === 0) await expectAccessible(page);
  }
  expect(writes()).toBe(0);
  await context.setOffline(false);
});

test('a delete attempted offline is refused and the row stays', async ({ page, context }) => {
  await signInOnline(page);
  const since = Date.now();
  await page.goto('/cadastro/formasPagamento');
  const firstDelete = page.getByRole('button', { name: /^Excluir / }).first();
  await expect(firstDelete).toBeVisible();
  await expect.poll(() => savedSince(page, 'payment-methods', since)).toBe(true);
  const name = (await firstDelete.getAttribute('aria-label'))!;
  const writes = await goOffline(context);
  await page.goto('/cadastro/formasPagamento');
  await page.getByRole('button', { name }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, OFFLINE_ACTION)).toBeVisible();
  await expect(page.getByRole('button', { name })).toBeVisible();
  expect(writes()).toBe(0);
  await context.setOffline(false);
});
