import type { Page } from '@playwright/test';
import { hasError, parsePix } from 'pix-utils';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';
import { readQr } from './qr-helpers';

// A server of its own: these tests create, pay and delete links.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'payment-links' } });

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const accessible = (page: Page) => expectAccessible(page);


test('a payment link is created, edited, opened on a phone without signing in, paid by sandbox Pix, and deleted', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await openAs(page, 'gerente@balcao.dev', '/cadastro/mepaylink');
  await expect(page.getByRole('heading', { name: 'Links de pagamento' })).toBeVisible();
  await expect(page).toHaveTitle(/Links de pagamento/);
  await expect(page.getByTestId('link-card')).toHaveCount(3);
  await expect(page.getByTestId('link-expiry').filter({ hasText: 'indefinido' })).toHaveCount(1);
  await expectAccessible(page);

  // Create.
  await page.getByRole('link', { name: 'Novo link' }).click();
  await expect(page.getByRole('heading', { name: 'Cadastrar Link' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Cadastrar Link' });
  await form.getByRole('combobox', { name: 'Produto' }).click();
  await page.getByRole('option').first().click();
  await expect(form.getByLabel('Preço')).not.toHaveValue('');
  await form.getByLabel('Preço').fill('12,5');
  await form.getByLabel('Preço').blur();
  await expect(form.getByLabel('Preço')).toHaveValue('12,50');
  await form.getByLabel('Parcelas máximas').fill('2');
  await form.getByLabel(/Data de expiração/).fill('2020-01-01T10:00');
  await form.getByLabel('Descrição').fill('Encomenda: bolo de fubá para sábado.');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText('A data de expiração não pode estar no passado.')).toBeVisible();
  await accessible(page);
  await form.getByLabel(/Data de expiração/).fill('');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Link salvo com succeso!')).toBeVisible();
  await expect(page).toHaveURL(/\/cadastro\/mepaylink$/);
  await expect(page.getByTestId('link-card')).toHaveCount(4);
  const card = page.getByTestId('link-card').filter({ hasText: 'bolo de fubá' });
  await expect(card.getByTestId('link-price')).toHaveText('R$ 12,50');
  await expect(card.getByTestId('link-expiry')).toHaveText('indefinido');

  // Edit: read-only until Editar.
  await card.getByRole('link', { name: /^Editar link/ }).click();
  await expect(page.getByRole('heading', { name: 'Editar Link' })).toBeVisible();
  const edit = page.getByRole('form', { name: 'Editar Link' });
  await expect(edit.getByLabel('Descrição')).toHaveValue('Encomenda: bolo de fubá para sábado.');
  await expect(edit.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await accessible(page);
  await page.getByRole('button', { name: 'Editar', exact: true }).click();
  await edit.getByLabel('Preço').fill('15,00');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Link editado com sucesso!')).toBeVisible();
  await expect(card.getByTestId('link-price')).toHaveText('R$ 15,00');
  const url = (await card.getByTestId('link-url').textContent())!;
  expect(url).toMatch(new RegExp(`^${baseURL}/paymentlink/[0-9a-f-]{36}$`));

  // The QR code of the link carries its address.
  await card.getByRole('button', { name: /^QR code do link/ }).click();
  expect(await readQr(page, 'QR code do link de pagamento')).toBe(url);
  await accessible(page);
  await page.keyboard.press('Escape');

  // A phone, never signed in.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const payer = await phone.newPage();
  await payer.goto(url);
  await expect(payer.getByRole('heading', { name: 'Restaurante Sabor da Casa' })).toBeVisible();
  await expect(payer.getByTestId('pay-price')).toHaveText('R$ 15,00');
  await expect(payer.getByText('Encomenda: bolo de fubá para sábado.')).toBeVisible();
  await expect(payer.getByText('Válido até: indefinido')).toBeVisible();
  await expect(payer.getByTestId('sandbox-badge')).toHaveText('sandbox');
  await accessible(payer);
  // Nothing overflows the phone's width.
  expect(await payer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await payer.getByRole('button', { name: 'Gerar Pix' }).click();
  const brCode = await payer.getByLabel('Pix copia e cola').inputValue();
  const parsed = parsePix(brCode);
  expect(hasError(parsed)).toBe(false);
  // The sandbox PSP's cob: its static code names the PSP's customer and carries the key and amount.
  // The key is the place's own (the demo restaurant's bank account marked as its Pix key: its CNPJ).
  expect(parsed).toMatchObject({ transactionAmount: 15, merchantName: 'BALCAO SANDBOX', pixKey: '12345678000195' });
  expect(await readQr(payer, 'QR code do Pix')).toBe(brCode);
  await accessible(payer);
  await payer.getByRole('button', { name: 'Simular pagamento (sandbox)' }).click();
  await expect(payer.getByTestId('pay-confirmation')).toContainText('Pagamento confirmado!');
  await expect(payer.getByTestId('pay-confirmation')).toContainText('R$ 15,00');
  await accessible(payer);

  // The manager sees the payment on the card.
  await page.reload();
  await expect(card.getByTestId('link-collected')).toHaveText('1 pagamento · R$ 15,00 recebidos');

  // Delete, with confirmation; the page then says the link was deleted.
  await card.getByRole('button', { name: /^Excluir link/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir link' });
  await expect(confirm).toContainText('Esta ação não pode ser desfeita.');
  await accessible(page);
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Link apagado com succeso!')).toBeVisible();
  await expect(page.getByTestId('link-card')).toHaveCount(3);
  await payer.goto(url);
  await expect(payer.getByTestId('link-unavailable')).toContainText('Este link de pagamento foi excluído.');
  await accessible(payer);
  await phone.close();
});

test('card through the sandbox on a phone; an expired link says so', async ({ page, browser }) => {
  await openAs(page, 'gerente@balcao.dev', '/cadastro/mepaylink');
  await expect(page.getByTestId('link-card')).toHaveCount(3);
  const urls = await page.getByTestId('link-url').allTextContents();
  const expiredCard = page.getByTestId('link-card').filter({ hasText: 'Expirado' });
  const expiredUrl = (await expiredCard.getByTestId('link-url').textContent())!;
  const openUrl = urls.find((u) => u !== expiredUrl)!;

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const payer = await phone.newPage();
  await payer.goto(expiredUrl);
  await expect(payer.getByTestId('link-unavailable')).toContainText('Este link de pagamento expirou.');
  await accessible(payer);

  await payer.goto(openUrl);
  await payer.getByText('Cartão', { exact: true }).click();
  await payer.getByLabel('Nome impresso no cartão').fill('MARIA SILVA');
  await payer.getByLabel('Número do cartão').fill('4000000000000002');
  await payer.getByLabel('Validade (MM/AA)').fill('1239');
  await payer.getByLabel('CVV').fill('123');
  await payer.getByRole('button', { name: /^Pagar/ }).click();
  await expect(payer.getByText('Pagamento recusado pela operadora do cartão.')).toBeVisible();
  await payer.getByLabel('Número do cartão').fill('4111111111111111');
  await payer.getByRole('button', { name: /^Pagar/ }).click();
  await expect(payer.getByTestId('pay-confirmation')).toContainText('Pagamento confirmado!');
  await accessible(payer);
  await phone.close();
});
