/**
 * S127 (spec 001 §8 "Bank accounts screen fetch failure"): when the list cannot be loaded the screen
 * says "Falha ao obter contas bancárias", never "Nenhuma conta bancária cadastrada.".
 */
import { expectAccessible } from './axe';
import { expect, openAs, signInAs, test } from './fixtures';

for (const email of ['admin@balcao.dev', 'gerente@balcao.dev']) {
  test(`a failed bank-accounts load says the spec's text (${email})`, async ({ page }) => {
    await signInAs(page, email);
    await page.route('**/api/ContaBancaria/BuscarDoLocal/**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"Message":"Ocorreu um erro! Tente novamente"}' }));
    await page.goto('/configuracoes/contasBancarias');
    await expect(page.getByRole('heading', { name: 'Contas bancárias', level: 1 })).toBeVisible();
    await expect(page.getByText('Falha ao obter contas bancárias')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Nenhuma conta bancária cadastrada.')).toHaveCount(0);
    await expectAccessible(page);
  });
}

/** A54 (spec 000: "Sidebar collapses under 900px"): shrinking the window below 900 px closes an open sidebar. */
for (const email of ['admin@balcao.dev', 'gerente@balcao.dev']) {
  test(`the sidebar closes when the window shrinks below 900 px (${email})`, async ({ page }) => {
    // Two viewports and an axe pass on a shared, loaded machine: more than the default minute.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openAs(page, email, '/dashboard');
    await expect(page.getByRole('button', { name: 'Fechar menu' })).toBeVisible();
    await page.setViewportSize({ width: 880, height: 800 });
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();
    await expect(page.locator('#portal-sidebar')).toHaveAttribute('data-collapsed', 'true');
    // Opening it again by hand at that width is still possible.
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.getByRole('button', { name: 'Fechar menu' })).toBeVisible();
    await expectAccessible(page);
  });
}
