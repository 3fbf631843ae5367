import { isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

// A server of its own: this test creates and pays a link.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'payment-links-boleto' } });

/** dd/MM/yyyy of today + n days in America/Sao_Paulo. */
const spDay = (n: number) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(Date.now() + n * 86_400_000));

test('a link that allows boleto is paid by boleto on a phone: line, copy, due date, sandbox confirmation; the manager sees it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await openAs(page, 'gerente@balcao.dev', '/cadastro/mepaylink/formulario');
  const form = page.getByRole('form', { name: 'Cadastrar Link' });
  await form.getByLabel('Preço (R$)').fill('187,35');
  await form.getByLabel('Descrição').fill('Buffet de aniversário: sinal.');
  await form.getByLabel('Permitir boleto').check();
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/cadastro\/mepaylink$/);
  const card = page.getByTestId('link-card').filter({ hasText: 'Buffet de aniversário' });
  const url = (await card.getByTestId('link-url').textContent())!;

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  await phone.grantPermissions(['clipboard-read', 'clipboard-write']);
  const payer = await phone.newPage();
  await payer.goto(url);
  await expect(payer.getByTestId('pay-price')).toHaveText('R$ 187,35');
  await payer.getByText('Boleto', { exact: true }).click();
  // Every error at once under its field, before the server is asked.
  await payer.getByRole('button', { name: 'Gerar boleto' }).click();
  await expect(payer.getByText('Informe o nome do pagador do boleto.')).toBeVisible();
  await expect(payer.getByText('Preencha com um CPF válido')).toBeVisible();
  await expectAccessible(payer);
  await payer.getByLabel('Nome do pagador').fill('Maria da Silva');
  await payer.getByLabel('CPF do pagador').fill('52998224725');
  await payer.getByRole('button', { name: 'Gerar boleto' }).click();

  const panel = payer.getByTestId('boleto-panel');
  await expect(panel).toContainText(`Vencimento: ${spDay(3)}`);
  const shown = await payer.getByLabel('Linha digitável').inputValue();
  expect(shown).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
  const line = shown.replace(/\D/g, '');
  expect(isValidBoleto(line)).toBe(true);
  // The amount is the line's last 10 digits.
  expect(line.slice(-10)).toBe('0000018735');
  await payer.getByRole('button', { name: 'Copiar linha digitável' }).click();
  await expect(payer.getByRole('button', { name: 'Linha digitável copiada' })).toBeVisible();
  expect(await payer.evaluate(() => navigator.clipboard.readText())).toBe(line);
  expect(await payer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(payer);

  await payer.getByRole('button', { name: 'Simular pagamento (sandbox)' }).click();
  await expect(payer.getByTestId('pay-confirmation')).toContainText('Pagamento confirmado!');
  await expect(payer.getByTestId('pay-confirmation')).toContainText('Boleto');
  await expect(payer.getByTestId('pay-confirmation')).toContainText('R$ 187,35');
  await expectAccessible(payer);
  await phone.close();

  await page.reload();
  await expect(card.getByTestId('link-collected')).toHaveText('1 pagamento · R$ 187,35 recebidos');
  await expectAccessible(page);
});

test('a link that does not allow boleto offers only Pix and card', async ({ page, browser }) => {
  await openAs(page, 'gerente@balcao.dev', '/cadastro/mepaylink');
  const card = page.getByTestId('link-card').filter({ hasText: 'Pagamento antecipado' });
  const url = (await card.getByTestId('link-url').textContent())!;
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const payer = await phone.newPage();
  await payer.goto(url);
  await expect(payer.getByText('Pix', { exact: true })).toBeVisible();
  await expect(payer.getByText('Cartão', { exact: true })).toBeVisible();
  await expect(payer.getByText('Boleto', { exact: true })).toHaveCount(0);
  await expectAccessible(payer);
  await phone.close();
});
