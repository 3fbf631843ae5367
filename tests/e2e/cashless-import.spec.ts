import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expectCashlessAccessible as expectAccessible } from './cashless-helpers';
import { expect, signIn, test } from './fixtures';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('user import: template, a CSV with good and bad rows, the per-row result', async ({ page }) => {
  await signIn(page, 'gerente@balcao.dev');
  await page.waitForURL((u) => u.pathname === '/dashboard');
  await page.goto('/cashless/importar');
  await expect(page.getByRole('heading', { name: 'Importar usuários' })).toBeVisible();
  await expect(page.getByText('A senha deve ter apenas 4 números.')).toBeVisible();
  await expectAccessible(page);

  const [template] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar modelo (importarUsuarios.csv)' }).click()]);
  expect(template.suggestedFilename()).toBe('importarUsuarios.csv');
  const header = fs.readFileSync(await template.path(), 'utf8').replace(/^\uFEFF/, '').split('\r\n')[0];
  expect(header).toBe('Nome;CPF;Email;Telefone;Senha;Limite');

  const input = page.locator('input[type=file]');
  await input.setInputFiles({ name: 'usuarios.xlsx', mimeType: 'text/csv', buffer: Buffer.from('x') });
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
