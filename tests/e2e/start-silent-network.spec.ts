/**
 * Wi-Fi that is connected but passes nothing (a kitchen's usual fault): the start's request for
 * /runtime-config.json neither answers nor fails. A device that has run the app before starts with
 * the configuration it saved (src/app/lib/runtime-config.ts) instead of a blank screen.
 */
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

test('a start whose configuration request never answers opens with the saved configuration', async ({ page }) => {
  await openAs(page, 'gerente@balcao.dev', '/cadastro/formasPagamento');
  const heading = page.getByRole('heading', { level: 1, name: 'Formas de pagamento' });
  await expect(heading).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('balcao.runtimeConfig'))).not.toBeNull();

  let asked = 0;
  // Held forever: neither an answer nor an error reaches the page.
  await page.route('**/runtime-config.json', () => {
    asked += 1;
    return new Promise<void>(() => undefined);
  });
  await page.reload();
  await expect(heading).toBeVisible();
  expect(asked).toBe(1);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
});
