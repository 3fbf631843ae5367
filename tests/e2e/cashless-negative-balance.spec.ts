import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expectCashlessAccessible as expectAccessible } from './cashless-helpers';
import { expect, PASSWORD, openAs, test } from './fixtures';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test.describe('negative balance (Saldo negativo)', () => {
  test('filters by CPF, exports the .xlsx, shows consumption, plans and confirms a recharge, then the history', async ({ page }) => {
    // A whole round (an export, four dialogs, five axe checks): more than one default minute on a busy 2-core machine.
    test.setTimeout(120_000);
    await openAs(page, 'gerente@balcao.dev', '/cashless/relatorios/saldoNegativo');
    await expect(page.getByRole('heading', { name: 'Saldo negativo' })).toBeVisible();
    await expect(page.getByTestId('negative-row')).toHaveCount(20);
    await expect(page).toHaveTitle('Saldo negativo · Balcão');
    await expect(page.getByRole('table', { name: 'Usuários com saldo negativo' }).getByText('Ilimitado').first()).toBeVisible();
    await expectAccessible(page);

    // CPF filter with its mask, kept in the URL.
    const cpf = page.getByRole('textbox', { name: 'CPF' });
    await cpf.pressSequentially('52998224725');
    await expect(cpf).toHaveValue('529.982.247-25');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForURL((u) => (u.searchParams.get('documento') ?? '').includes('52998224725'));
    const row = page.getByTestId('negative-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Maria Aparecida Souza');
    await expect(row).toContainText('529.982.247-25');
    await expect(row.getByRole('cell').nth(2)).toHaveText('R$ 100,00');
    await expect(row.getByRole('cell').nth(3)).toHaveText('-R$ 127,90');
    await expect(row.getByRole('cell').nth(4)).toHaveText('-R$ 27,90');
    await expect(row.getByRole('cell').nth(6)).toHaveText('-');
    await expect(page.getByTestId('total-quantity')).toHaveText('1');
    await expect(page.getByTestId('total-negative')).toHaveText('-R$ 127,90');

    // Export: a real .xlsx, opened and read.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^saldo-negativo-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const ws = wb.getWorksheet('Saldo negativo')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Nome', 'Documento', 'Limite', 'Saldo negativo', 'Diferença', 'Recarga planejada', 'Data da recarga', 'Sem limite']);
    expect(ws.getRow(2).values).toEqual([undefined, 'Maria Aparecida Souza', '529.982.247-25', 100, -127.9, -27.9, 0, undefined, 'Não']);
    expect(ws.getRow(3).getCell(1).value).toBe('Total (1)');

    // Consumption modal.
    await page.getByRole('button', { name: 'Ver consumo de Maria Aparecida Souza' }).click();
    const consumption = page.getByRole('dialog', { name: 'Consumo de Maria Aparecida Souza' });
    await expect(consumption.getByTestId('consumption-row')).toHaveCount(12);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(consumption).toBeHidden();

    // Planning asks for the password; a wrong one is refused by the server.
    await page.getByRole('button', { name: 'Planejar recarga' }).click();
    const plan = page.getByRole('dialog', { name: 'Planejar recarga' });
    await plan.getByLabel('Sua senha').fill('errada');
    await plan.getByRole('button', { name: 'Planejar' }).click();
    await expect(plan.getByText('Senha Incorreta')).toBeVisible();
    await expectAccessible(page);
    await plan.getByLabel('Sua senha').fill(PASSWORD);
    await plan.getByRole('button', { name: 'Planejar' }).click();
    await expect(toast(page, 'Planejamento criado com sucesso!')).toBeVisible();
    await expect(plan).toBeHidden();
    await expect(row.getByRole('cell').nth(5)).toHaveText('R$ 127,90');
    await expect(row.getByRole('cell').nth(6)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await expect(page.getByTestId('total-scheduled')).toHaveText('R$ 127,90');

    // Confirmation credits every planned card: the report empties.
    await page.getByRole('button', { name: 'Confirmar recarga' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar recarga' });
    await expect(confirm).toContainText('Esta ação não poderá ser desfeita.');
    await confirm.getByLabel('Sua senha').fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, 'Pagamento Confirmado com sucesso!')).toBeVisible();
    await expect(page.getByText('Nenhum usuário com saldo negativo.')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar' }).click();
    await expect(page.getByText('Nenhum usuário com saldo negativo.')).toBeVisible();

    // History: the new plan, paid by the manager, with its details.
    await page.getByRole('main').getByRole('link', { name: 'Histórico de recargas' }).click();
    await expect(page.getByRole('heading', { name: 'Histórico de recargas' })).toBeVisible();
    const first = page.getByTestId('history-row').first();
    await expect(first).toContainText('Gustavo Gerente');
    await expect(first.getByRole('cell').nth(2)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await expectAccessible(page);
    await first.getByRole('button', { name: /Detalhes/ }).click();
    const details = page.getByRole('dialog', { name: 'Detalhes do planejamento' });
    await expect(details.getByTestId('detail-row').filter({ hasText: 'Maria Aparecida Souza' })).toContainText('R$ 127,90');
    await expect(details.getByTestId('detail-total')).not.toHaveText('R$ 0,00');
    await expectAccessible(page);
  });

  test('the kitchen has no access to the report', async ({ page }) => {
    await openAs(page, 'cozinha@balcao.dev', '/cashless/relatorios/saldoNegativo');
    await page.waitForURL((u) => u.pathname === '/acessonegado');
  });
});
