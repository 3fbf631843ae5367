import type { Page } from '@playwright/test';
import { expect, openAs, test } from './fixtures';
import { expectAccessible } from './axe';

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

test.describe('access limits (Limitações de Acesso)', () => {
  test('limits a user by category, adds another category, removes one product and then all', async ({ page }) => {
    await openAs(page, 'gerente@balcao.dev', '/produtos/limitarAcesso');
    await expect(page.getByRole('heading', { name: 'Limitações de Acesso' })).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByText('Não há usuários com limitações de acesso')).toBeVisible();

    await page.getByRole('button', { name: 'Criar' }).click();
    await expect(toast(page, 'Selecione um usuário para continuar.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Usuário' }).click();
    await page.getByRole('option', { name: 'Tablet da Cozinha' }).click();
    await page.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Bebidas (3)' }).click();
    await page.getByRole('button', { name: 'Criar' }).click();
    await expect(toast(page, 'Usuário limitado com sucesso!')).toBeVisible();

    const card = page.getByRole('article', { name: 'Limitações de Tablet da Cozinha' });
    await expect(card).toContainText('cozinha@balcao.dev');
    await expect(card.getByTestId('limit-count')).toHaveText('3 produtos');
    await expect(card.getByTestId('limit-product')).toHaveText(['Água mineral', 'Refrigerante lata', 'Suco natural de laranja']);

    await card.getByRole('button', { name: 'Add por categoria' }).click();
    const dialog = page.getByRole('dialog', { name: 'Limitar acesso de produtos por categoria' });
    await dialog.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Sobremesas (2)' }).click();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, 'Produtos adicionados com sucesso!')).toBeVisible();
    await expect(card.getByTestId('limit-count')).toHaveText('5 produtos');

    await card.getByRole('button', { name: 'Remover Pudim de leite de Tablet da Cozinha' }).click();
    await expect(toast(page, 'Produto removido com succeso!')).toBeVisible();
    await expect(card.getByTestId('limit-count')).toHaveText('4 produtos');

    await card.getByRole('button', { name: 'Remover todos' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remover todas as limitações' });
    await confirm.getByRole('button', { name: 'Remover todos' }).click();
    await expect(page.getByText('Não há usuários com limitações de acesso')).toBeVisible();
  });

  test('needs LimitarAcessoCategoriaProduto: the kitchen is sent to access denied', async ({ page }) => {
    await openAs(page, 'cozinha@balcao.dev', '/produtos/limitarAcesso');
    await page.waitForURL((u) => u.pathname === '/acessonegado');
  });
});
