/**
 * Issue 36 on the accreditation page: a provider that does not answer in time leaves the proposal
 * "em verificação"; the page says so (a toast and the row's badge, no error), keeps asking, and shows
 * the acquirer's proposal id once the server's job has asked the provider for that proposal's key.
 * The provider is a loopback fake written from the contract in adapters/types.ts, slower than the
 * server's timeout; it receives the proposal once.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';
import { FIXED_PORTS } from '../support/fixed-ports';
import { startFakeAccreditation, type FakeAccreditation } from '../support/fake-accreditation';

test.use({
  workerEnv: {
    BALCAO_E2E_ISOLATE: 'accreditation-checking',
    ACCREDITATION_PROVIDER_URL: `http://127.0.0.1:${FIXED_PORTS.accreditationFake}`,
    ACCREDITATION_PROVIDER_TOKEN: 'e2e',
    ACCREDITATION_PROVIDER_TIMEOUT_MS: '1000',
    JOBS_POLL_MS: '300',
  },
});

let fake: FakeAccreditation;
test.beforeAll(async () => {
  fake = await startFakeAccreditation({ port: FIXED_PORTS.accreditationFake, token: 'e2e' });
});
test.afterAll(async () => {
  await fake?.close();
});
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test('a proposal the provider has not answered shows "Em verificação", then its id, sent once', async ({ page }) => {
  test.setTimeout(90_000);
  fake.answerDelayMs = 2_500;
  await openAs(page, 'admin@balcao.dev', '/admin/credenciamento');
  await expect(page.getByRole('heading', { name: 'Credenciamento', level: 1 })).toBeVisible();
  const rows = page.getByTestId('proposal-row');
  await expect(rows).toHaveCount(4);

  await page.getByRole('checkbox', { name: 'Adquirente 15' }).check();
  await page.getByRole('button', { name: 'Credenciar' }).click();
  await expect(toast(page, 'Proposta em verificação no credenciador.')).toBeVisible();
  await expect(rows).toHaveCount(5);
  const sent = rows.filter({ has: page.getByTestId('proposal-checking') });
  await expect(sent).toContainText('Adquirente 15');
  await expect(sent).toContainText('Em verificação');
  // No error anywhere, and nothing to press again for it: 15 is blocked while its proposal is open.
  await expect(page.getByText('Ocorreu um erro')).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Adquirente 15' })).toBeDisabled();
  await expectAccessible(page);

  // The job asks the provider by the proposal's key; the page, polling, shows the acquirer's id.
  const row15 = rows.filter({ hasText: 'PRP-15-0000001' });
  await expect(row15).toContainText('Pendente', { timeout: 30_000 });
  await expect(page.getByTestId('proposal-checking')).toHaveCount(0);
  expect(fake.posts).toHaveLength(1);
  expect(fake.created).toHaveLength(1);
  expect(fake.gets).toEqual([fake.posts[0].key]);
  await expectAccessible(page);
});
