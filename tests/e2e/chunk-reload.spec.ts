/**
 * A screen whose code fails to arrive (lib/chunk-reload.ts): the payment links screen's chunk is
 * refused once, as a service worker that misses a beat offline or a replaced release would; the
 * page reloads by itself and the list shows, never "Algo deu errado nesta tela". A chunk that never
 * arrives shows the error screen with "Recarregar", after one reload only (no loop). Axe on both.
 */
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

const PAGE_CHUNK = '**/assets/payment-links-page-*.js';

test('a screen whose code fails once is fetched again by one reload, and shows', async ({ page }) => {
  let asked = 0;
  await page.route(PAGE_CHUNK, (route) => (++asked === 1 ? route.abort('internetdisconnected') : route.continue()));
  await openAs(page, 'gerente@balcao.dev', '/cadastro/mepaylink');
  await expect(page.getByRole('heading', { level: 1, name: 'Links de pagamento' })).toBeVisible();
  await expect(page.getByTestId('link-card').first()).toBeVisible();
  await expect(page.getByText('Algo deu errado nesta tela')).toHaveCount(0);
  expect(asked, 'the chunk was refused once, then fetched again after the reload').toBe(2);
  await expectAccessible(page);
});

test('a screen whose code never arrives says so with Recarregar, after a single reload', async ({ page }) => {
  let asked = 0;
  await page.route(PAGE_CHUNK, (route) => {
    asked += 1;
    return route.abort('internetdisconnected');
  });
  await openAs(page, 'gerente@balcao.dev', '/cadastro/mepaylink');
  await expect(page.getByRole('heading', { level: 1, name: 'Algo deu errado nesta tela' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Recarregar' })).toBeVisible();
  await expect(page.getByTestId('app-error-detail')).toContainText('payment-links-page');
  expect(asked, 'one reload, then the error screen').toBe(2);
  await expectAccessible(page);
});
