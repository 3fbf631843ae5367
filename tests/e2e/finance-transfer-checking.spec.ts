/**
 * A bank that answers after our timeout (issue 36), through a loopback bank written from the bank
 * contract (tests/support/fake-bank.ts): the transfer screen shows "Transferência em verificação"
 * (never an error), the settle job asks the bank GET /transfers/{key}, and the screen then shows the
 * outcome with the bank's protocol; the bank saw one POST, keyed by our transfer id.
 */
import { startFakeBank, type FakeBank } from '../support/fake-bank';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { choose, openAsAdmin } from './finance-helpers';

// The server starts with this bank's address; the bank itself starts before the first test.
const BANK_PORT = 20_000 + Math.floor(Math.random() * 20_000);
let bank: FakeBank;

test.use({
  workerEnv: { BANK_API_URL: `http://127.0.0.1:${BANK_PORT}`, BANK_API_TOKEN: 'bank-token', BANK_TIMEOUT_MS: '1000', JOBS_POLL_MS: '200' },
});
test.beforeAll(async () => {
  bank = await startFakeBank({ port: BANK_PORT, answerDelayMs: 2_500 });
});
test.afterAll(async () => bank?.close());

test('a transfer whose bank answers after the timeout shows "Transferência em verificação", then the bank’s outcome', async ({ page }) => {
  // The bank's late answer and the settle job's backoff take real seconds, and axe runs twice.
  test.setTimeout(240_000);
  await openAsAdmin(page, '/financeiro/transferenciaBs2');
  await expect(page.getByRole('heading', { name: 'Transferência' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Código do banco' }).fill('341');
  await page.getByRole('textbox', { name: 'Agência' }).fill('0742');
  await page.getByRole('textbox', { name: 'Conta', exact: true }).fill('458213');
  await page.getByRole('textbox', { name: 'Dígito' }).fill('3');
  await page.getByRole('textbox', { name: 'CPF/CNPJ do titular' }).fill('11222333000181');
  await page.getByRole('textbox', { name: 'Titular da conta' }).fill('Sabor da Casa Ltda');
  await page.getByRole('textbox', { name: 'Valor (R$)' }).fill('99,90');
  await choose(page, 'Tipo de conta', 'Conta corrente');
  await page.getByRole('button', { name: 'Transferir' }).click();
  await page.getByRole('dialog', { name: 'Confirmar transferência' }).getByRole('button', { name: 'Confirmar transferência' }).click();

  const status = page.getByRole('status').filter({ hasText: 'Transferência em verificação' });
  await expect(status).toBeVisible();
  await expect(status).toContainText('não será enviada de novo');
  await expect(page.getByText('Ocorreu um erro')).toHaveCount(0);
  await expect(page.getByText('Erro ao gerar transferência')).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/transfer-checking-1366.png' });

  // The settle job asks the bank and the page follows the transfer to its outcome.
  const sent = page.getByRole('status').filter({ hasText: 'Transferência enviada com sucesso!' });
  await expect(sent).toBeVisible({ timeout: 30_000 });
  expect(bank.posts).toHaveLength(1);
  const [key] = [...bank.transfers.keys()];
  expect(bank.posts[0].key).toBe(key);
  expect(bank.gets).toContain(key);
  await expect(sent).toContainText(`Protocolo ${bank.transfers.get(key)!.protocol}.`);
  await expectAccessible(page);
});
