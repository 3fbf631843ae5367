import type { Page } from '@playwright/test';
import { expect, PASSWORD, openAs, signInAs, test } from './fixtures';
import { expectAccessible } from './axe';

// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

async function signInAsManager(page: Page) {
  await signInAs(page, 'gerente@balcao.dev');
}

test.describe('product wizard, list and edit form', () => {
  test('creates a product with add-ons and observations, enables it, finds it, edits an add-on and propagates', async ({ page, server }) => {
    // The whole wizard, the list and the edit form in one flow: on a busy 2-core machine it ran past 60 s.
    test.setTimeout(120_000);
    await signInAsManager(page);
    await page.goto('/produtos/produto/cadastro');
    await expect(page.getByRole('heading', { name: 'Cadastrar produto' })).toBeVisible();
    await expectAccessible(page);

    // Categoria: the gate, then a new category by typing.
    await expect(page.getByRole('button', { name: 'Cancelar' })).toBeVisible();
    await page.getByRole('button', { name: 'Avançar' }).click();
    await expect(toast(page, 'Selecione uma categoria para continuar')).toBeVisible();
    // Asked again while it is up: the same message is one toast, not a stack of twins.
    await page.getByRole('button', { name: 'Avançar' }).press('Enter');
    await expect(page.getByRole('button', { name: 'Avançar' })).toBeEnabled();
    await expect(toast(page, 'Selecione uma categoria para continuar')).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Categoria' }).fill('Pratos executivos');
    await expect(page.getByTestId('new-category-hint')).toHaveText('A categoria “Pratos executivos” será criada.');
    await page.getByRole('button', { name: 'Avançar' }).click();

    // Produto: photo required, then name, value typed the Brazilian way.
    await expect(page.getByRole('button', { name: 'Voltar' })).toBeVisible();
    await page.getByRole('button', { name: 'Avançar' }).click();
    await expect(toast(page, 'Escolha uma foto para continuar')).toBeVisible();
    // Every problem at once under its field, not only the photo (issue 11).
    await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveAccessibleDescription(/Escolha o nome para continuar/);
    await expect(page.getByRole('textbox', { name: 'Valor' })).toHaveAccessibleDescription(/Escolha o valor para continuar/);
    await expect(page.getByRole('main').getByText('Escolha uma foto para continuar')).toBeVisible();
    // The toast sits below the header, never over it.
    const header = (await page.locator('header').first().boundingBox())!;
    const shown = (await toast(page, 'Escolha uma foto para continuar').boundingBox())!;
    expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
    await page.locator('input[type=file]').setInputFiles({ name: 'prato.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('product-photo-preview')).toBeVisible();
    await page.getByRole('textbox', { name: 'Nome' }).fill('Valor Variável');
    await page.getByRole('textbox', { name: 'Valor' }).fill('45,9');
    await page.getByRole('button', { name: 'Avançar' }).click();
    await expect(toast(page, 'Nome inválido. Escolha outro nome para continuar.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Nome' }).fill('Filé à parmegiana');
    await expect(page.getByRole('textbox', { name: 'Valor' })).toHaveValue('45,90');
    await page.getByLabel('Quantidade de adicionais gratuitos').fill('1');
    await page.getByRole('button', { name: 'Avançar' }).click();

    // Adicionais: a new product typed by name (fixed) and an existing one (variable, free).
    await expect(page.getByRole('heading', { name: 'Novo adicional' })).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar adicional' }).click();
    await expect(toast(page, 'Escolha o produto para continuar')).toBeVisible();
    await page.getByRole('combobox', { name: 'Produto' }).fill('Farofa da casa');
    await page.getByRole('textbox', { name: 'Valor do adicional' }).fill('4,5');
    await page.getByRole('button', { name: 'Adicionar adicional' }).click();
    await expect(page.getByTestId('additional-row')).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Produto' }).fill('Bacon ext');
    await page.getByRole('option', { name: /Bacon extra/ }).click();
    await expect(page.getByRole('textbox', { name: 'Valor do adicional' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Valor do adicional' })).toHaveValue('6,00');
    await page.getByRole('combobox', { name: 'Tipo de adicional' }).click();
    await page.getByRole('option', { name: 'Variável' }).click();
    await page.getByRole('textbox', { name: 'Quantidade máxima', exact: true }).fill('2');
    await page.getByLabel('Pode ser gratuito').check();
    await page.getByRole('button', { name: 'Adicionar adicional' }).click();
    await expect(toast(page, 'Escolha a quantidade (maior que zero) de adicionais gratuitos para continuar')).toBeVisible();
    await page.getByLabel('Quantidade máxima gratuita').fill('1');
    await page.getByRole('button', { name: 'Adicionar adicional' }).click();
    await expect(page.getByTestId('additional-row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Avançar' }).click();

    // Observações: an existing option and one created by typing ("Criar ...").
    await page.getByRole('button', { name: 'Adicionar observação' }).click();
    await expect(toast(page, 'Selecione a descrição para continuar')).toBeVisible();
    await page.getByRole('textbox', { name: 'Descrição da observação' }).fill('Ponto do filé');
    await page.getByRole('textbox', { name: 'Opções' }).fill('Ao po');
    await page.getByRole('option', { name: 'Ao ponto' }).click();
    await page.getByRole('textbox', { name: 'Opções' }).fill('Bem passadinho');
    await page.getByRole('option', { name: 'Criar "Bem passadinho"' }).click();
    await expect(page.getByText('Bem passadinho', { exact: true })).toBeVisible();
    // Enter takes what was typed, key by key as a person types: the place's option of that name, or a
    // new one; the field empties, so the next one typed is another option (never glued to it), and
    // Enter never submits the step.
    const options = page.getByRole('textbox', { name: 'Opções' });
    const pills = page.getByTestId('option-pill');
    await options.click();
    await page.keyboard.type('Mal passado');
    await page.keyboard.press('Enter');
    await expect(pills).toHaveText(['Ao ponto', 'Bem passadinho', 'Mal passado']);
    await expect(options).toHaveValue('');
    await page.keyboard.type('Ponto para menos');
    await page.keyboard.press('Enter');
    await expect(pills).toHaveText(['Ao ponto', 'Bem passadinho', 'Mal passado', 'Ponto para menos']);
    await expect(options).toHaveValue('');
    // Already chosen: Enter only empties the field.
    await page.keyboard.type('Ao ponto');
    await page.keyboard.press('Enter');
    await expect(options).toHaveValue('');
    await expect(pills).toHaveText(['Ao ponto', 'Bem passadinho', 'Mal passado', 'Ponto para menos']);
    await expectAccessible(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Nova observação' })).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar observação' }).click();
    await expect(page.getByTestId('observation-row')).toHaveCount(1);
    for (const name of ['Ao ponto', 'Bem passadinho', 'Mal passado', 'Ponto para menos']) await expect(page.getByTestId('observation-row').getByText(name, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Avançar' }).click();

    // Fiscal: the restaurant issues NFC-e, so NCM and CFOP are required.
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect(toast(page, 'Preencha o NCM para continuar')).toBeVisible();
    // A toast under the pointer never closes by itself (hovering pauses it): one that appeared over
    // "Finalizar" swallowed the retry. Correcting a field dismisses it.
    await toast(page, 'Preencha o NCM para continuar').hover();
    await page.getByRole('textbox', { name: 'NCM' }).pressSequentially('21069090');
    await expect(page.getByRole('textbox', { name: 'NCM' })).toHaveValue('2106.90.90');
    await expect(toast(page, 'Preencha o NCM para continuar')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'CFOP' }).pressSequentially('5102');
    await expect(page.getByRole('textbox', { name: 'CFOP' })).toHaveValue('5.102');
    await page.getByRole('button', { name: 'Finalizar' }).click();

    // Success page: enable for sale; the restaurant has split, so the hint shows.
    await page.waitForURL((u) => u.pathname.startsWith('/produtos/produto/cadastro/finalizacao/'));
    await expect(page.getByRole('heading', { name: 'Sucesso!' })).toBeVisible();
    const forSale = page.getByRole('switch', { name: 'Habilitar produto para venda?' });
    await expect(forSale).not.toBeChecked();
    await expect(page.getByTestId('split-hint')).toHaveCount(0);
    await forSale.click();
    await expect(forSale).toBeChecked();
    await expect(page.getByTestId('split-hint')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Configurar split' })).toHaveAttribute('href', '/transacoes/split');
    await expect(page.getByRole('link', { name: 'Cadastrar novo produto' })).toBeVisible();
    await page.getByRole('link', { name: 'Sair' }).click();

    // The list finds it, enabled for sale.
    await page.waitForURL((u) => u.pathname === '/produtos/produto');
    await page.getByRole('textbox', { name: 'Buscar' }).fill('PARMEGIANA');
    await page.waitForURL((u) => u.searchParams.get('busca') === 'PARMEGIANA');
    await expect(page.getByTestId('product-row')).toHaveCount(1);
    const row = page.getByTestId('product-row').first();
    await expect(row).toContainText('Filé à parmegiana');
    await expect(row).toContainText('Pratos executivos');
    await expect(row).toContainText('R$ 45,90');
    await expect(row.getByRole('switch')).toBeChecked();

    // The kitchen sees it in the place's catalogue.
    const login = await (await fetch(`${server.url}/api/mfa/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'cozinha@balcao.dev', password: PASSWORD }) })).json();
    const place = login.locais[0].id;
    const catalogue = await (await fetch(`${server.url}/api/Produto/GetProductsFromLocal/${place}`, { headers: { authorization: `Bearer ${login.access_token}` } })).json();
    expect(catalogue.find((p: { nome: string }) => p.nome === 'Filé à parmegiana')).toMatchObject({ ativo: true, valor: 45.9 });

    // Edit the add-on's value: it is used by the new product, so the form offers to propagate.
    await page.getByRole('textbox', { name: 'Buscar' }).fill('farofa');
    await expect(page.getByTestId('product-row')).toHaveCount(1);
    await page.getByRole('link', { name: 'Editar Farofa da casa' }).click();
    await expect(page.getByRole('heading', { name: 'Editar produto' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Nutricional' })).toHaveCount(0);
    const value = page.getByRole('textbox', { name: 'Valor' });
    await expect(value).toHaveValue('4,50');
    await value.fill('5,25');
    await page.getByRole('tab', { name: 'Fiscal' }).click();
    await page.getByRole('textbox', { name: 'NCM' }).pressSequentially('21069090');
    await page.getByRole('textbox', { name: 'CFOP' }).pressSequentially('5102');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alterar também nos produtos que usam este como adicional?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('reference-list')).toContainText('Filé à parmegiana — hoje R$ 4,50');
    await dialog.getByRole('button', { name: 'Alterar' }).click();
    await expect(toast(page, 'Produto editado com sucesso!')).toBeVisible();
    await page.waitForURL((u) => u.pathname === '/produtos/produto');

    // The parent now carries the new value of its add-on.
    await page.getByRole('textbox', { name: 'Buscar' }).fill('parmegiana');
    await expect(page.getByTestId('product-row')).toHaveCount(1);
    await page.getByRole('link', { name: 'Editar Filé à parmegiana' }).click();
    await page.getByRole('tab', { name: 'Acréscimos' }).click();
    await expect(page.getByTestId('additional-row').filter({ hasText: 'Farofa da casa' })).toContainText('R$ 5,25');
    // Edit its own value: it is nobody's add-on, so it saves at once.
    await page.getByRole('tab', { name: 'Produto' }).click();
    await page.getByRole('textbox', { name: 'Valor' }).fill('49,9');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Produto editado com sucesso!')).toBeVisible();
    await page.getByRole('textbox', { name: 'Buscar' }).fill('parmegiana');
    await expect(page.getByTestId('product-row').first()).toContainText('R$ 49,90');
  });

  test('the edit form follows the type rules; reserved stock needs the edit icon; failing rules are listed', async ({ page }) => {
    await signInAsManager(page);
    await page.goto('/produtos/produto?busca=taxa');
    await page.getByRole('link', { name: 'Editar Taxa de serviço' }).click();
    // Type 11: only the Produto tab, name and value read-only.
    await expect(page.getByRole('tab')).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveAttribute('readonly', '');
    await expect(page.getByRole('textbox', { name: 'Valor' })).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Bloquear impressão (POS)')).toBeVisible();

    await page.goto('/produtos/produto/editar');
    await expect(page.getByRole('heading', { name: 'Cadastrar produto' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Ingresso avulso' }).click();
    await expect(page.getByLabel('Isento de taxa de serviço')).toBeChecked();
    await expect(page.getByLabel('Isento de taxa de serviço')).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Evento' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Quilo' }).click();
    await expect(page.getByLabel('Tara (gramas)')).toBeVisible();
    const reserved = page.getByLabel('Quantidade reservada (gestão de estoque)');
    await expect(reserved).toBeDisabled();
    await page.getByRole('button', { name: 'Editar quantidade reservada' }).click();
    await expect(reserved).toBeEnabled();
    await reserved.fill('-2');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const problems = toast(page, 'Preencha o NCM para continuar');
    await expect(problems).toContainText('Escolha o nome para continuar');
    await expect(problems).toContainText('Quantidade disponível para gestão de estoque não pode ser negativo');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL((u) => u.pathname === '/produtos/produto');
  });

  test('a school sees the Nutricional tab; the list filters by category and type', async ({ page }) => {
    await openAs(page, 'escola@balcao.dev', '/produtos/produto');
    await expect(page.getByTestId('product-row')).toHaveCount(7);
    await expectAccessible(page);
    await page.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Bebidas' }).click();
    await expect(page.getByTestId('product-row')).toHaveCount(2);
    await page.getByRole('link', { name: 'Editar Água de coco' }).click();
    await page.getByRole('tab', { name: 'Nutricional' }).click();
    await expect(page.getByRole('combobox', { name: 'Grupo energético' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Classificação nutricional' })).toBeVisible();
  });

  test('offline, the product list says it is offline instead of "Nenhum produto encontrado" (issue 11)', async ({ page }) => {
    await signInAsManager(page);
    // The server never answers the list: what a tablet without network sees.
    await page.route('**/api/Produto/ListarProdutosDoLocal/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/produtos/produto');
    const offline = page.getByTestId('product-list-offline');
    await expect(offline).toContainText('Sem conexão', { timeout: 20_000 });
    await expect(page.getByText('Nenhum produto encontrado.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Cadastrar produto' })).toHaveCount(0);
    await expectAccessible(page);
  });
});

