import { expect, signIn, test } from './fixtures';

test.describe('portal shell and roles', () => {
  test('the kitchen tablet sees only what its role allows', async ({ page }) => {
    await signIn(page, 'cozinha@balcao.dev');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await nav.getByText('Meep Food', { exact: true }).click();
    await expect(nav.getByRole('link', { name: 'Painel de pedidos' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Configuração' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Integração marketplace' })).toHaveCount(0);
    // Support and finance tools need their roles; a device account (only Painel) is not offered even
    // the pages with no role, which it could not use (src/shared/permissions.ts).
    await expect(page.getByTestId('menu-group-financeiro')).toHaveCount(0);
    await expect(page.getByTestId('menu-group-admin')).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Ponto de Vendas' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Extratos Digitais' })).toHaveCount(0);
    // One place: its name, not a selector.
    await expect(page.getByTestId('place-name')).toHaveText('Restaurante Sabor da Casa');
    await expect(page.getByTestId('place-selector')).toHaveCount(0);
  });

  test('a forbidden route shows access denied with a link to the dashboard', async ({ page }) => {
    await signIn(page, 'cozinha@balcao.dev');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.goto('/meepFood/configuracao');
    await page.waitForURL((u) => u.pathname === '/acessonegado');
    await expect(page.getByRole('heading', { name: 'Acesso negado/Proibido' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });

  test('the admin sees the support tools and switches between places', async ({ page }) => {
    await signIn(page, 'admin@balcao.dev');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await expect(page.getByTestId('menu-group-admin')).toBeVisible();
    await expect(page.getByTestId('menu-group-financeiro')).toBeVisible();
    const selector = page.getByRole('combobox', { name: 'Estabelecimento' });
    await expect(selector).toHaveValue('Restaurante Sabor da Casa');
    await selector.click();
    await page.getByRole('option', { name: 'Colégio Horizonte' }).click();
    await expect(selector).toHaveValue('Colégio Horizonte');
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('balcao.session')!).currentLocation.nomeLocal)).toBe('Colégio Horizonte');
  });

  test('unknown paths show the 404 page; unbuilt modules say so honestly; legacy pages without a legacy portal say so', async ({ page }) => {
    await signIn(page, 'gerente@balcao.dev');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.goto('/caminho/que/nao/existe');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/dashboard');
    await page.goto('/cadastro/clientes');
    await expect(page.getByRole('heading', { name: 'Clientes: em construção' })).toBeVisible();
    await page.goto('/CADASTRO/OPERADOR');
    await expect(page.getByRole('heading', { name: 'Operadores' })).toBeVisible();
    await expect(page.getByText('O portal legado não está configurado neste servidor.')).toBeVisible();
  });

  test('the sidebar collapses on a phone and starts closed at 470 px or less', async ({ browser, server }) => {
    const context = await browser.newContext({ viewport: { width: 400, height: 800 }, baseURL: server.url });
    const page = await context.newPage();
    await signIn(page, 'gerente@balcao.dev');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav).not.toBeInViewport();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(nav).toBeInViewport();
    await nav.getByText('Cadastros', { exact: true }).click();
    await nav.getByRole('link', { name: 'Clientes', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/cadastro/clientes');
    await expect(nav).not.toBeInViewport();
    await context.close();
  });

  test('signed-out visitors are sent to /login and come back after signing in', async ({ page }) => {
    await page.goto('/cadastro/clientes');
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/cadastro/clientes');
    await page.getByLabel('E-mail').fill('gerente@balcao.dev');
    await page.getByLabel('Senha').fill('Demo#2026');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((u) => u.pathname === '/cadastro/clientes');
  });
});
