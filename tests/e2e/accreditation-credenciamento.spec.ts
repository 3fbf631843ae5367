import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function openAsAdmin(page: Page, path: string) {
  await openAs(page, 'admin@balcao.dev', path);
}

test('credenciamento: proposals in every state, the picker rules, activation after confirmation', async ({ page }) => {
  await openAsAdmin(page, '/admin/credenciamento');
  await expect(page).toHaveTitle('Credenciamento · Balcão');
  await expect(page.getByRole('heading', { name: 'Credenciamento', level: 1 })).toBeVisible();
  await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();
  await expect(page.getByText('11.222.333/0001-81')).toBeVisible();
  const rows = page.getByTestId('proposal-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'Adquirente 15' })).toContainText('Rejeitada');
  await expect(rows.filter({ hasText: 'Adquirente 15' })).toContainText('Documento do sócio ilegível');
  await expect(rows.filter({ hasText: 'Adiq (10)' })).toContainText('Pendente');
  await expect(rows.filter({ hasText: 'Adquirente 3 (cartões)' })).toContainText('Ativo');
  // Picker: Adiq blocked while its proposal is pending; 15 free after the rejection.
  await expect(page.getByRole('checkbox', { name: 'Adiq (10)' })).toBeDisabled();
  await expect(page.getByText('Já existe uma proposta pendente para este adquirente.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Adquirente 15' })).toBeEnabled();
  // The contact form is filled from the saved contact.
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Carlos Eduardo Lima');
  await expect(page.getByRole('textbox', { name: 'Data de fundação' })).toHaveValue('01/08/2012');
  await expectAccessible(page);

  // Activation after confirmation.
  const approved = rows.filter({ hasText: 'Adquirente própria (4)' });
  await approved.getByRole('button', { name: 'Ativar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ativar adquirente' });
  await expect(dialog).toContainText('PRP-4-5520931');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(toast(page, 'Adquirente ativado com sucesso!')).toBeVisible();
  await expect(approved).toContainText('Ativo');
  await expect(rows.filter({ hasText: 'Adquirente 3 (cartões)' }).getByRole('button', { name: 'Ativar' })).toBeVisible();

  // Accredit with 15: a new pending proposal, and 15 becomes blocked.
  await page.getByRole('checkbox', { name: 'Adquirente 15' }).check();
  await page.getByRole('button', { name: 'Credenciar' }).click();
  await expect(toast(page, 'Credenciamento enviado!')).toBeVisible();
  await expect(rows).toHaveCount(5);
  await expect(page.getByRole('checkbox', { name: 'Adquirente 15' })).toBeDisabled();

  // The management portal opens in a new tab (the sandbox's address, answered here).
  await page.context().route('https://sandbox.credenciamento.balcao.dev/**', (r) => r.fulfill({ contentType: 'text/html', body: '<title>Gestão</title>' }));
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Abrir portal de gestão' }).click();
  const tab = await popup;
  await tab.waitForURL('https://sandbox.credenciamento.balcao.dev/gestao/11222333000181');
  await tab.close();
});

test('credenciamento: the contact and department forms show every error at once', async ({ page }) => {
  await openAsAdmin(page, '/admin/credenciamento');
  const contact = page.getByRole('form', { name: 'Contato' });
  await contact.getByRole('textbox', { name: 'Nome' }).fill('Jo');
  await contact.getByRole('textbox', { name: 'CPF/CNPJ' }).fill('123');
  await contact.getByRole('textbox', { name: 'Telefone' }).fill('12');
  await contact.getByRole('textbox', { name: 'Data de nascimento' }).fill('31/02/1990');
  await contact.getByRole('textbox', { name: 'E-mail' }).fill('');
  await contact.getByRole('button', { name: 'Salvar contato' }).click();
  await expect(contact.getByText('Nome muito curto')).toBeVisible();
  await expect(contact.getByText('CPF inválido')).toBeVisible();
  await expect(contact.getByText('Telefone inválido')).toBeVisible();
  await expect(contact.getByText('Formato de data inválido')).toBeVisible();
  await expect(contact.getByText('Obrigatório')).toBeVisible();
  await expectAccessible(page);
  await contact.getByRole('textbox', { name: 'Nome' }).fill('Carla Menezes');
  await contact.getByRole('textbox', { name: 'CPF/CNPJ' }).fill('390.533.447-05');
  await contact.getByRole('textbox', { name: 'Telefone' }).fill('912345678');
  await contact.getByRole('textbox', { name: 'Data de nascimento' }).fill('02/05/1990');
  await contact.getByRole('textbox', { name: 'E-mail' }).fill('carla@sabordacasa.com.br');
  await contact.getByRole('button', { name: 'Salvar contato' }).click();
  await expect(toast(page, 'Contato salvo com sucesso!')).toBeVisible();

  const dept = page.getByRole('form', { name: 'Estabelecimento' });
  await dept.getByRole('textbox', { name: 'Data de fundação' }).fill('31/13/2011');
  await dept.getByRole('button', { name: 'Salvar estabelecimento' }).click();
  await expect(dept.getByText('Formato de data inválido')).toBeVisible();
  await dept.getByRole('textbox', { name: 'Data de fundação' }).fill('15/09/2011');
  await dept.getByRole('button', { name: 'Salvar estabelecimento' }).click();
  await expect(toast(page, 'Dados do estabelecimento salvos com sucesso!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Carla Menezes');
  await expect(page.getByRole('textbox', { name: 'Data de fundação' })).toHaveValue('15/09/2011');
});

test('the manager has no accreditation role', async ({ page }) => {
  await openAs(page, 'gerente@balcao.dev', '/admin/credenciamento');
  await page.waitForURL((u) => u.pathname === '/acessonegado');
  await expect(page.getByRole('heading', { name: 'Acesso negado/Proibido' })).toBeVisible();
});
