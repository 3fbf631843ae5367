import type { Page } from '@playwright/test';
import { expectCashlessAccessible as expectAccessible } from './cashless-helpers';
import { expect, openAs, test } from './fixtures';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4096, 7)]);

test('credit-card verification: search by CPF, validate a card with a document photo (sandbox)', async ({ page }) => {
  await openAs(page, 'admin@balcao.dev', '/admin/verificarCartaoCredito');
  await expect(page.getByRole('heading', { name: 'Verificar cartão de crédito' })).toBeVisible();
  await expect(page.getByText('Verificação: sandbox')).toBeVisible();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Preencha com um CPF válido')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'CPF' }).pressSequentially('52998224725');
  await page.getByRole('button', { name: 'Buscar' }).click();
  const rows = page.getByTestId('card-row');
  await expect(rows).toHaveCount(2);
  const pending = rows.filter({ hasText: '4242' });
  await expect(pending).toContainText('MARIA A SOUZA');
  await expect(pending.getByRole('cell').nth(2)).toHaveText('Não');
  await expectAccessible(page);

  await pending.getByRole('button', { name: 'Validar cartão final 4242' }).click();
  const dialog = page.getByRole('dialog', { name: 'Validar cartão' });
  const input = dialog.locator('input[type=file]');
  await input.setInputFiles({ name: 'documento.png', mimeType: 'image/png', buffer: Buffer.from('isto não é uma imagem') });
  await expect(dialog.getByText('A foto deve ser uma imagem JPEG, PNG ou WebP.')).toBeVisible();
  await expectAccessible(page);
  await input.setInputFiles({ name: 'documento.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Validar' }).click();
  await expect(toast(page, 'Cartão verificado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(pending.getByRole('cell').nth(2)).toHaveText('Sim');
});

test('the manager has no card-verification role', async ({ page }) => {
  await openAs(page, 'gerente@balcao.dev', '/admin/verificarCartaoCredito');
  await page.waitForURL((u) => u.pathname === '/acessonegado');
});
