import type { Page } from '@playwright/test';
import { expectCashlessAccessible as expectAccessible } from './cashless-helpers';
import { expect, openAs, test } from './fixtures';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const GOOD = 'H|6|20261120\r\nD|000123|20261119|1590|VISA|4242\r\nD|000124|20261119|2500|MASTERCARD|1881\r\nT|2\r\n';

// The background job waits 3 s here, so the list is seen waiting and then processed without a reload.
test.use({ workerEnv: { EXTRACT_PROCESS_DELAY_MS: '3000' } });

test('extracts: only .txt, Importar Arquivo then Processar, and the list updates by itself', async ({ page }) => {
  await openAs(page, 'admin@balcao.dev', '/admin/EDI/eletronicExtracts');
  await expect(page.getByRole('heading', { name: 'Extratos Digitais' })).toBeVisible();
  await expect(page.getByTestId('extract-row')).toHaveCount(2);
  await expectAccessible(page);

  await page.getByRole('main').getByRole('link', { name: 'Importar extrato' }).click();
  await expect(page.getByRole('heading', { name: 'Importar extrato' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Processar' })).toBeDisabled();
  await expectAccessible(page);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Importar Arquivo' }).click()]);
  await chooser.setFiles({ name: 'extrato.csv', mimeType: 'text/plain', buffer: Buffer.from(GOOD) });
  await expect(toast(page, 'Arquivo inválido!')).toBeVisible();
  const [again] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Importar Arquivo' }).click()]);
  await again.setFiles({ name: 'EXTRATO_NOVEMBRO.TXT', mimeType: 'application/octet-stream', buffer: Buffer.from(GOOD) });
  await expect(page.getByTestId('extract-chosen')).toHaveText('Arquivo Importado: EXTRATO_NOVEMBRO.TXT');
  await page.getByRole('button', { name: 'Processar' }).click();
  await expect(toast(page, 'Arquivo enviado para processamento')).toBeVisible();

  await page.getByRole('link', { name: 'Ver Extratos Digitais' }).click();
  const row = page.getByTestId('extract-row').filter({ hasText: 'EXTRATO_NOVEMBRO.TXT' });
  await expect(row).toContainText('Aguardando processamento');
  await expect(row).toContainText('Processado', { timeout: 15_000 });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Adquirente 6');
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');
  await expect(row.getByRole('cell').nth(5)).toHaveText('R$ 40,90');

  // Status filter.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Aguardando processamento' }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Nenhum arquivo encontrado')).toBeVisible();
  await expectAccessible(page);
});
