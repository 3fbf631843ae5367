import type { Page } from '@playwright/test';
import { expect, openAs, test } from './fixtures';
import { expectAccessible } from './axe';

// A server of its own: these tests change the restaurant's setup, which other specs' boards read.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'sales-points' } });

async function openSalesPoints(page: Page, email = 'gerente@balcao.dev') {
  await openAs(page, email, '/admin/equipamentos/pontoDeVendas');
  await expect(page.getByRole('heading', { name: 'Ponto de Vendas', level: 1 })).toBeVisible();
  await expectAccessible(page);
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
/** A switch's accessible name starts with its label (a description may follow). */
const sw = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

test.describe('sales points', () => {
  test('a sales point is created, edited, linked, unlinked and deleted', async ({ page }) => {
    await openSalesPoints(page);
    await expect(card(page, 'Caixa principal')).toBeVisible();
    await expect(card(page, 'Caixa principal').getByTestId('linked-devices')).toContainText('Totem da entrada');
    // The seeded Bar has an unnamed App: "type plus index".
    await expect(card(page, 'Bar').getByTestId('linked-devices')).toContainText(/App 1 \(IMEI final \d{4}\)/);

    // Create: the system chooser with its combination rules.
    await page.getByRole('button', { name: 'Criar ponto de venda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar ponto de venda' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirmar Sistema' }).click();
    await expect(page.getByText('Escolha um sistema para continuar').first()).toBeVisible();

    const system = (label: string) => dialog.getByRole('checkbox', { name: sw(label) });
    await system('Pré-Pago Ficha').check();
    await expect(system('Mercado Honesto')).toBeDisabled();
    await system('Pós-pago Comanda').check();
    await expect(system('Pré-Pago Cashless')).toBeDisabled();
    await expect(system('Pré-pago Escola')).toBeDisabled();
    await dialog.getByRole('button', { name: 'Confirmar Sistema' }).click();
    await expect(page.getByText('Escolha o tipo de impressão').first()).toBeVisible();

    await dialog.getByRole('combobox', { name: 'Tipo de impressão (Pré-Pago Ficha)' }).click();
    await page.getByRole('option', { name: 'Ficha', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Tipo de impressão (Pós-pago Comanda)' }).click();
    await page.getByRole('option', { name: 'Resumo Pedido' }).click();
    await dialog.getByRole('switch', { name: 'Impressão remota (Pós-pago Comanda)' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Confirmar Sistema' }).click();
    await expect(dialog.getByTestId('chosen-systems')).toContainText('Tipo do ponto de venda: Cashless / Pós-pago');

    // The form: name, payments, NFC-e dependencies, the option groups of the chosen systems.
    await dialog.getByLabel('Nome').fill('Quiosque da praia');
    await dialog.getByRole('switch', { name: 'Dinheiro', exact: true }).check({ force: true });
    await dialog.getByRole('switch', { name: 'Cartão de crédito' }).check({ force: true });
    await expect(dialog.getByRole('switch', { name: 'Pix' })).toBeDisabled();
    const print = dialog.getByRole('switch', { name: 'Imprimir NFC-e' });
    await expect(print).toBeDisabled();
    await dialog.getByRole('switch', { name: 'Emitir NFC-e' }).check({ force: true });
    await expect(print).toBeEnabled();
    await print.check({ force: true });
    await expect(dialog.getByRole('group', { name: 'Opções do pós-pago' })).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Opções do Mercado Honesto' })).toHaveCount(0);
    const fee = dialog.getByLabel('Percentual da taxa de serviço');
    await expect(fee).toBeDisabled();
    await dialog.getByRole('switch', { name: 'Cobrar taxa de serviço' }).check({ force: true });
    await fee.fill('150');
    await fee.blur();
    await expect(fee).toHaveValue('100 %');
    await fee.fill('12');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Ponto de venda criado com sucesso!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const created = card(page, 'Quiosque da praia');
    await expect(created).toContainText('Pré-Pago Ficha');
    await expect(created).toContainText('Impressão: Resumo Pedido · Impressão remota: ativada');
    await expect(created).toContainText('Dinheiro, Cartão de crédito');
    await expect(created).toContainText('Emitir NFC-e: Sim · Imprimir NFC-e: Sim');
    await expect(created).toContainText('12%');
    await expect(created.getByTestId('linked-devices')).toHaveText('Nenhum equipamento vinculado.');

    // Edit: opens already confirmed.
    await created.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar ponto de venda' });
    await expect(edit.getByTestId('chosen-systems')).toBeVisible();
    await expect(edit.getByRole('button', { name: 'Confirmar Sistema' })).toHaveCount(0);
    await expect(edit.getByRole('button', { name: 'Alterar sistemas' })).toHaveCount(0);
    await edit.getByLabel('Nome').fill('Quiosque da piscina');
    await edit.getByRole('switch', { name: 'Emitir NFC-e' }).uncheck({ force: true });
    await expect(edit.getByRole('switch', { name: 'Imprimir NFC-e' })).not.toBeChecked();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Ponto de venda editado com sucesso!')).toBeVisible();
    const edited = card(page, 'Quiosque da piscina');
    await expect(edited).toContainText('Emitir NFC-e: Não · Imprimir NFC-e: Não');

    // Link: free devices, none checked, select all.
    await edited.getByRole('button', { name: 'Vincular', exact: true }).click();
    const link = page.getByRole('dialog', { name: /^Vincular equipamentos/ });
    const selectAll = link.getByRole('checkbox', { name: 'Selecionar todos' });
    await expect(selectAll).not.toBeChecked();
    const rows = link.getByRole('row');
    await expect(rows.first()).toContainText('IMEI');
    await expect(link.getByRole('checkbox', { name: /^Selecionar (?!todos)/ }).first()).not.toBeChecked();
    const deviceCount = await link.getByRole('checkbox', { name: /^Selecionar (?!todos)/ }).count();
    expect(deviceCount).toBeGreaterThan(2);
    // An unnamed device keeps its IMEI ending everywhere (a bare index once named it "POS 1" here and "POS 2" on the card).
    const unnamed = (await link.getByRole('checkbox', { name: /IMEI final/ }).first().getAttribute('aria-label'))!.replace(/^Selecionar /, '');
    await selectAll.check();
    await link.getByRole('button', { name: 'Salvar' }).click();
    await expect(link).toBeHidden();
    await expect(edited.getByRole('listitem')).toHaveCount(deviceCount);
    await expect(edited.getByTestId('linked-devices')).toContainText('Tablet da cozinha');
    // On the card an unnamed device is "type plus index" (spec 001 §2.5), with the same IMEI ending.
    const type = unnamed.replace(/ \(.*$/, '');
    const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(edited.getByTestId('linked-devices').getByText(new RegExp(`^${esc(type)} \\d+${esc(unnamed.slice(type.length))}$`))).toHaveCount(1);

    // Unlink: linked devices all checked; the UNCHECKED ones are unlinked.
    await edited.getByRole('button', { name: 'Desvincular' }).click();
    const unlink = page.getByRole('dialog', { name: /^Desvincular equipamentos/ });
    await expect(unlink.getByRole('checkbox', { name: 'Selecionar todos' })).toBeChecked();
    await unlink.getByRole('checkbox', { name: 'Selecionar Tablet da cozinha' }).uncheck();
    await unlink.getByRole('button', { name: 'Salvar' }).click();
    await expect(unlink).toBeHidden();
    await expect(edited.getByRole('listitem')).toHaveCount(deviceCount - 1);
    await expect(edited.getByTestId('linked-devices')).not.toContainText('Tablet da cozinha');

    // Esc closes a dialog without changing anything.
    await edited.getByRole('button', { name: 'Vincular', exact: true }).click();
    await expect(page.getByRole('dialog', { name: /^Vincular equipamentos/ }).getByText('Tablet da cozinha')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: /^Vincular equipamentos/ })).toBeHidden();

    // Delete with its confirmation.
    await edited.getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir ponto de venda' });
    await expect(confirm).toContainText('Deseja excluir este ponto de venda?');
    await expect(confirm).toContainText('Esta ação não poderá ser desfeita.');
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Ponto de venda excluído!')).toBeVisible();
    await expect(card(page, 'Quiosque da piscina')).toHaveCount(0);

    await page.reload();
    await expect(card(page, 'Caixa principal')).toBeVisible();
    await expect(card(page, 'Quiosque da piscina')).toHaveCount(0);
  });

  test('Mercado Honesto stands alone, and saving needs a confirmed system', async ({ page }) => {
    await openSalesPoints(page);
    await page.getByRole('button', { name: 'Criar ponto de venda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar ponto de venda' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Escolha o sistema antes de salvar').first()).toBeVisible();
    const system = (label: string) => dialog.getByRole('checkbox', { name: sw(label) });
    await system('Mercado Honesto').check();
    for (const other of ['Pós-pago Comanda', 'Pré-Pago Ficha', 'Pré-Pago Cashless', 'Pré-pago Escola']) await expect(system(other)).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Tipo de impressão (Mercado Honesto)' }).click();
    await page.getByRole('option', { name: 'Não imprimir' }).click();
    await dialog.getByRole('button', { name: 'Confirmar Sistema' }).click();
    await expect(dialog.getByTestId('chosen-systems')).toContainText('Tipo do ponto de venda: Mercado Honesto');
    await expect(dialog.getByRole('group', { name: 'Opções do Mercado Honesto' })).toBeVisible();
    // A new sales point may go back and choose again.
    await dialog.getByRole('button', { name: 'Alterar sistemas' }).click();
    await expect(system('Mercado Honesto')).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
