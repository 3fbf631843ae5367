import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

test.describe('portal shell and roles', () => {
  test('the kitchen tablet sees only what its role allows', async ({ page }) => {
    await openAs(page, 'cozinha@balcao.dev', '/dashboard');
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
    await openAs(page, 'cozinha@balcao.dev', '/meepFood/configuracao');
    await page.waitForURL((u) => u.pathname === '/acessonegado');
    await expect(page.getByRole('heading', { name: 'Acesso negado/Proibido' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar para o início' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });

  test('the admin sees the support tools and switches between places', async ({ page }) => {
    await openAs(page, 'admin@balcao.dev', '/dashboard');
    // The support tools' group and the finance group (its four screens are built).
    await expect(page.getByTestId('menu-group-financeiro')).toBeVisible();
    await expect(page.getByTestId('menu-group-admin')).toBeVisible();
    const selector = page.getByRole('combobox', { name: 'Estabelecimento' });
    await expect(selector).toHaveValue('Restaurante Sabor da Casa');
    await selector.click();
    await page.getByRole('option', { name: 'Colégio Horizonte' }).click();
    await expect(selector).toHaveValue('Colégio Horizonte');
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('balcao.session')!).currentLocation.nomeLocal)).toBe('Colégio Horizonte');
  });

  test('unknown paths show the 404 page; the last unbuilt screen is built; legacy pages without a legacy portal say so', async ({ page }) => {
    // The admin: the finance and accreditation tools are built (issue 17), and the skipped-products list
    // too, so no route of the table is "em construção" any more (available-routes.test.ts checks them all).
    await openAs(page, 'admin@balcao.dev', '/caminho/que/nao/existe');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/dashboard');
    await page.goto('/financeiro/saquesDiarios');
    await expect(page.getByRole('heading', { name: 'Saques diários' })).toBeVisible();
    await page.goto('/admin/manutencaoSemanal');
    await expect(page.getByRole('heading', { name: 'Manutenção semanal', exact: true })).toBeVisible();
    await page.goto('/produtos/skippedproducts');
    await expect(page.getByRole('heading', { name: 'Produtos pulados', exact: true })).toBeVisible();
    await expect(page.getByText('Em construção')).toHaveCount(0);
    await page.goto('/CADASTRO/PROMOCOES');
    await expect(page.getByRole('heading', { name: 'Promoções' })).toBeVisible();
    await expect(page.getByText('O portal legado não está configurado neste servidor.')).toBeVisible();
  });

  test('the sidebar collapses on a phone and starts closed at 470 px or less', async ({ browser, server }) => {
    const context = await browser.newContext({ viewport: { width: 400, height: 800 }, baseURL: server.url });
    const page = await context.newPage();
    await openAs(page, 'gerente@balcao.dev', '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(nav).not.toBeInViewport();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(nav).toBeInViewport();
    await nav.getByText('Cadastros', { exact: true }).click();
    await nav.getByRole('link', { name: 'Lojas', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/cadastro/stores');
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

  test('menus and the home offer only working screens; one entry is current; every page has its own title', async ({ page }) => {
    await openAs(page, 'gerente@balcao.dev', '/dashboard');
    await expect(page).toHaveTitle('Dashboard · Balcão');
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    // Without LEGACY_PORTAL_URL, legacy pages are not listed; unbuilt ("em construção") ones neither.
    await nav.getByText('Cadastros', { exact: true }).click();
    await expect(nav.getByRole('link', { name: 'Lojas', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Promoções' })).toHaveCount(0);
    // Built modules are offered as soon as they land (customers, the sales dashboard).
    await expect(nav.getByRole('link', { name: 'Clientes', exact: true })).toBeVisible();
    await expect(page.getByTestId('menu-group-estoque')).toHaveCount(0);
    const home = page.getByRole('main');
    await expect(home.getByRole('link', { name: 'Painel de pedidos', exact: true })).toBeVisible();
    await expect(home.getByRole('link', { name: 'Tutoriais do portal' })).toBeVisible();
    await expect(home.getByRole('link', { name: 'Clientes', exact: true })).toBeVisible();
    await expect(home.getByRole('link', { name: 'Dashboard de vendas', exact: true })).toBeVisible();
    await expect(home.getByRole('link', { name: 'Promoções' })).toHaveCount(0);
    // Operadores is built (issue 24): offered in the menu and on the home.
    await expect(nav.getByRole('link', { name: 'Operadores' })).toBeVisible();
    await expect(home.getByRole('link', { name: 'Operadores' })).toBeVisible();
    await expectAccessible(page);

    // The wizard is "Novo produto"; an edit page is still "Produtos": never two current entries.
    await page.goto('/produtos/produto/cadastro');
    await expect(page).toHaveTitle('Novo produto · Balcão');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Novo produto');
    await page.goto('/produtos/produto/editar');
    await expect(page).toHaveTitle('Editar produto · Balcão');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(nav.locator('[aria-current="page"]')).toHaveText('Produtos');

    await page.goto('/meepFood/painel');
    await expect(page).toHaveTitle('Painel de pedidos · Balcão');
    await page.goto('/caminho/que/nao/existe');
    await expect(page).toHaveTitle('Página não encontrada · Balcão');
    // A direct link to a legacy page still explains itself, titled by the route table.
    await page.goto('/cadastro/promocoes');
    await expect(page).toHaveTitle('Promoções · Balcão');
    await expect(page.getByText('O portal legado não está configurado neste servidor.')).toBeVisible();
  });

  test('the kitchen tablet is offered only the order board', async ({ page }) => {
    await openAs(page, 'cozinha@balcao.dev', '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await nav.getByText('Meep Food', { exact: true }).click();
    await expect(nav.getByRole('link', { name: 'Painel de pedidos' })).toBeVisible();
    // Baixar painel and Tutorial do painel are legacy pages: not offered without the legacy portal.
    await expect(nav.getByRole('link', { name: 'Baixar painel (desktop)' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Painel de pedidos', exact: true })).toBeVisible();
  });

  test('phone touch targets: sidebar links and the password toggle are large enough', async ({ browser, server }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/login');
    const toggle = page.getByRole('button', { name: 'Mostrar caracteres digitados' });
    const t = (await toggle.boundingBox())!;
    expect(t.height).toBeGreaterThanOrEqual(24);
    expect(t.width).toBeGreaterThanOrEqual(44);
    await expectAccessible(page);
    await openAs(page, 'gerente@balcao.dev', '/dashboard');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    await page.getByTestId('menu-group-produtos').click();
    await expect(nav.getByRole('link', { name: 'Novo produto' })).toBeVisible();
    for (const link of await nav.getByRole('link').all()) {
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await expectAccessible(page);
    await context.close();
  });
});
