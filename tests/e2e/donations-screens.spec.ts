import fs from 'node:fs';
import ExcelJS from 'exceljs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectScreenAccessible, signInToInstitute, toast } from './donations-helpers';
import { expect, openAs, test } from './fixtures';

test.describe('donation screens', () => {
  test('the QR code page downloads a 350 px PNG by itself that decodes to the donation page address', async ({ page, baseURL }) => {
    const download = page.waitForEvent('download');
    await page.goto('/doacoes/eventos/qrcode/natal-solidario');
    const address = `${baseURL}/doar/natal-solidario`;
    await expect(page.getByTestId('qr-address')).toHaveText(address);
    await expectScreenAccessible(page);
    const file = await download;
    expect(file.suggestedFilename()).toBe('qrcode-natal-solidario.png');
    const png = PNG.sync.read(fs.readFileSync(await file.path()));
    expect(png.width).toBe(350);
    expect(png.height).toBe(350);
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(address);
  });

  test('institutions: required bank data and event, create, edit, delete', async ({ page }) => {
    await signInToInstitute(page);
    await page.goto('/doacoes/instituicoes');
    await expect(page.getByRole('row', { name: /Casa de Acolhida Esperança/ })).toContainText('Natal Solidário 2026');
    await expectScreenAccessible(page);
    await page.getByRole('link', { name: 'Cadastrar instituição' }).click();
    await page.getByRole('textbox', { name: 'Nome' }).fill('Lar dos Idosos');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Selecione o dado bancário').first()).toBeVisible();
    await expect(page.getByText('Selecione o evento').first()).toBeVisible();
    await expectScreenAccessible(page);
    await page.getByRole('combobox', { name: 'Dado bancário' }).click();
    await page.getByRole('option', { name: /Banco do Brasil/ }).click();
    await page.getByRole('combobox', { name: 'Evento' }).click();
    await page.getByRole('option', { name: 'Natal Solidário 2026' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Instituição salva com succeso!')).toBeVisible();
    await page.getByRole('link', { name: 'Editar Lar dos Idosos' }).click();
    await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveValue('Lar dos Idosos');
    await page.getByRole('textbox', { name: 'Nome' }).fill('Lar São Vicente');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Instituição editada com succeso!')).toBeVisible();
    await page.getByRole('button', { name: 'Excluir Lar São Vicente' }).click();
    await expect(page.getByRole('dialog', { name: 'Excluir instituição' })).toContainText('Esta ação não poderá ser desfeita.');
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, 'Instituição apagada com succeso!')).toBeVisible();
    await expect(page.getByRole('row', { name: /Lar São Vicente/ })).toHaveCount(0);
  });

  test('donation links: event then institution, comma amounts, show-link toggle, delete confirmation', async ({ page }) => {
    await signInToInstitute(page);
    await page.goto('/doacoes/links');
    await page.getByRole('combobox', { name: 'Evento' }).click();
    await page.getByRole('option', { name: 'Natal Solidário 2026' }).click();
    await page.getByRole('combobox', { name: 'Instituição' }).click();
    await page.getByRole('option', { name: 'Casa de Acolhida Esperança' }).click();
    await expect(page.getByTestId('link-row')).toHaveCount(2);
    await expectScreenAccessible(page);
    const row = page.getByTestId('new-link-row');
    await row.getByRole('textbox', { name: 'Descrição' }).fill('Kit escolar');
    await row.getByRole('combobox', { name: 'Produto' }).click();
    await page.getByRole('option', { name: 'Doação brinquedo' }).click();
    await row.getByRole('textbox', { name: 'Valor total' }).fill('12,5');
    await row.getByRole('button', { name: 'Adicionar' }).click();
    await expect(toast(page, 'Link salvo com sucesso!')).toBeVisible();
    const kit = page.getByTestId('link-row').filter({ hasText: 'Kit escolar' });
    await expect(kit).toContainText('R$ 12,50');
    await expect(kit).toContainText('Natal Solidário 2026');
    await expect(kit.getByRole('link')).toHaveText(/\/doar\/natal-solidario\?link=sbxlnk_/);
    await kit.getByRole('switch', { name: 'Mostrar link Kit escolar' }).click({ force: true });
    await expect(kit.getByRole('switch', { name: 'Mostrar link Kit escolar' })).not.toBeChecked();
    await kit.getByRole('button', { name: 'Excluir link Kit escolar' }).click();
    await expect(page.getByRole('dialog', { name: 'Excluir link' })).toContainText('Tem certeza que deseja excluir esse link?');
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByTestId('link-row')).toHaveCount(2);
  });

  test('donor report: Buscar lists donors and Gerar Excel downloads a real .xlsx', async ({ page }) => {
    await signInToInstitute(page);
    await page.goto('/doacoes/relatorio');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByText('Selecione o evento').first()).toBeVisible();
    await page.getByRole('combobox', { name: 'Evento' }).click();
    await page.getByRole('option', { name: 'Natal Solidário 2026' }).click();
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByTestId('donor-row')).toHaveCount(20);
    // 240 seeded; other specs on this worker's server may have added some.
    const summary = page.getByText(/^\d+ doações · total R\$/);
    await expect(summary).toBeVisible();
    const n = Number(/^(\d+)/.exec((await summary.textContent())!)![1]);
    expect(n).toBeGreaterThanOrEqual(240);
    await expectScreenAccessible(page);
    const firstDate = (await page.getByTestId('donor-row').first().locator('td').first().textContent())!;
    expect(firstDate).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Gerar Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Relatorio_doadores_Natal_Solidario_2026.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await file.path());
    const ws = wb.getWorksheet('Doadores')!;
    expect(ws.getRow(1).getCell(1).value).toBe('Data');
    expect(ws.rowCount).toBe(n + 2);
    // The first data row is the screen's first row: same time (São Paulo) and name.
    const cell = ws.getRow(2).getCell(1).value as Date;
    const shown = `${String(cell.getUTCDate()).padStart(2, '0')}/${String(cell.getUTCMonth() + 1).padStart(2, '0')}/${cell.getUTCFullYear()} ${String(cell.getUTCHours()).padStart(2, '0')}:${String(cell.getUTCMinutes()).padStart(2, '0')}`;
    expect(shown).toBe(firstDate);
    expect(ws.getRow(2).getCell(2).value).toBe(await page.getByTestId('donor-row').first().locator('td').nth(1).textContent());
  });

  test('the donor report needs role Doacoes', async ({ page }) => {
    await openAs(page, 'cozinha@balcao.dev', '/doacoes/relatorio');
    await expect(page.getByText('Acesso negado/Proibido')).toBeVisible();
  });
});
