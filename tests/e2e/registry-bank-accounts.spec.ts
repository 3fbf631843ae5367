/**
 * Contas bancárias (spec 001 §2.14, issue 24) in a real browser: the place's accounts and Pix key,
 * the spec's agency rule, and the accounts as the bank data donation institutions pick.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { signInToInstitute } from './donations-helpers';
import { expect, openAs, test } from './fixtures';

// A server of its own: these tests create and delete bank accounts.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'registry-bank-accounts' } });

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function fillAccount(page: Page, v: { bank: string; agency: string; account: string; digit: string; holder: string; doc: string }) {
  const d = page.getByRole('dialog', { name: 'Nova conta bancária' });
  await d.getByLabel('Código do banco').fill(v.bank);
  await d.getByLabel('Agência').fill(v.agency);
  await d.getByLabel(/^Conta( \*)?$/).fill(v.account);
  await d.getByLabel('Dígito').fill(v.digit);
  await d.getByLabel('Titular da conta').fill(v.holder);
  await d.getByLabel('CPF/CNPJ do titular').fill(v.doc);
  return d;
}

test.describe('Contas bancárias', () => {
  test("adds an account whose Pix key becomes the place's key, with the spec's agency rule", async ({ page }) => {
    await openAs(page, 'gerente@balcao.dev', '/configuracoes/contasBancarias');
    await expect(page.getByRole('heading', { name: 'Contas bancárias', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Contas bancárias/);
    const table = page.getByRole('table', { name: 'Contas bancárias' });
    const itau = table.getByRole('row', { name: /Itaú — Ag. 0912 \/ CC 45678-3/ });
    await expect(itau).toContainText('Chave do estabelecimento');
    await expect(itau).toContainText('12.345.678/0001-95');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Nova conta bancária' }).first().click();
    const dialog = await fillAccount(page, { bank: '260', agency: '12', account: '9988776', digit: '5', holder: 'Restaurante Sabor da Casa Ltda', doc: '12345678000195' });
    await expect(dialog.getByText('Nubank')).toBeVisible();
    await dialog.getByLabel(/^Conta( \*)?$/).focus();
    await expect(dialog.getByText('Agência deve conter exatamente 4 números.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Agência').fill('0001');
    await dialog.getByRole('combobox', { name: 'Tipo da chave Pix' }).click();
    await page.getByRole('option', { name: 'Telefone' }).click();
    await dialog.getByLabel(/^Chave Pix( \*)?$/).fill('123');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Chave Pix inválida para o tipo escolhido.')).toBeVisible();
    await dialog.getByLabel(/^Chave Pix( \*)?$/).fill('(11) 98765-4321');
    await dialog.getByLabel('Usar esta chave como a chave Pix do estabelecimento').check();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Conta bancária cadastrada com sucesso.')).toBeVisible();

    const nubank = table.getByRole('row', { name: /Nubank — Ag. 0001 \/ CC 9988776-5/ });
    await expect(nubank).toContainText('Telefone: +5511987654321');
    await expect(nubank).toContainText('Chave do estabelecimento');
    await expect(itau).not.toContainText('Chave do estabelecimento');

    // Deleting it hands the place's key back to the account that still has one.
    await page.getByRole('button', { name: 'Excluir conta Nubank — Ag. 0001 / CC 9988776-5' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir conta bancária' });
    await expect(confirm).toContainText('Esta ação não poderá ser desfeita.');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, 'Conta bancária excluída com sucesso.')).toBeVisible();
    await expect(nubank).toHaveCount(0);
    await expect(itau).toContainText('Chave do estabelecimento');
  });

  test("a donation institution picks one of the place's accounts; one in use is kept", async ({ page }) => {
    await signInToInstitute(page);
    await page.goto('/configuracoes/contasBancarias');
    const table = page.getByRole('table', { name: 'Contas bancárias' });
    const bb = table.getByRole('row', { name: /Banco do Brasil — Ag. 1234/ });
    await expect(bb).toContainText('Casa de Acolhida Esperança');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Nova conta bancária' }).first().click();
    const dialog = await fillAccount(page, { bank: '756', agency: '3001', account: '445566', digit: 'x', holder: 'Instituto Mãos que Ajudam', doc: '98765432000198' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Conta bancária cadastrada com sucesso.')).toBeVisible();
    await expect(table.getByRole('row', { name: /Sicoob — Ag. 3001 \/ CC 445566-X/ })).toContainText('Sem chave Pix');

    await page.getByRole('button', { name: /^Excluir conta Banco do Brasil/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir conta bancária' });
    await expect(confirm).toContainText('Esta conta é o dado bancário de "Casa de Acolhida Esperança"');
    await confirm.getByRole('button', { name: 'Tentar excluir' }).click();
    await expect(toast(page, 'Escolha outra conta na instituição antes de excluir.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();

    await page.goto('/doacoes/instituicoes/cadastrar');
    await page.getByRole('combobox', { name: 'Dado bancário' }).click();
    await expect(page.getByRole('option', { name: 'Sicoob — Ag. 3001 / CC 445566-X' })).toBeVisible();
  });
});
