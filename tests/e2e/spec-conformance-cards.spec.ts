/**
 * Issue 40, run as an admin of three places and as a one-place manager:
 * - E03 (spec 000 §2, stores): "Cards with image, name, categories (a count when more than 3)".
 * - I02 (spec 001 §2.5, sales points): "linked devices (name or type plus index)".
 */
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

for (const email of ['admin@balcao.dev', 'gerente@balcao.dev']) {
  test(`store cards count categories past three; sales point cards name unnamed devices by type and index (${email})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    await openAs(page, email, '/cadastro/stores');
    await expect(page.getByRole('heading', { name: 'Cadastro de lojas' })).toBeVisible();
    // The seeded kitchen store has four categories: three badges and a count of the rest.
    const kitchen = page.getByRole('article', { name: 'Loja Cozinha principal' });
    await expect(kitchen.locator('.mantine-Badge-root').filter({ hasText: /^\+1$/ })).toHaveCount(1);
    await expect(kitchen.locator('.mantine-Badge-root[data-variant="outline"]')).toHaveCount(3);
    await expectAccessible(page);
    await page.screenshot({ path: `/tmp/pw-spec-shots/stores-${email.split('@')[0]}.png` });

    await page.goto('/admin/equipamentos/pontoDeVendas');
    await expect(page.getByRole('heading', { name: 'Ponto de Vendas', level: 1 })).toBeVisible();
    const bar = page.getByRole('article', { name: 'Bar', exact: true });
    // The Bar's devices: "POS+ do bar" (named) and an unnamed App: "App 1".
    await expect(bar.getByTestId('linked-devices')).toContainText('POS+ do bar');
    await expect(bar.getByTestId('linked-devices').getByText(/^App 1 \(IMEI final \d{4}\)$/)).toHaveCount(1);
    await expectAccessible(page);
    await bar.screenshot({ path: `/tmp/pw-spec-shots/bar-${email.split('@')[0]}.png` });
  });
}
