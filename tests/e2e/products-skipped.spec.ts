import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test.describe('skipped products (Produtos pulados)', () => {
  test('lists what the list sync skipped, removes one after confirming, and says so when none is left', async ({ page }) => {
    await openAs(page, 'gerente@balcao.dev', '/dashboard');
    // Offered in the products menu now that it is built.
    await page.getByTestId('menu-group-produtos').click();
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Produtos pulados' }).click();
    await expect(page).toHaveURL(/\/produtos\/skippedproducts$/);
    await expect(page.getByRole('heading', { name: 'Produtos pulados', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Produtos pulados · Balcão');
    const rows = page.getByTestId('skipped-product');
    await expect(rows).toHaveCount(4);
    await expect(rows.first()).toContainText('Valor variável');
    await expect(rows.first()).toContainText('Cardápio completo');
    await expect(rows.first()).toContainText('POS Caixa 1');
    await expect(rows.first()).toContainText('Produto inativo no cadastro.');
    await expect(rows.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expectAccessible(page);

    // Cancel keeps it; confirming removes it.
    await page.getByRole('button', { name: 'Remover Brownie com sorvete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover produto pulado' });
    await expect(dialog).toContainText('Remover o aviso de Brownie com sorvete? O produto continua no cadastro; esta ação não pode ser desfeita.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(4);
    await page.getByRole('button', { name: 'Remover Brownie com sorvete' }).click();
    await dialog.getByRole('button', { name: 'Remover' }).click();
    await expect(toast(page, 'Produto pulado removido com sucesso!')).toBeVisible();
    await expect(rows).toHaveCount(3);
    await expect(page.getByRole('cell', { name: 'Brownie com sorvete' })).toHaveCount(0);
    // It stays gone after a reload (the server removed it).
    await page.reload();
    await expect(rows).toHaveCount(3);
  });

  test('the school removes its only one and sees the empty state; the kitchen tablet has no access', async ({ page, browser, server }) => {
    await openAs(page, 'escola@balcao.dev', '/produtos/skippedproducts');
    const rows = page.getByTestId('skipped-product');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Coxinha assada');
    await page.getByRole('button', { name: 'Remover Coxinha assada' }).click();
    await page.getByRole('dialog', { name: 'Remover produto pulado' }).getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Nenhum produto pulado. Todos os produtos das listas chegaram aos equipamentos.')).toBeVisible();
    await expectAccessible(page);

    const context = await browser.newContext({ baseURL: server.url });
    const kitchen = await context.newPage();
    await openAs(kitchen, 'cozinha@balcao.dev', '/produtos/skippedproducts');
    await kitchen.waitForURL((u) => u.pathname === '/acessonegado');
    await expectAccessible(kitchen);
    await context.close();
  });
});
