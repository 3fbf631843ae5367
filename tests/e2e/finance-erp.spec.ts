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
  // The first try is lost on the network: the retry of the same intent carries the same
  // Idempotency-Key (had the server done it, it would replay its answer instead of asking the ERP again).
  const keys: string[] = [];
  await page.route('**/api/sankhya/InvoiceOrder/Export?*', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length === 1) return route.abort('connectionreset');
    return route.continue();
  });
  const label = (await rows.nth(1).getByRole('button', { name: /Reprocessar nota/ }).getAttribute('aria-label'))!;
  const reprocess = page.getByRole('button', { name: label, exact: true });
  await reprocess.click();
  await expect.poll(() => keys.length).toBe(1);
  await expect(reprocess).toBeEnabled();
  await reprocess.click();
  await expect(toast(page, 'Nota reenviada ao ERP com sucesso!')).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await page.unroute('**/api/sankhya/InvoiceOrder/Export?*');
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
