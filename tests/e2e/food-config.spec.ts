import type { Page } from '@playwright/test';
import { expect, openAs, signInAs, test } from './fixtures';
import { expectAccessible } from './axe';

// A server of its own: these tests change the restaurant's setup, which other specs' boards read.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'food-config', STOREFRONT_URL: 'https://loja.balcao.test/' } });

async function openConfig(page: Page, email: string) {
  await openAs(page, email, '/meepFood/configuracao');
  await expect(page.getByRole('heading', { name: 'Configuração do Meep Food' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Link da loja' })).toBeVisible();
  await expectAccessible(page);
}

/** A switch's accessible name starts with its label (the description follows it). */
const sw = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const form = (page: Page) => page.getByRole('form', { name: 'Configuração do Meep Food' });

test.describe('food configuration', () => {
  test('a manager changes the storefront, delivery and orders settings, saves, and finds them after a reload', async ({ page }) => {
    await openConfig(page, 'gerente@balcao.dev');
    const f = form(page);

    // The storefront link: live preview, the rule and another venue's link.
    const link = f.getByRole('textbox', { name: 'Link da loja' });
    await expect(link).toHaveValue('sabordacasa');
    await link.fill('sabor da casa');
    await expect(f.getByText('O link não pode conter espaços, acentos ou caracteres especiais.')).toBeVisible();
    await expect(f.getByTestId('storefront-preview')).toContainText('/sabor da casa');
    await f.getByRole('button', { name: 'Usar sugestão' }).click();
    await expect(link).toHaveValue('sabor-da-casa');
    // The storefront's own address (STOREFRONT_URL), not the back office's origin (issue 11).
    await expect(f.getByTestId('storefront-preview')).toContainText('https://loja.balcao.test/sabor-da-casa');
    await expect(f.getByTestId('storefront-availability')).toHaveText('Link disponível.');
    await link.fill('colegiohorizonte');
    await expect(f.getByText('Este link já está em uso por outro estabelecimento.')).toBeVisible();
    await link.fill('sabor-da-casa');

    await f.getByLabel('Descrição da loja').fill('Almoço caseiro e delivery na Paulista.');

    // Interlocks: own delivery switches the platform's off; pay-on-delivery too; the platform forces online payment.
    const own = f.getByRole('switch', { name: sw('Entrega própria') });
    const platform = f.getByRole('switch', { name: sw('Entrega da plataforma') });
    const online = f.getByRole('switch', { name: sw('Pagamento online') });
    const onDelivery = f.getByRole('switch', { name: sw('Pagamento na entrega') });
    await expect(platform).toBeChecked();
    await expect(online).toBeDisabled();
    await own.check({ force: true });
    await expect(platform).not.toBeChecked();
    await expect(online).toBeEnabled();
    await onDelivery.check({ force: true });
    await platform.check({ force: true });
    await expect(own).not.toBeChecked();
    await expect(onDelivery).not.toBeChecked();
    await expect(online).toBeChecked();
    await onDelivery.check({ force: true });
    await expect(platform).not.toBeChecked();
    await own.check({ force: true });

    // Clamps on blur and money with two decimals.
    const radius = f.getByLabel('Raio de entrega');
    await radius.fill('35');
    await radius.blur();
    await expect(radius).toHaveValue('20 km');
    const grouping = f.getByLabel('Tempo de agrupamento de pedidos');
    await grouping.fill('0');
    await grouping.blur();
    await expect(grouping).toHaveValue('5 min');
    const base = f.getByLabel('Valor base da entrega');
    await base.fill('12,5');
    await base.blur();
    await expect(base).toHaveValue('12,50');
    const discount = f.getByLabel('Desconto');
    await discount.fill('2');
    await discount.blur();
    await expect(discount).toHaveValue('5 %');

    // The cancel window only with customer cancel, clamped to 60.
    const cancelTime = f.getByLabel('Tempo para o cliente cancelar');
    await f.getByRole('switch', { name: sw('O cliente pode cancelar o pedido') }).uncheck({ force: true });
    await expect(cancelTime).toBeDisabled();
    await f.getByRole('switch', { name: sw('O cliente pode cancelar o pedido') }).check({ force: true });
    await cancelTime.fill('90');
    await cancelTime.blur();
    await expect(cancelTime).toHaveValue('60 min');

    // Delivery options are disabled while deliver-at-home is off.
    await f.getByRole('switch', { name: sw('Entregar em casa') }).uncheck({ force: true });
    await expect(radius).toBeDisabled();
    await expect(own).toBeDisabled();
    await f.getByRole('switch', { name: sw('Entregar em casa') }).check({ force: true });
    await expect(radius).toBeEnabled();

    await f.getByRole('switch', { name: sw('Informar o tempo de entrega em cada pedido') }).check({ force: true });
    await f.getByRole('switch', { name: sw('Aceitar pedidos automaticamente') }).check({ force: true });

    // Weekly availability: add a Sunday brunch.
    await f.getByRole('button', { name: 'Adicionar horário' }).click();
    const last = f.getByTestId('availability-row').last();
    await last.getByRole('combobox', { name: 'Dia da semana' }).click();
    await page.getByRole('option', { name: 'Domingo' }).click();
    await last.getByLabel('Abre às').fill('08:00');
    await last.getByLabel('Fecha às').fill('10:30');

    await f.getByRole('button', { name: 'Salvar configuração' }).click();
    await expect(page.getByText('Configuração alterada com sucesso!')).toBeVisible();

    await page.reload();
    const g = form(page);
    await expect(g.getByRole('textbox', { name: 'Link da loja' })).toHaveValue('sabor-da-casa');
    await expect(g.getByLabel('Descrição da loja')).toHaveValue('Almoço caseiro e delivery na Paulista.');
    await expect(g.getByRole('switch', { name: sw('Entrega própria') })).toBeChecked();
    await expect(g.getByRole('switch', { name: sw('Entrega da plataforma') })).not.toBeChecked();
    await expect(g.getByRole('switch', { name: sw('Pagamento na entrega') })).toBeChecked();
    await expect(g.getByLabel('Raio de entrega')).toHaveValue('20 km');
    await expect(g.getByLabel('Valor base da entrega')).toHaveValue('12,50');
    await expect(g.getByLabel('Tempo para o cliente cancelar')).toHaveValue('60 min');
    await expect(g.getByRole('switch', { name: sw('Informar o tempo de entrega em cada pedido') })).toBeChecked();
    await expect(g.getByRole('switch', { name: sw('Aceitar pedidos automaticamente') })).toBeChecked();
    const sunday = g.getByTestId('availability-row').first();
    await expect(sunday.getByRole('combobox', { name: 'Dia da semana' })).toHaveValue('Domingo');
    await expect(sunday.getByLabel('Abre às')).toHaveValue('08:00');
  });

  test('an invalid link is refused before saving with the spec error, and nothing changes', async ({ page }) => {
    await openConfig(page, 'gerente@balcao.dev');
    const f = form(page);
    await f.getByRole('textbox', { name: 'Link da loja' }).fill('loja nova!');
    await f.getByRole('button', { name: 'Salvar configuração' }).click();
    await expect(page.getByText('Erro ao salvar configuração. Tente novamente.')).toBeVisible();
    await page.reload();
    await expect(form(page).getByRole('textbox', { name: 'Link da loja' })).not.toHaveValue('loja nova!');
  });

  test('administrator parameters are locked for the manager with the support tooltip, and open for SuporteMeep', async ({ page, browser, server }) => {
    await openConfig(page, 'gerente@balcao.dev');
    const f = form(page);
    const showCustomHome = f.getByRole('switch', { name: sw('Página inicial personalizada') });
    await expect(showCustomHome).toBeDisabled();
    const locked = f.locator('[data-locked="true"]').filter({ has: page.getByRole('switch', { name: sw('Página inicial personalizada') }) });
    await locked.focus();
    await expect(page.getByRole('tooltip')).toHaveText('Para alterar, entre em contato com o Suporte MEEP');
    // The address is an administrator parameter too.
    await expect(page.getByLabel('CEP')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Salvar endereço' })).toHaveCount(0);
    // The student card is for schools only.
    await expect(f.getByRole('switch', { name: sw('Cartão do aluno') })).toHaveCount(0);

    const context = await browser.newContext({ baseURL: server.url });
    const support = await context.newPage();
    await openConfig(support, 'suporte@balcao.dev');
    const s = form(support);
    const toggle = s.getByRole('switch', { name: sw('Página inicial personalizada') });
    await expect(toggle).toBeEnabled();
    await toggle.check({ force: true });
    await s.getByRole('button', { name: 'Salvar configuração' }).click();
    await expect(support.getByText('Configuração alterada com sucesso!')).toBeVisible();
    await context.close();

    await page.reload();
    await expect(form(page).getByRole('switch', { name: sw('Página inicial personalizada') })).toBeChecked();
  });

  test('the school sees the student-card option', async ({ page }) => {
    await openConfig(page, 'escola@balcao.dev');
    const card = form(page).getByRole('switch', { name: sw('Cartão do aluno') });
    await expect(card).toBeChecked();
    await card.uncheck({ force: true });
    await form(page).getByRole('button', { name: 'Salvar configuração' }).click();
    await expect(page.getByText('Configuração alterada com sucesso!')).toBeVisible();
    await page.reload();
    await expect(form(page).getByRole('switch', { name: sw('Cartão do aluno') })).not.toBeChecked();
  });

  test('the marketplace integration saves the store ID and the fetch-orders switch', async ({ page }) => {
    await openAs(page, 'gerente@balcao.dev', '/meepFood/integracaoIfood');
    const fetchOrders = page.getByRole('switch', { name: sw('Buscar pedidos do marketplace') });
    const storeId = page.getByLabel('ID da loja');
    await expect(fetchOrders).toBeChecked();
    await expectAccessible(page);
    await expect(storeId).toHaveValue('sabor-da-casa-demo');
    await storeId.fill('');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe o ID da loja para buscar os pedidos.').first()).toBeVisible();
    await storeId.fill('merchant-42');
    await expect(storeId).toHaveAttribute('maxlength', '100');
    await fetchOrders.uncheck({ force: true });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Alteração realizada com sucesso!')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('ID da loja')).toHaveValue('merchant-42');
    await expect(page.getByRole('switch', { name: sw('Buscar pedidos do marketplace') })).not.toBeChecked();
  });

  test('the kitchen tablet cannot open the configuration or the marketplace integration', async ({ page }) => {
    await signInAs(page, 'cozinha@balcao.dev');
    for (const path of ['/meepFood/configuracao', '/meepFood/integracaoIfood']) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/acessonegado');
    }
  });
});
