import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { choose, openAsAdmin, toast } from './finance-helpers';

test('ERP dashboard: session totals and pending invoices; reprocess one and all through the sandbox ERP', async ({ page }) => {
  await openAsAdmin(page, '/integrations/sankhya/dashboard');
  await expect(page.getByRole('heading', { name: 'Integração ERP' })).toBeVisible();
  await expect(page.getByText('ERP: Sandbox')).toBeVisible();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Escolha um caixa.')).toBeVisible();
  await expectAccessible(page);
  // The latest session comes first.
  await choose(page, 'Caixa', /^Caixa 01 - /);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByTestId('platform-orders')).toHaveText('21');
  await expect(page.getByTestId('erp-orders')).toHaveText('18');
  const rows = page.getByTestId('pending-invoice');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Produto "Caipirinha de limão" sem NCM cadastrado no ERP.');
  await expectAccessible(page);
  await rows.nth(1).getByRole('button', { name: /Reprocessar nota/ }).click();
  await expect(toast(page, 'Nota reenviada ao ERP com sucesso!')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('erp-orders')).toHaveText('19');
  await page.getByRole('button', { name: 'Reprocessar todas' }).click();
  await expect(toast(page, '1 nota(s) integrada(s), 1 com erro.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('erp-orders')).toHaveText('20');
});

test('ERP dashboard without a mapping says so', async ({ page }) => {
  await openAsAdmin(page, '/dashboard');
  const selector = page.getByRole('combobox', { name: 'Estabelecimento' });
  await selector.click();
  await page.getByRole('option', { name: 'Colégio Horizonte' }).click();
  await expect(selector).toHaveValue('Colégio Horizonte');
  await page.goto('/integrations/sankhya/dashboard');
  await expect(page.getByText('Este local não possui mapeamento criado para a integração com o ERP.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Caixa' })).toHaveCount(0);
  await expectAccessible(page);
});
