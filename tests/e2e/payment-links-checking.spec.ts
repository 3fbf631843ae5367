/**
 * Issue 36 on the public pay page: an acquirer that does not answer in time leaves the card payment
 * "em verificação"; the page says so (no second "Pagar"), keeps asking, and shows the confirmation
 * once the server's job has asked the acquirer for that payment's key. The acquirer is a fake
 * written from our contract (tests/support/fake-acquirer.ts), slower than the server's timeout.
 */
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';
import { FIXED_PORTS } from '../support/fixed-ports';
import { startFakeAcquirer, type FakeAcquirer } from '../support/fake-acquirer';

test.use({
  workerEnv: {
    BALCAO_E2E_ISOLATE: 'payment-links-checking',
    PAYMENT_ACQUIRER_URL: `http://127.0.0.1:${FIXED_PORTS.payAcquirerFake}`,
    PAYMENT_ACQUIRER_TOKEN: 'e2e',
    PAYMENT_ACQUIRER_NAME: 'Adquirente Teste',
    PAYMENT_ACQUIRER_TIMEOUT_MS: '1000',
    PAYMENT_CHECK_DELAY_MS: '2500',
    JOBS_POLL_MS: '300',
  },
});

let fake: FakeAcquirer;
test.beforeAll(async () => {
  fake = await startFakeAcquirer(FIXED_PORTS.payAcquirerFake);
});
test.afterAll(async () => {
  await fake?.close();
});
const SHOTS = process.env.PAYMENT_LINKS_SHOTS;

test('a card the acquirer has not confirmed shows "em verificação", then the confirmation, charged once', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The manager's seeded link (open, not single-use): its public address.
  await openAs(page, 'gerente@balcao.dev', '/cadastro/mepaylink');
  const seeded = page.getByTestId('link-card').filter({ hasText: '2 pagamentos' });
  const address = (await seeded.getByTestId('link-url').textContent())!;

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const payer = await phone.newPage();
  await payer.goto(address);
  await payer.getByText('Cartão', { exact: true }).click();
  await payer.getByLabel('Nome impresso no cartão').fill('MARIA SILVA');
  await payer.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
  await payer.getByLabel('Validade (MM/AA)').fill('1239');
  await payer.getByLabel('CVV').fill('123');
  // The acquirer answers after the server's 1 s timeout: the outcome is unknown.
  fake.delayMs = 4000;
  await payer.getByRole('button', { name: /^Pagar / }).click();
  const checking = payer.getByTestId('pay-checking');
  await expect(checking).toContainText('Pagamento em verificação.');
  await expect(checking).toContainText('Não pague de novo');
  await expect(payer.getByRole('button', { name: /^Pagar / })).toHaveCount(0);
  await expectAccessible(payer);
  if (SHOTS) await payer.screenshot({ path: `${SHOTS}/pay-checking-390.png` });
  fake.delayMs = 0;
  // The server's job asks the acquirer for the payment's key; the page, polling, shows the outcome.
  await expect(payer.getByTestId('pay-confirmation')).toContainText('Pagamento confirmado!', { timeout: 60_000 });
  await expectAccessible(payer);
  // One charge at the acquirer, keyed by the payment (the retry and the job sent nothing new).
  expect(fake.requests).toBe(1);
  expect(fake.unkeyed).toBe(0);
  await phone.close();
});
