import { DEMO_FINANCE } from '../../src/server/modules/finance/finance.seed';
import { addDays, saoPauloDay } from '../../src/shared/finance';
import { expectAccessible } from './axe';
import { expect, test, waitForMail } from './fixtures';
import { choose, openAsAdmin, toast, typeDate } from './finance-helpers';

test('daily withdrawals: today by type, a day without withdrawals, the date kept in the URL', async ({ page }) => {
  await openAsAdmin(page, '/financeiro/saquesDiarios');
  await expect(page.getByRole('heading', { name: 'Saques diários' })).toBeVisible();
  await expect(page.getByText('Banco: Sandbox')).toBeVisible();
  await expect(page.getByTestId('withdrawal-type-row').first()).toBeVisible();
  await expect(page.getByTestId('withdrawal-total')).toContainText('R$');
  await expectAccessible(page);
  await typeDate(page, 'Data', '2020-01-06');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.waitForURL((u) => u.searchParams.get('data') === '2020-01-06');
  await expect(page.getByText('Não há dados disponíveis no momento.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Não há dados disponíveis no momento.')).toBeVisible();
  await expectAccessible(page);
});

test('remittance: nothing selected is refused; select all shows 3 chips and +3; Gerar e-mails the file', async ({ page, server }) => {
  await openAsAdmin(page, '/financeiro/remessaAdiq');
  await expect(page.getByRole('heading', { name: 'Remessa' })).toBeVisible();
  const rows = page.getByTestId('remittance-row');
  await expect(rows).toHaveCount(6);
  await page.getByRole('button', { name: 'Gerar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Campo obrigatório' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: 'Selecionar todos' }).check();
  const chips = page.getByRole('group', { name: 'Selecionados' });
  await expect(chips.locator('.mantine-Pill-root')).toHaveCount(4);
  await expect(chips).toContainText('+3');
  await page.getByRole('checkbox', { name: 'Selecionar todos' }).uncheck();
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Gerar' }).click();
  await expect(toast(page, 'Arquivo enviado por e-mail')).toBeVisible();
  await expect(rows).toHaveCount(4);
  await expect(page.getByText(/Arquivo gerado: remessa-bs2-\d{8}-/)).toBeVisible();
  const mail = await waitForMail(server, 'admin@balcao.dev');
  expect(mail.subject).toContain('Remessa de saques - Restaurante Sabor da Casa');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar' }).click();
  expect((await download).suggestedFilename()).toMatch(/^remessa-bs2-.*\.rem$/);
  await expectAccessible(page);
});

test('bank transfer: all errors under the fields, agency on blur, then sent through the sandbox bank', async ({ page }) => {
  await openAsAdmin(page, '/financeiro/transferenciaBs2');
  await expect(page.getByRole('heading', { name: 'Transferência' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Transferir' });
  await expect(submit).toBeDisabled();
  const agency = page.getByRole('textbox', { name: 'Agência' });
  await agency.fill('74');
  await agency.blur();
  await expect(page.getByText('Agência deve conter exatamente 4 números.')).toBeVisible();
  await agency.fill('0742');
  await expect(page.getByText('Agência deve conter exatamente 4 números.')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'CPF/CNPJ do titular' }).fill('11222333000182');
  await submit.click();
  await expect(page.getByText('CPF ou CNPJ inválido.')).toBeVisible();
  await expect(page.getByText('Código do banco: 3 números.')).toBeVisible();
  await expect(page.getByText('Informe um valor maior que zero.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('textbox', { name: 'Código do banco' }).fill('341');
  await page.getByRole('textbox', { name: 'Conta', exact: true }).fill('458213');
  await page.getByRole('textbox', { name: 'Dígito' }).fill('3');
  await page.getByRole('textbox', { name: 'CPF/CNPJ do titular' }).fill('11222333000181');
  await expect(page.getByRole('textbox', { name: 'CPF/CNPJ do titular' })).toHaveValue('11.222.333/0001-81');
  await page.getByRole('textbox', { name: 'Titular da conta' }).fill('Sabor da Casa Ltda');
  const value = page.getByRole('textbox', { name: 'Valor (R$)' });
  await value.fill('1234,5');
  await value.blur();
  await expect(value).toHaveValue('1.234,50');
  await choose(page, 'Tipo de conta', 'Conta poupança');
  await submit.click();
  await expect(page.getByText('Conta poupança só para titular com CPF.')).toBeVisible();
  await choose(page, 'Tipo de conta', 'Conta corrente');

  // The first attempt reaches the bank but its answer is lost (a timeout): the retry of the same
  // transfer carries the same Idempotency-Key and is answered from the first one, not sent again.
  const keys: string[] = [];
  let replayed = '';
  await page.route('**/api/**', async (route) => {
    if (!/transfer/i.test(new URL(route.request().url()).pathname) || route.request().method() !== 'POST') return route.continue();
    keys.push((await route.request().allHeaders())['idempotency-key'] ?? '');
    const res = await route.fetch();
    if (keys.length === 1) return route.abort('timedout');
    replayed = res.headers()['idempotent-replayed'] ?? '';
    return route.fulfill({ response: res });
  });
  await submit.click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar transferência' });
  await expect(dialog).toContainText('R$ 1.234,50 serão transferidos para Sabor da Casa Ltda (11.222.333/0001-81), banco 341, agência 0742');
  await expect(dialog).toContainText('Esta ação não pode ser desfeita.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  expect(keys).toEqual([]);
  await submit.click();
  await dialog.getByRole('button', { name: 'Confirmar transferência' }).click();
  await expect(toast(page, 'Erro ao gerar transferência. Tente novamente.')).toBeVisible();
  await submit.click();
  await dialog.getByRole('button', { name: 'Confirmar transferência' }).click();
  await expect(toast(page, /Transferência enviada com sucesso! Protocolo BS2/)).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(replayed).toBe('true');
  await expect(agency).toHaveValue('');
});

test('withdrawal date: id required, not found, then the receipt date changes', async ({ page }) => {
  await openAsAdmin(page, '/financeiro/atualizarDataSaque');
  await expect(page.getByRole('heading', { name: 'Atualizar data de saque' })).toBeVisible();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Por favor, informe o ID do saque')).toBeVisible();
  await expectAccessible(page);
  const field = page.getByRole('textbox', { name: 'ID do saque' });
  await field.fill(DEMO_FINANCE.schoolWithdrawal);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Saque não encontrado')).toBeVisible();
  await field.fill(DEMO_FINANCE.withdrawal);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const info = page.getByTestId('withdrawal-info');
  await expect(info).toContainText('R$ 18.750,40');
  await expect(info).toContainText('Sabor da Casa Ltda');
  await expectAccessible(page);
  const day = addDays(saoPauloDay(), 1);
  await typeDate(page, 'Nova data de recebimento', day);
  await page.getByRole('button', { name: 'Atualizar data' }).click();
  await expect(toast(page, 'Data de recebimento atualizada com sucesso!')).toBeVisible();
  const [y, m, d] = day.split('-');
  await expect(info).toContainText(`${d}/${m}/${y}`);
});
