/**
 * Issue 28, payment links: the manager sees who paid a link, when and how, and a payment made
 * meanwhile appears without a reload, pushed by the venue's live stream (no polling while it is
 * open); a half-typed expiry is refused instead of saved as "indefinido".
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'payment-links-payments' } });

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const SHOTS = process.env.PAYMENT_LINKS_SHOTS;

test('the payments of a link are listed (who, when, how) and a new one appears live', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  // Every read of a link's payments the manager's page makes: with the stream open, one per event, none on a timer.
  let paymentReads = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/mepaylink/GetPaymentsByLinkId/')) paymentReads += 1;
  });
  await openAs(page, 'gerente@balcao.dev', '/cadastro/mepaylink');
  const seeded = page.getByTestId('link-card').filter({ hasText: '2 pagamentos' });
  await expect(seeded).toHaveCount(1);
  // Found again by its address: its text changes when the new payment arrives.
  const address = (await seeded.getByTestId('link-url').textContent())!;
  const card = page.getByTestId('link-card').filter({ has: page.getByTestId('link-url').filter({ hasText: address }) });
  await card.getByRole('button', { name: /^Pagamentos do link/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Pagamentos:/ });
  const rowsOf = dialog.getByTestId('link-payment');
  await expect(rowsOf).toHaveCount(2);
  await expect(rowsOf.nth(0)).toContainText('Cartão de crédito final 1111 · 2x');
  await expect(rowsOf.nth(0)).toContainText('Não identificado');
  await expect(rowsOf.nth(1)).toContainText('Pix');
  await expect(rowsOf.nth(1)).toContainText('Juliana Castro');
  await expect(rowsOf.nth(1)).toContainText('CPF ***.982.247-**');
  await expect(rowsOf.nth(0)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(dialog).not.toContainText('529.982.247-25');
  // The venue's stream is open (the stream said ready): payments now come as events.
  await expect(dialog.getByTestId('link-payments-freshness')).toContainText('Ao vivo');
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/link-payments-1366.png` });

  // The payer opens the link on a phone and pays by Pix while the manager's panel stays open.
  const url = address;
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const payer = await phone.newPage();
  await payer.goto(url);
  const readsBefore = paymentReads;
  await payer.getByRole('button', { name: 'Gerar Pix' }).click();
  await expect(rowsOf).toHaveCount(3);
  await expect(rowsOf.nth(0)).toContainText('Aguardando pagamento');
  await payer.getByRole('button', { name: 'Simular pagamento (sandbox)' }).click();
  await expect(payer.getByTestId('pay-confirmation')).toContainText('Pagamento confirmado!');
  await expect(rowsOf.nth(0)).toContainText('Pago');
  await expect(rowsOf.nth(0)).toContainText('Pix');
  // Two events (waiting, paid), at most one read each: nothing was polled meanwhile.
  expect(paymentReads - readsBefore).toBeGreaterThanOrEqual(1);
  expect(paymentReads - readsBefore).toBeLessThanOrEqual(2);
  await phone.close();
  await page.keyboard.press('Escape');
  // The card's count follows without a reload.
  await expect(card.getByTestId('link-collected')).toContainText('3 pagamentos');
});

test('a half-typed expiry is refused with a pt-BR message, never saved as "indefinido"', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, 'gerente@balcao.dev', '/cadastro/mepaylink/formulario');
  const form = page.getByRole('form', { name: 'Cadastrar Link' });
  await form.getByLabel('Preço').fill('30,00');
  await form.getByLabel('Descrição').fill('Sinal de encomenda (expiração incompleta).');
  // Day and month typed, the year and time not.
  const expiry = form.getByLabel(/Data de expiração/);
  await expiry.click();
  await page.keyboard.type('1512');
  expect(await expiry.evaluate((el) => (el as HTMLInputElement).validity.badInput)).toBe(true);
  await form.getByRole('button', { name: 'Salvar' }).click();
  const message = 'Data de expiração incompleta: preencha dia, mês, ano e hora, ou deixe o campo vazio para um link sem expiração.';
  await expect(form.getByText(message)).toBeVisible();
  await expect(toast(page, message)).toBeVisible();
  await expect(page).toHaveURL(/\/formulario/);
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/link-expiry-1440.png` });
  await page.goto('/cadastro/mepaylink');
  await expect(page.getByTestId('link-card').filter({ hasText: 'expiração incompleta' })).toHaveCount(0);
});
