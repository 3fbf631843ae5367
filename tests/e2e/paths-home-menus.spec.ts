/**
 * The manager's home opens on today's figures (orders, revenue, orders waiting on the board) with the
 * shortcuts below, and the menus follow the place's type: a school manager gets no restaurant-only
 * menus (Meep Food, Pós-pago) and no board figure; the restaurant's manager gets both.
 */
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

test.describe('home and menus by place type', () => {
  test("the restaurant manager's home: today's figures on top, shortcuts below, restaurant menus", async ({ page }) => {
    await openAs(page, 'gerente@balcao.dev', '/dashboard');
    const today = page.getByRole('heading', { name: 'Hoje' });
    await expect(today).toBeVisible();
    for (const label of ['Pedidos', 'Faturamento', 'Aguardando aceite']) {
      const figure = page.getByRole('region', { name: label });
      await expect(figure).toBeVisible();
      await expect(figure.getByText('Não foi possível carregar.')).toHaveCount(0);
    }
    await expect(page.getByRole('region', { name: 'Faturamento' })).toContainText('R$');
    await expect(page.getByRole('region', { name: 'Aguardando aceite' })).toContainText('em andamento no painel');
    // The figures come before the shortcuts.
    const shortcuts = page.getByRole('heading', { name: 'Atalhos' });
    await expect(shortcuts).toBeVisible();
    const [top, below] = await Promise.all([today.boundingBox(), shortcuts.boundingBox()]);
    expect(top!.y).toBeLessThan(below!.y);
    await expect(page.getByTestId('menu-group-food')).toBeVisible();
    await page.getByRole('link', { name: 'Abrir painel de pedidos' }).click();
    await page.waitForURL((u) => u.pathname.toLowerCase() === '/meepfood/painel');
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Hoje' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a school manager sees no restaurant-only menus and no board figure', async ({ page }) => {
    await openAs(page, 'escola@balcao.dev', '/dashboard');
    await expect(page.getByText('Colégio Horizonte').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Hoje' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pedidos' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Aguardando aceite' })).toHaveCount(0);
    await expect(page.getByTestId('menu-group-produtos')).toBeVisible();
    await expect(page.getByTestId('menu-group-food')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Painel de pedidos' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Garçom' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
