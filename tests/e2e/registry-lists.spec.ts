/**
 * The place's registries (issue 24) in a real browser: payment methods, customer categories and
 * product categories — list, create, edit, refuse a duplicate, delete with confirmation, axe.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';

// A server of its own: these tests create and delete registry rows.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'registry-lists' } });

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function open(page: Page, path: string, heading: string) {
  await openAs(page, 'gerente@balcao.dev', path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
}

test.describe('registries of the place', () => {
  test('Formas de pagamento: add, edit, refuse a repeated name, delete', async ({ page }) => {
    await open(page, '/cadastro/formasPagamento', 'Formas de pagamento');
    await expect(page).toHaveTitle(/Formas de pagamento/);
    const table = page.getByRole('table', { name: 'Formas de pagamento' });
    await expect(table.getByRole('row', { name: /Pix/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Cheque/ })).toContainText('Inativa');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Nova forma de pagamento' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nova forma de pagamento' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Preencha o nome da forma de pagamento.')).toBeVisible();
    await expect(dialog.getByText('Selecione o tipo da forma de pagamento.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Nome').fill('PIX');
    await dialog.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Pix' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Já existe uma forma de pagamento com este nome.')).toBeVisible();
    await dialog.getByLabel('Nome').fill('Ticket Restaurante');
    await dialog.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Vale-refeição / alimentação' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Forma de pagamento cadastrada com sucesso.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row', { name: /Ticket Restaurante/ })).toContainText('Vale-refeição / alimentação');

    await page.getByRole('button', { name: 'Editar Ticket Restaurante' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar forma de pagamento' });
    await edit.getByLabel('Ativa').uncheck();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Forma de pagamento alterada com sucesso.')).toBeVisible();
    await expect(table.getByRole('row', { name: /Ticket Restaurante/ })).toContainText('Inativa');

    await page.getByRole('button', { name: 'Excluir Ticket Restaurante' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir forma de pagamento' });
    await expect(confirm).toContainText('Deseja realmente excluir a forma de pagamento "Ticket Restaurante"?');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, 'Forma de pagamento excluída com sucesso.')).toBeVisible();
    await expect(table.getByRole('row', { name: /Ticket Restaurante/ })).toHaveCount(0);
  });

  test('Categorias de clientes: the new category reaches the customers filter; deleting says what happens to its customers', async ({ page }) => {
    await open(page, '/cadastro/categoriaClientes', 'Categorias de clientes');
    const table = page.getByRole('table', { name: 'Categorias de clientes' });
    await expect(table.getByRole('row', { name: /VIP/ })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Nova categoria' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nova categoria de cliente' });
    await dialog.getByLabel('Descrição').fill('Aniversariante');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Categoria de cliente cadastrada com sucesso.')).toBeVisible();
    await expect(table.getByRole('row', { name: /Aniversariante/ })).toContainText('0');

    await page.getByRole('button', { name: 'Excluir categoria VIP' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir categoria de cliente' });
    await expect(confirm).toContainText('Deseja realmente excluir essa categoria?');
    await expect(confirm).toContainText(/\d+ clientes? ficar(á|ão) sem categoria/);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(table.getByRole('row', { name: /VIP/ })).toBeVisible();

    await page.goto('/cadastro/clientes');
    await expect(page.getByRole('heading', { name: 'Clientes do estabelecimento' })).toBeVisible();
    await page.getByRole('search', { name: 'Filtros de clientes' }).getByRole('combobox', { name: 'Categoria' }).click();
    await expect(page.getByRole('option', { name: 'Aniversariante' })).toBeVisible();
  });

  test('Categorias (produtos): a category with products is kept; a new one is renamed and deleted', async ({ page }) => {
    await open(page, '/produtos/categorias', 'Categorias');
    const table = page.getByRole('table', { name: 'Categorias' });
    await expect(table.getByRole('row', { name: /Lanches/ })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Excluir categoria Lanches' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir categoria' });
    await expect(confirm).toContainText(/Esta categoria tem \d+ produtos/);
    await confirm.getByRole('button', { name: 'Tentar excluir' }).click();
    await expect(toast(page, 'Mova os produtos para outra categoria')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(table.getByRole('row', { name: /Lanches/ })).toBeVisible();

    await page.getByRole('button', { name: 'Nova categoria' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nova categoria' });
    await dialog.getByLabel('Nome').fill('bebidas');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('Já existe uma categoria com este nome.')).toBeVisible();
    await dialog.getByLabel('Nome').fill('Saladas');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Categoria cadastrada com sucesso.')).toBeVisible();

    await page.getByRole('button', { name: 'Editar categoria Saladas' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar categoria' });
    await edit.getByLabel('Nome').fill('Saladas da casa');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Categoria alterada com sucesso.')).toBeVisible();
    await expect(table.getByRole('row', { name: /Saladas da casa/ })).toBeVisible();

    await page.getByRole('button', { name: 'Excluir categoria Saladas da casa' }).click();
    await page.getByRole('dialog', { name: 'Excluir categoria' }).getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, 'Categoria excluída com sucesso.')).toBeVisible();
    await expect(table.getByRole('row', { name: /Saladas da casa/ })).toHaveCount(0);
  });
});
