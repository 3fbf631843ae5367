/**
 * Never a blank page: a screen whose code does not arrive is fetched again by one reload (as a service
 * worker that misses a beat offline, or a replaced release, would cause; lib/chunk-reload.ts); code
 * that never arrives says so in pt-BR with a way back, after that single reload; and a toast whose
 * renderer cannot load (no network on a first visit) does not take the page with it.
 * The service worker is blocked here so the page's own requests can be made to fail.
 */
import { expectAccessible } from './axe';
import { expect, openAs, signInAs, test } from './fixtures';

test.use({ serviceWorkers: 'block' });

// The payment links screen, which its route loads with React.lazy (route files' own chunks are
// reloaded by TanStack Router's lazyRouteComponent).
const PAGE_CHUNK = (url: URL) => /\/assets\/payment-links-page-[\w-]+\.js$/.test(url.pathname);

test('a page whose code fails once reloads by itself and shows, never the error screen', async ({ page }) => {
  let asked = 0;
  await signInAs(page, 'gerente@balcao.dev');
  await page.route(PAGE_CHUNK, (route) => (++asked === 1 ? route.abort('internetdisconnected') : route.continue()));
  await page.goto('/cadastro/mepaylink');
  await expect(page.getByRole('heading', { name: 'Links de pagamento', level: 1 })).toBeVisible();
  await expect(page.getByText('Algo deu errado nesta tela')).toHaveCount(0);
  expect(asked, 'refused once, fetched again after the reload').toBe(2);
  await expectAccessible(page);
});

test('a page whose code never loads shows the error screen after one reload, and Recarregar brings it back', async ({ page }) => {
  let asked = 0;
  await signInAs(page, 'gerente@balcao.dev');
  await page.route(PAGE_CHUNK, (route) => {
    asked += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto('/cadastro/mepaylink');
  await expect(page.getByRole('heading', { name: 'Algo deu errado nesta tela', level: 1 })).toBeVisible();
  await expect(page.getByTestId('app-error-detail')).toContainText('payment-links-page');
  expect(asked, 'one reload, then the error screen (no loop)').toBe(2);
  await expectAccessible(page);
  await page.unroute(PAGE_CHUNK);
  await page.getByRole('button', { name: 'Recarregar' }).click();
  await expect(page.getByRole('heading', { name: 'Links de pagamento', level: 1 })).toBeVisible();
});

test('a toast whose renderer cannot load leaves the page working', async ({ page }) => {
  // The toast renderer (@mantine/notifications) is the one script that mentions its own CSS variables.
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('--notifications-container-width')) return route.abort('internetdisconnected');
    return route.fulfill({ response, body });
  });
  await openAs(page, 'gerente@balcao.dev', '/produtos/produto/cadastro');
  await expect(page.getByRole('heading', { name: 'Cadastrar produto' })).toBeVisible();
  // "Avançar" with no category raises an error toast, whose renderer fails to load.
  // The renderer's boundary reports what it caught (without it, React unmounts the whole app).
  const caught = page.waitForEvent('console', (m) => m.type() === 'error' && m.text().startsWith('Balcão: a tela falhou ao renderizar'));
  await page.getByRole('button', { name: 'Avançar' }).click();
  await caught;
  // The page is still there and still works (before, the whole app went blank).
  await expect(page.getByRole('heading', { name: 'Cadastrar produto' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Categoria' }).fill('Pratos executivos');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByRole('button', { name: 'Voltar' })).toBeVisible();
  await expectAccessible(page);
});
