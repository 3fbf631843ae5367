/**
 * Issue 36 on the public donation page: one Idempotency-Key per donation attempt, so a donor's
 * double click pays once; an acquirer that does not answer in time leaves the card donation "em
 * verificação" (a polite live region, no second "Doar"), and the page shows the confirmation once
 * the server's job has asked the acquirer for that donation's key. The acquirer is a fake written
 * from our contract (tests/support/fake-acquirer.ts), slower than the server's timeout when asked.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { FIXED_PORTS } from '../support/fixed-ports';
import { startFakeAcquirer, type FakeAcquirer } from '../support/fake-acquirer';

test.use({
  workerEnv: {
    BALCAO_E2E_ISOLATE: 'donations-checking',
    DONATION_ACQUIRER_URL: `http://127.0.0.1:${FIXED_PORTS.donationAcquirerFake}`,
    DONATION_ACQUIRER_TOKEN: 'e2e',
    DONATION_ACQUIRER_TIMEOUT_MS: '1000',
    PAYMENT_CHECK_DELAY_MS: '2500',
    JOBS_POLL_MS: '300',
  },
});

let fake: FakeAcquirer;
test.beforeAll(async () => {
  fake = await startFakeAcquirer(FIXED_PORTS.donationAcquirerFake);
});
test.afterAll(async () => {
  await fake?.close();
});
const SHOTS = process.env.DONATIONS_SHOTS;

async function fillCardDonation(donor: Page, name: string) {
  await donor.goto('/doar/natal-solidario?link=sbxlnk_demo_amigos_100');
  await expect(donor.getByRole('button', { name: 'Quero doar R$ 100,00' })).toBeVisible();
  await donor.getByRole('textbox', { name: 'Nome completo' }).fill(name);
  await donor.getByRole('textbox', { name: 'E-mail' }).fill('doadora@exemplo.com.br');
  await donor.getByText('Cartão de crédito').click();
  await donor.getByRole('textbox', { name: 'Número do cartão' }).fill('4111 1111 1111 1111');
  await donor.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill(name.toUpperCase());
  await donor.getByRole('textbox', { name: 'Validade (MM/AA)' }).fill('12/30');
  await donor.getByRole('textbox', { name: 'CVV' }).fill('123');
}

test('a donor who double-clicks "Doar" is charged once; both sends carry one Idempotency-Key', async ({ browser, baseURL }) => {
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const donor = await phone.newPage();
  await fillCardDonation(donor, 'Dora Duplo');
  fake.delayMs = 300;
  const before = fake.charges.size;
  const keys: string[] = [];
  donor.on('request', (r) => {
    if (r.method() === 'POST' && /\/payments$/.test(new URL(r.url()).pathname)) keys.push(r.headers()['idempotency-key']);
  });
  // The first answer is lost on the way back (the server charged): the donor presses again.
  let lost = false;
  await donor.route('**/api/public/donation/**/payments', async (route) => {
    if (!lost) {
      lost = true;
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  const doar = donor.getByRole('button', { name: 'Quero doar R$ 100,00' });
  await doar.dblclick();
  await expect(donor.getByRole('alert')).toBeVisible();
  await doar.click();
  await expect(donor.getByRole('heading', { name: 'Doação confirmada!' })).toBeVisible();
  await expectAccessible(donor);
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys).size).toBe(1);
  expect(fake.charges.size - before).toBe(1);
  expect(fake.unkeyed).toBe(0);
  await phone.close();
});

test('a card the acquirer has not confirmed shows "em verificação", then the confirmation, charged once', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const donor = await phone.newPage();
  await fillCardDonation(donor, 'Vera Verificação');
  const before = fake.requests;
  // The acquirer answers after the server's 1 s timeout: the outcome is unknown.
  fake.delayMs = 4000;
  await donor.getByRole('button', { name: 'Quero doar R$ 100,00' }).click();
  const checking = donor.getByTestId('payment-checking');
  await expect(checking).toContainText('Pagamento em verificação.');
  await expect(checking).toContainText('Não pague de novo');
  await expect(checking).toHaveAttribute('aria-live', 'polite');
  await expect(donor.getByRole('button', { name: 'Quero doar R$ 100,00' })).toHaveCount(0);
  await expectAccessible(donor);
  if (SHOTS) await donor.screenshot({ path: `${SHOTS}/donation-checking-390.png` });
  fake.delayMs = 0;
  // The server's job asks the acquirer for the donation's key; the page, polling, shows the outcome.
  await expect(donor.getByRole('heading', { name: 'Doação confirmada!' })).toBeVisible({ timeout: 60_000 });
  await expectAccessible(donor);
  expect(fake.requests - before).toBe(1);
  expect(fake.unkeyed).toBe(0);
  await phone.close();
});
