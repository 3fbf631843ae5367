import type { Page } from '@playwright/test';
import { expect, openAs, test } from './fixtures';
import { expectAccessible } from './axe';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test.describe('stores (Cadastro de lojas)', () => {
  test('creates a store, closes it, opens it and deletes it', async ({ page }) => {
    await openAs(page, 'gerente@balcao.dev', '/cadastro/stores');
    await expect(page.getByRole('heading', { name: 'Cadastro de lojas' })).toBeVisible();
    // The seeded kitchen store shows four categories: three and a count.
    const kitchen = page.getByRole('article', { name: 'Loja Cozinha principal' });
    await expect(kitchen).toContainText('+1');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Nova loja' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova loja' });
    await expect(dialog).toBeVisible();
    // Esc closes the dialog.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Nova loja' }).click();

    await dialog.locator('input[type=file]').setInputFiles({ name: 'loja.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByRole('img', { name: 'Pré-visualização da imagem da loja' })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill('Pizzaria do pátio');
    await dialog.getByRole('textbox', { name: 'Posição' }).fill('4');
    await dialog.getByRole('combobox', { name: 'Usuários com acesso' }).click();
    await page.getByRole('option', { name: 'Tablet da Cozinha' }).click();
    await dialog.getByRole('combobox', { name: 'Categorias' }).fill('Pizza');
    await page.getByRole('option', { name: 'Pizza' }).click();
    await dialog.getByRole('combobox', { name: 'Categorias' }).fill('Forneria artesanal');
    await dialog.getByRole('combobox', { name: 'Categorias' }).press('Enter');
    // A sector only with a non-blank name.
    const addSector = dialog.getByRole('button', { name: 'Adicionar setor' });
    await expect(addSector).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Nome do setor' }).fill('   ');
    await expect(addSector).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Nome do setor' }).fill('Forno a lenha');
    await addSector.click();
    await expect(dialog.getByTestId('sector-chip')).toHaveText('Forno a lenha');
    // Weekly availability.
    await dialog.getByRole('combobox', { name: 'Dia da semana' }).click();
    await page.getByRole('option', { name: 'Sexta' }).click();
    await dialog.getByLabel('Início').fill('18:00');
    await dialog.getByLabel('Fim').fill('23:30');
    await dialog.getByRole('button', { name: 'Adicionar horário' }).click();
    await expect(dialog.getByRole('table', { name: 'Disponibilidade semanal' })).toContainText('Sexta18:0023:30');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Loja salva com sucesso!')).toBeVisible();

    const card = page.getByRole('article', { name: 'Loja Pizzaria do pátio' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Forneria artesanal');
    await expect(card).toContainText('Pizza');
    await expect(card.getByRole('img', { name: 'Imagem da loja Pizzaria do pátio' })).toBeVisible();
    await expect(card.getByTestId('store-status')).toHaveText('Aberta');

    // Edit keeps what was saved.
    await card.getByRole('button', { name: 'Editar loja Pizzaria do pátio' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar loja' });
    await expect(edit.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Pizzaria do pátio');
    await expect(edit.getByTestId('sector-chip')).toHaveText('Forno a lenha');
    await expect(edit.getByRole('table', { name: 'Disponibilidade semanal' })).toContainText('Sexta');
    await edit.getByRole('button', { name: 'Cancelar' }).click();

    await card.getByRole('button', { name: 'Fechar loja' }).click();
    await expect(toast(page, 'Loja fechada com sucesso!')).toBeVisible();
    await expect(card.getByTestId('store-status')).toHaveText('Fechada');
    await card.getByRole('button', { name: 'Abrir loja' }).click();
    await expect(toast(page, 'Loja aberta com sucesso!')).toBeVisible();
    await expect(card.getByTestId('store-status')).toHaveText('Aberta');

    await card.getByRole('button', { name: 'Excluir loja Pizzaria do pátio' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir loja' });
    await expect(confirm).toContainText('Os produtos vinculados a esta loja serão desvinculados. Esta ação não poderá ser desfeita.');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(card).toHaveCount(0);
  });

  test('needs the CadastroLoja role: the kitchen is sent to access denied', async ({ page }) => {
    await openAs(page, 'cozinha@balcao.dev', '/cadastro/stores');
    await page.waitForURL((u) => u.pathname === '/acessonegado');
    await expect(page.getByRole('heading', { name: 'Acesso negado/Proibido' })).toBeVisible();
  });
});
