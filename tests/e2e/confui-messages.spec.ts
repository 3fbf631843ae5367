/**
 * The spec's own failure messages (spec 000 §8, 001 §8): a failed call shows the server's Message
 * when it sends one, otherwise the screen's text from the spec; the donor-report download fails
 * silently. Failures are forced by answering the one call from the test (page.route); everything
 * else is the real server.
 */
import type { Page, Route } from '@playwright/test';
import { expectAccessible } from './axe';
import { signInToInstitute } from './donations-helpers';
import { expect, PASSWORD, openAs, test } from './fixtures';
import { openAsAdmin } from './finance-helpers';

// A server of its own: the last test saves the restaurant's accreditation contact.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'confui-messages' } });

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const fail = (status: number, body?: unknown) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: body === undefined ? '' : JSON.stringify(body) });

async function signInAsManager(page: Page, path: string) {
  await openAs(page, 'gerente@balcao.dev', path);
}

test('customer alerts: the server Message when sent, else "Não foi posível criar/remover o alerta!"', async ({ page }) => {
  await signInAsManager(page, '/cadastro/clientes?nome=ana%20beatriz');
  const create = async () => {
    await page.getByRole('button', { name: 'Alertar Ana Beatriz Souza' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar alerta' });
    await dialog.getByLabel('Justificativa').fill('Pediu para avisar o gerente.');
    await dialog.getByRole('button', { name: 'Criar alerta' }).click();
  };
  await page.route(/\/api\/UserAlert\/?$/i, fail(500));
  await create();
  await expect(toast(page, 'Não foi posível criar o alerta!')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await page.unroute(/\/api\/UserAlert\/?$/i);
  await page.route(/\/api\/UserAlert\/?$/i, fail(400, { Message: 'Cliente já possui alerta ativo.' }));
  await create();
  await expect(toast(page, 'Cliente já possui alerta ativo.')).toBeVisible();

  await page.goto('/cadastro/clientes?nome=vinicius');
  await page.route(/\/api\/UserAlert\/Disarm/i, fail(500));
  await page.getByRole('button', { name: 'Remover alerta de Vinícius Castro' }).click();
  const disarm = page.getByRole('dialog', { name: 'Remover alerta' });
  await disarm.getByLabel('Justificativa').fill('Resolvido.');
  await disarm.getByRole('button', { name: 'Remover alerta' }).click();
  await expect(toast(page, 'Não foi posível remover o alerta!')).toBeVisible();
});

test('payment link: a null result gives the spec text; installments are left to the server, whose message shows under the field', async ({ page }) => {
  await signInAsManager(page, '/cadastro/mepaylink/formulario');
  const form = page.getByRole('form', { name: 'Cadastrar Link' });
  await form.getByLabel('Preço').fill('10,00');
  // Not clamped nor refused in the browser: the server answers for installments.
  await form.getByLabel('Parcelas máximas').fill('40');
  await form.getByLabel('Parcelas máximas').blur();
  await expect(form.getByLabel('Parcelas máximas')).toHaveValue('40');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText('O número de parcelas deve ser de 0 a 12.')).toBeVisible();
  await expect(toast(page, 'O número de parcelas deve ser de 0 a 12.')).toBeVisible();
  await expectAccessible(page);

  await form.getByLabel('Parcelas máximas').fill('2');
  await page.route(/\/api\/mepaylink\/Add/i, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: 'null' }));
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Erro ao atualizar o link. Verifique se os campos estão preenchidos corretamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/cadastro\/mepaylink\/formulario/);
});

test('recharge planning: the server Message, else "Não foi possível realizar o planejamento de recarga!"', async ({ page }) => {
  await signInAsManager(page, '/cashless/relatorios/saldoNegativo');
  await expect(page.getByRole('heading', { name: 'Saldo negativo' })).toBeVisible();
  await page.route(/\/api\/SaldoNegativo\/CriarPlanejamentoRecarga/i, fail(500));
  await page.getByRole('button', { name: 'Planejar recarga' }).click();
  const plan = page.getByRole('dialog', { name: 'Planejar recarga' });
  await plan.getByLabel('Sua senha').fill(PASSWORD);
  await plan.getByRole('button', { name: 'Planejar' }).click();
  await expect(toast(page, 'Não foi possível realizar o planejamento de recarga!')).toBeVisible();
  await page.unroute(/\/api\/SaldoNegativo\/CriarPlanejamentoRecarga/i);
  await page.route(/\/api\/SaldoNegativo\/CriarPlanejamentoRecarga/i, fail(400, { Message: 'Não há usuários com saldo negativo.' }));
  await plan.getByRole('button', { name: 'Planejar' }).click();
  await expect(toast(page, 'Não há usuários com saldo negativo.')).toBeVisible();
});

test('finance pages: a 500 with a Message shows it; without one "Algo deu errado, se o erro persistir…"', async ({ page }) => {
  await page.route(/GetBS2TodayWithdrawals/i, fail(500, { Message: 'Banco BS2 indisponível no momento.' }));
  await openAsAdmin(page, '/financeiro/remessaAdiq');
  await expect(page.getByRole('alert').filter({ hasText: 'Banco BS2 indisponível no momento.' })).toBeVisible();
  await expectAccessible(page);

  await page.route(/GetDailyWithdrawalReport/i, fail(500));
  await page.goto('/financeiro/saquesDiarios');
  await expect(page.getByRole('alert').filter({ hasText: 'Algo deu errado, se o erro persistir entre em contato com o administrador!' })).toBeVisible();

  // A call, not a list: generating the remittance.
  await page.unroute(/GetBS2TodayWithdrawals/i);
  await page.route(/CreateNewBS2CnabFile/i, fail(500));
  await page.goto('/financeiro/remessaAdiq');
  await page.getByTestId('remittance-row').first().getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Gerar' }).click();
  await expect(toast(page, 'Algo deu errado, se o erro persistir entre em contato com o administrador!')).toBeVisible();
  await page.unroute(/CreateNewBS2CnabFile/i);
  await page.route(/CreateNewBS2CnabFile/i, fail(500, { Message: 'Remessa já enviada hoje.' }));
  await page.getByRole('button', { name: 'Gerar' }).click();
  await expect(toast(page, 'Remessa já enviada hoje.')).toBeVisible();
});

test('donor report: a failed Excel download is silent (spec 000 §8)', async ({ page }) => {
  await signInToInstitute(page);
  await page.goto('/doacoes/relatorio');
  await page.getByRole('combobox', { name: 'Evento' }).click();
  await page.getByRole('option', { name: 'Natal Solidário 2026' }).click();
  let asked = false;
  await page.route(/\/api\/DonorReport\/DownloadMeepDonor/i, (route) => {
    asked = true;
    return fail(500, { Message: 'Falha ao gerar planilha.' })(route);
  });
  const button = page.getByRole('button', { name: 'Gerar Excel' });
  await button.click();
  await expect.poll(() => asked).toBe(true);
  await expect(button).not.toHaveAttribute('data-loading');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await expectAccessible(page);
});

test('accreditation contact: check digits refused with "CPF inválido"; the alphanumeric CNPJ typed, masked and saved', async ({ page }) => {
  await openAsAdmin(page, '/admin/credenciamento');
  const contact = page.getByRole('form', { name: 'Contato' });
  const doc = contact.getByRole('textbox', { name: 'CPF/CNPJ' });
  await contact.getByRole('textbox', { name: 'Nome' }).fill('Carla Menezes');
  await contact.getByRole('textbox', { name: 'Telefone' }).fill('912345678');
  await contact.getByRole('textbox', { name: 'Data de nascimento' }).fill('02/05/1990');
  await contact.getByRole('textbox', { name: 'E-mail' }).fill('carla@sabordacasa.com.br');
  for (const bad of ['52998224726', '11111111111', '11222333000182']) {
    await doc.fill(bad);
    await contact.getByRole('button', { name: 'Salvar contato' }).click();
    await expect(contact.getByText('CPF inválido')).toBeVisible();
  }
  await expect(toast(page, 'Contato salvo com sucesso!')).toHaveCount(0);
  await expectAccessible(page);
  await doc.fill('');
  await doc.pressSequentially('12abc34501de35');
  await expect(doc).toHaveValue('12.ABC.345/01DE-35');
  await contact.getByRole('button', { name: 'Salvar contato' }).click();
  await expect(toast(page, 'Contato salvo com sucesso!')).toBeVisible();
});
