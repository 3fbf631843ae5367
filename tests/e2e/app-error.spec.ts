/**
 * Never a blank page: a screen whose code cannot load says so in pt-BR with a way back, and a toast
 * whose renderer cannot load (no network on a first visit) does not take the page with it.
 * The service worker is blocked here so the page's own requests can be made to fail.
 */
import { expectAccessible } from './axe';
import { expect, openAs, signInAs, test } from './fixtures';

test.use({ serviceWorkers: 'block' });

test('a page whose code fails to load shows the error screen, and Recarregar brings it back', async ({ page }) => {
  await signInAs(page, 'gerente@balcao.dev');
  const fail = (url: URL) => /\/assets\/tutorials-page-[\w-]+\.js$/.test(url.pathname);
  await page.route(fail, (route) => route.abort('internetdisconnected'));
  await page.goto('/tutorialPortal');
  await expect(page.getByRole('heading', { name: 'Algo deu errado nesta tela', level: 1 })).toBeVisible();
  await expect(page.getByTestId('app-error-detail')).toContainText('Detalhe para o suporte:');
  await expectAccessible(page);
  await page.unroute(fail);
  await page.getByRole('button', { name: 'Recarregar' }).click();
  await expect(page.getByRole('heading', { name: 'Tutoriais do portal', level: 1 })).toBeVisible();
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
