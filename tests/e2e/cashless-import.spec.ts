import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expectCashlessAccessible as expectAccessible } from './cashless-helpers';
import { expect, openAs, test } from './fixtures';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('user import: template, a CSV with good and bad rows, the per-row result', async ({ page }) => {
  await openAs(page, 'gerente@balcao.dev', '/cashless/importar');
  await expect(page.getByRole('heading', { name: 'Importar usuários' })).toBeVisible();
  await expect(page.getByText('A senha deve ter apenas 4 números.')).toBeVisible();
  await expectAccessible(page);

  const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar modelo (importarUsuarios.csv)' }).click()]);
  expect(template.suggestedFilename()).toBe('importarUsuarios.csv');
  const header = fs.readFileSync(await template.path(), 'utf8').replace(/^\uFEFF/, '').split('\r\n')[0];
  expect(header).toBe('Nome;CPF;Email;Telefone;Senha;Limite');

  const input = page.locator('input[type=file]');
  await input.setInputFiles({ name: 'usuarios.xls', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from('x') });
  await expect(toast(page, 'Arquivo inválido!')).toBeVisible();

  const csv = [
    header,
    "Ana Lima;'01234567890;ana@exemplo.com.br;(11) 98765-4321;0123;50,00",
    'Bruno Dias;11144477735;bruno@exemplo.com.br;21987654321;4321;Ilimitado',
    'Carla Sem Email;39053344705;;21987654321;4321;10,00',
    'Eva Ponto;15350946056;eva@exemplo.com.br;21987654321;4321;10.50',
    'Maria Existente;52998224725;maria@exemplo.com.br;11987654321;1234;10,00',
  ].join('\r\n');
  await input.setInputFiles({ name: 'usuarios.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText('Arquivo enviado com sucesso! 2 usuários importados, 3 ignorados.');
  const rows = page.getByTestId('import-row');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0)).toContainText('Ana Lima');
  await expect(rows.nth(0)).toContainText('012.345.678-90');
  await expect(rows.nth(0)).toContainText('Importado');
  await expect(rows.nth(2)).toContainText('Todos os campos devem ser preenchidos.');
  await expect(rows.nth(3)).toContainText('O limite deve ser um valor com vírgula decimal (ex.: 50,00).');
  await expect(rows.nth(4)).toContainText('Usuário já cadastrado.');
  await expectAccessible(page);

  const [report] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar resultado completo' }).click()]);
  expect(fs.readFileSync(await report.path(), 'utf8')).toContain('4;Carla Sem Email;39053344705;ignorado;Todos os campos devem ser preenchidos.');
});

test('user import: a spreadsheet from Google Sheets with blank rows and nobody importable is not called a success', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openAs(page, 'gerente@balcao.dev', '/cashless/importar');
  const csv = [
    'Nome,CPF,Email,Telefone,Senha,Limite',
    "Maria da Silva (exemplo),'01234567890,maria@exemplo.com.br,(11) 98765-4321,1234,\"50,00\"",
    '',
    'Ana Zero,398.174.625-28,ana@exemplo.com.br,+55 (11) 98765-4321,123,\"1,00\"',
    'Maria Existente,529.982.247-25,maria@exemplo.com.br,11987654321,1234,\"10,00\"',
  ].join('\n');
  await page.locator('input[type=file]').setInputFiles({ name: 'planilha.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText(
    'Nenhum usuário foi importado: 3 linhas ignoradas. Veja os motivos abaixo. 1 linha em branco foi pulada (os números de linha são os do arquivo).',
  );
  await expect(toast(page, 'Nenhum usuário foi importado')).toBeVisible();
  await expect(toast(page, 'Arquivo enviado com sucesso!')).toHaveCount(0);
  await expect(page.getByTestId('import-blank')).toHaveText('Linhas em branco: 3.');
  const rows = page.getByTestId('import-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Linha de exemplo do modelo: não importada.');
  await expect(rows.nth(1)).toContainText('4');
  await expect(rows.nth(1)).toContainText("A senha tem menos de 4 números: se ela começa com zero, digite um apóstrofo antes (ex.: '0123).");
  await expect(rows.nth(2)).toContainText('Usuário já cadastrado.');
  // Every status badge shows its whole label (it was cut to "IGNORA…").
  const labels = page.getByTestId('import-row').locator('.mantine-Badge-label');
  for (let i = 0; i < 3; i++) {
    const fits = await labels.nth(i).evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().width >= el.scrollWidth - 1);
    expect(fits).toBe(true);
  }
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('import-nobody-1366.png'), fullPage: true });
});
