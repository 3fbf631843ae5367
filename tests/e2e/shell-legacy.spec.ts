import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

// With a legacy portal configured, its pages are offered in the menu again (and open in a frame).
test.use({ workerEnv: { LEGACY_PORTAL_URL: 'http://127.0.0.1:9/legado' } });

test('with LEGACY_PORTAL_URL the legacy pages are listed beside the built screens', async ({ page }) => {
  // The admin: the finance and accreditation tools are built (issue 17), the skipped-products list too.
  await openAs(page, 'admin@balcao.dev', '/dashboard');
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await nav.getByText('Cadastros', { exact: true }).click();
  await expect(nav.getByRole('link', { name: 'Operadores' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Clientes', exact: true })).toBeVisible();
  await expect(page.getByTestId('menu-group-financeiro')).toBeVisible();
  await nav.getByText('Administração', { exact: true }).click();
  await expect(nav.getByRole('link', { name: 'Transação Pix' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Manutenção semanal' })).toBeVisible();
  await page.getByTestId('menu-group-produtos').click();
  await expect(nav.getByRole('link', { name: 'Listas de produtos' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Produtos pulados' })).toBeVisible();
  await nav.getByRole('link', { name: 'Promoções' }).click();
  await expect(page).toHaveTitle('Promoções · Balcão');
  await expect(page.locator('iframe[title="Promoções"]')).toHaveAttribute('src', 'http://127.0.0.1:9/legado/#/cadastro/promocoes');
  await expectAccessible(page, { exclude: ['iframe'] });
});
