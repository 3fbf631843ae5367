import { expectAccessible } from './axe';
import { expect, signInAs, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await signInAs(page, 'admin@balcao.dev');
});

test('latest proposals of the network in every state', async ({ page }) => {
  await page.goto('/admin/ultimasPropostas');
  await expect(page).toHaveTitle('Últimas propostas · Balcão');
  const rows = page.getByTestId('latest-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(30);
  for (const status of ['Pendente', 'Aprovada', 'Rejeitada']) await expect(rows.filter({ hasText: status }).first()).toBeVisible();
  await expectAccessible(page);
});

test('credential monitor: 25 per page by default, 0-based pages shown 1-based, sizes and filters', async ({ page }) => {
  await page.goto('/admin/monitorarCredenciamentos');
  await expect(page).toHaveTitle('Monitorar credenciamentos · Balcão');
  const rows = page.getByTestId('credential-row');
  await expect(rows).toHaveCount(25);
  await expect(page.getByText('120 credenciais')).toBeVisible();
  await expectAccessible(page);
  const firstOfPage1 = await rows.first().textContent();
  const request = page.waitForRequest((r) => r.url().includes('CredenciaisVencendo') && r.url().includes('page=1'));
  await page.getByRole('button', { name: 'Página 2' }).click();
  await request;
  await expect(rows.first()).not.toHaveText(firstOfPage1!);
  await expect(page.getByRole('button', { name: 'Página 2' })).toHaveAttribute('data-active', 'true');
  // The page lives in the address (shown 1-based) and survives a reload.
  await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
  const secondPageFirst = await rows.first().textContent();
  await page.reload();
  await expect(rows.first()).toHaveText(secondPageFirst!);
  await expect(page.getByRole('button', { name: 'Página 2' })).toHaveAttribute('data-active', 'true');
  await page.getByRole('combobox', { name: 'Itens por página' }).click();
  await page.getByRole('option', { name: '100' }).click();
  await expect(rows).toHaveCount(100);
  await expect(page.getByRole('button', { name: 'Página 2' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Estabelecimento' }).fill('Padaria');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(rows).toHaveCount(10);
  await expect(page.getByText('10 credenciais')).toBeVisible();
  await page.getByRole('textbox', { name: 'Estabelecimento' }).fill('Ninguém com este nome');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
});

test('terminals: 10 per page, search from 3 characters ignoring punctuation', async ({ page }) => {
  await page.goto('/admin/terminaisMPPagamentos');
  await expect(page).toHaveTitle('Terminais · Balcão');
  const rows = page.getByTestId('terminal-row');
  await expect(rows).toHaveCount(10);
  await expect(page.getByTestId('terminals-Vinculados')).toHaveText('32');
  await expect(page.getByRole('button', { name: 'Página 4' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Página 5' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Página 4' }).click();
  await expect(rows.first()).toContainText('POS 31');
  const search = page.getByRole('textbox', { name: 'Buscar terminal' });
  await search.fill('me');
  await expect(rows).toHaveCount(10);
  await search.fill('meep-0301.2');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('POS 12');
  await search.fill('xyz');
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
});

test('binding queue: patrimony search and completing a pending binding', async ({ page }) => {
  await page.goto('/admin/FilaVinculacaoPayStore');
  await expect(page).toHaveTitle('Fila de vinculação · Balcão');
  const rows = page.getByTestId('binding-row');
  await expect(rows).toHaveCount(24);
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Patrimônio' }).fill('MEEP-05006');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Pendente');
  await rows.first().getByRole('button', { name: 'Concluir vinculação MEEP-05006' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Vinculação concluída com sucesso!' })).toBeVisible();
  await expect(rows.first()).toContainText('Concluído');
  await page.getByRole('textbox', { name: 'Patrimônio' }).fill('NADA-999');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Nenhum item encontrado')).toBeVisible();
});
