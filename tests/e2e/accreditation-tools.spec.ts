import { expectAccessible } from './axe';
import { expect, signInAs, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await signInAs(page, 'admin@balcao.dev');
});

test('accreditation status: site, document, credential status and the history of changes', async ({ page }) => {
  await page.goto('/admin/statusCredenciamento');
  await expect(page).toHaveTitle('Status do credenciamento · Balcão');
  await expect(page.getByText('11.222.333/0001-81').first()).toBeVisible();
  await expect(page.getByText('Ativa', { exact: true })).toBeVisible();
  await expect(page.getByText('EVT-2026-0481')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Histórico de alterações' })).toContainText('Ana Administradora');
  await expectAccessible(page);
});

test('merchant data and MCC: fetch from the sandbox, or add it by hand when none is found', async ({ page }) => {
  await page.goto('/admin/dadosPagSeguroPage');
  await expect(page).toHaveTitle('Dados do lojista e MCC · Balcão');
  await expect(page.getByTestId('mcc-value')).toHaveText('5812');
  await expectAccessible(page);
  // The donation institute: the sandbox has no MCC for it.
  const selector = page.getByRole('combobox', { name: 'Estabelecimento' });
  await selector.click();
  await page.getByRole('option', { name: 'Instituto Mãos que Ajudam' }).click();
  await expect(page.getByText('Este lojista ainda não tem MCC.')).toBeVisible();
  await page.getByRole('button', { name: 'Buscar MCC' }).click();
  await expect(page.getByText('MCC não encontrado. Informe-o manualmente.')).toBeVisible();
  const input = page.getByRole('textbox', { name: 'MCC' });
  await input.fill('83a9');
  await expect(input).toHaveValue('839');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('MCC deve conter 4 números.')).toBeVisible();
  await expectAccessible(page);
  await input.fill('8398');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'MCC salvo com sucesso!' })).toBeVisible();
  await expect(page.getByTestId('mcc-value')).toHaveText('8398');
  // The school: the sandbox finds it.
  await selector.click();
  await page.getByRole('option', { name: 'Colégio Horizonte' }).click();
  await page.getByRole('button', { name: 'Buscar MCC' }).click();
  await expect(page.getByTestId('mcc-value')).toHaveText(/^\d{4}$/);
});

test('weekly maintenance: stop after confirmation', async ({ page }) => {
  await page.goto('/admin/manutencaoSemanal');
  await expect(page).toHaveTitle('Manutenção semanal · Balcão');
  await expect(page.getByTestId('maintenance-state')).toHaveText('Em execução');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Interromper manutenção' }).click();
  const dialog = page.getByRole('dialog', { name: 'Interromper manutenção semanal' });
  await expect(dialog).toContainText('não pode ser desfeita');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Interromper' }).click();
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Manutenção interrompida com sucesso' })).toBeVisible();
  await expect(page.getByTestId('maintenance-state')).toHaveText('Interrompida');
  await expect(page.getByText('por Ana Administradora')).toBeVisible();
});
