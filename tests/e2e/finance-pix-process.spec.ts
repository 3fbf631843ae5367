import { DEMO_FINANCE } from '../../src/server/modules/finance/finance.seed';
import { addDays, saoPauloDay } from '../../src/shared/finance';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';
import { choose, openAsAdmin, toast, typeDate } from './finance-helpers';

test('Pix lookup: update status of a pending order, refund an approved one after confirming', async ({ page }) => {
  await openAsAdmin(page, '/admin/TransactionsProcess/pixTransaction');
  await expect(page.getByRole('heading', { name: 'Transação Pix' })).toBeVisible();
  await expect(page).toHaveTitle('Transação Pix · Balcão');
  await expect(page.getByText('Adquirente: Sandbox')).toBeVisible();
  const search = page.getByRole('button', { name: 'Buscar' });
  await expect(search).toBeDisabled();
  await expectAccessible(page);

  const field = page.getByRole('textbox', { name: 'Id do pagamento Pix' });
  await field.fill('nao-existe');
  await search.click();
  await expect(page.getByText('Pagamento Pix não encontrado')).toBeVisible();

  await field.fill(DEMO_FINANCE.pixPending);
  await search.click();
  const card = page.getByTestId('pix-order');
  await expect(card).toContainText('Pendente');
  await expect(card).toContainText('R$ 47,90');
  await expect(card.getByRole('button', { name: 'Estornar' })).toHaveCount(0);
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Atualizar status' }).click();
  await expect(toast(page, 'Status atualizado com sucesso!')).toBeVisible();
  await expect(card).toContainText('Aprovado');
  await expect(card.getByRole('button', { name: 'Atualizar status' })).toHaveCount(0);

  await field.fill(DEMO_FINANCE.pixApprovedE2e);
  await search.click();
  await expect(card).toContainText('R$ 150,00');
  await card.getByRole('button', { name: 'Estornar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Estornar pagamento Pix' });
  await expect(dialog).toContainText('Esta ação não pode ser desfeita.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Confirmar estorno' }).click();
  await expect(toast(page, 'Estorno realizado com sucesso!')).toBeVisible();
  await expect(card).toContainText('Estornado');
  await expect(card.getByRole('button', { name: 'Estornar' })).toHaveCount(0);
  // The refund (the PSP's devolução, run by the server's job queue) is listed with its state.
  const refunds = card.getByRole('region', { name: 'Devoluções deste pagamento' });
  await expect(refunds.getByTestId('pix-refund')).toHaveCount(1);
  await expect(refunds.getByTestId('pix-refund')).toContainText('R$ 150,00');
  await expect(refunds.getByTestId('pix-refund')).toContainText('Estorno realizado');
  await expectAccessible(page);
});

test('process transactions: the dialog shows every error at once, keeps the date window, then sends', async ({ page }) => {
  await openAsAdmin(page, '/admin/TransactionsProcess/transactionsProcess');
  await expect(page.getByRole('heading', { name: 'Processar transações' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Processar transação' }).click();
  const dialog = page.getByRole('dialog', { name: 'Processar transação' });
  await dialog.getByRole('textbox', { name: 'Local Id' }).fill('');
  await dialog.getByRole('button', { name: 'Processar' }).click();
  await expect(dialog.getByText('Preencha o Local id para continuar')).toBeVisible();
  await expect(dialog.getByText('Preencha a conta bancária para continuar')).toBeVisible();
  await expect(dialog.getByText('Preencha a data para continuar')).toHaveCount(2);
  await expect(dialog.getByText('Preencha o número de série para continuar')).toBeVisible();
  await expectAccessible(page);

  const restaurant = await page.evaluate(() => JSON.parse(localStorage.getItem('balcao.session')!).currentLocation.localId as string);
  await dialog.getByRole('textbox', { name: 'Local Id' }).fill(restaurant);
  await choose(page, 'Conta bancária', /Itaú - Sabor da Casa/);
  const today = saoPauloDay();
  await typeDate(page, 'Data inicial', addDays(today, -2));
  await typeDate(page, 'Data final', today);
  await dialog.getByRole('textbox', { name: 'Números de série' }).fill(`${DEMO_FINANCE.serials[0]}; ${DEMO_FINANCE.serials[1]}`);
  await expect(dialog.getByRole('radio', { name: '3' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Processar' }).click();
  await expect(toast(page, 'Enviado para processamento!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('last-process')).toContainText(/\d+ transação\(ões\), R\$ [\d.,]+/);
});

test('totem: bank data loads once a valid id is typed; Process needs every field', async ({ page }) => {
  await openAsAdmin(page, '/admin/processTotemTransactions/ProcessTotemTransactionsPage');
  await expect(page.getByRole('heading', { name: 'Transações de totem' })).toBeVisible();
  const site = page.getByRole('textbox', { name: 'Id do local' });
  const restaurant = await site.inputValue();
  await site.fill('abc');
  await expect(page.getByText('Local id inválido.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Dados bancários' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Processar' })).toBeDisabled();
  await expectAccessible(page);
  await site.fill(restaurant);
  await choose(page, 'Dados bancários', /MP Pagamentos - Conta digital/);
  await page.getByRole('textbox', { name: 'Id da transação do adquirente' }).fill('7C1E4B2A-99D0-4E6F-8A11-0B2C3D4E5F60');
  await page.getByRole('button', { name: 'Processar' }).click();
  await expect(toast(page, /Processamento realizado com sucesso - TransacaoPOSId: \d+/)).toBeVisible();
  // The next transaction of the same site: only the transaction id clears.
  await expect(page.getByRole('textbox', { name: 'Id da transação do adquirente' })).toHaveValue('');
  await expect(site).toHaveValue(restaurant);
  await expect(page.getByRole('combobox', { name: 'Dados bancários' })).toHaveValue(/MP Pagamentos - Conta digital/);
  await expectAccessible(page);
});

test('the manager cannot open the acquirer tools', async ({ page }) => {
  await openAs(page, 'gerente@balcao.dev', '/admin/TransactionsProcess/pixTransaction');
  await page.waitForURL((u) => u.pathname === '/acessonegado');
  await page.goto('/financeiro/remessaAdiq');
  await page.waitForURL((u) => u.pathname === '/acessonegado');
});
