/**
 * Split by items (issue 41) on a 390×844 phone: three orders at a free table, three people named on
 * the bill, each burger to one person, the fries shared by the three, the soda to the third; each part
 * is items + proportional service and the parts add up to the total; Ana pays by card, Bia in cash with
 * change, Caio by Pix (sandbox PSP); a second phone sees the same split; the table closes. Axe on each screen.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiLogin, placeOrder } from './orders-helpers';
import { atTable, centsOf, freeTables, screenshots, signInWaiter, tapTableBill, waiterPhone } from './waiter-helpers';

const SHOTS = '/tmp/table-bill-split-shots';

const shot = screenshots(SHOTS);

async function openBill(page: Page, name: string) {
  await signInWaiter(page);
  await tapTableBill(page, name);
  await expect(page.getByRole('heading', { name: `${name} · Conta`, level: 1 })).toBeVisible();
}

test('split by items: three people, a shared item, each pays their part, the table closes', async ({ browser, server, request }) => {
  test.setTimeout(180_000);
  const manager = await apiLogin(request, 'gerente@balcao.dev');
  const free = await freeTables(request, manager);
  expect(free.length, 'a free table on the demo restaurant').toBeGreaterThan(0);
  // Not the table the other bill specs take (the last free one).
  const mesa = free[Math.floor((free.length - 1) / 2)];
  const name = mesa.Nome;
  const table = atTable(mesa);
  await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 }] });
  await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1 }] });
  await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'Refrigerante lata', Valor: 9.9, Quantidade: 1 }] });

  const w = await waiterPhone(browser, server.url);
  const second = await waiterPhone(browser, server.url);
  try {
    await openBill(w.page, name);
    await expect(w.page.getByTestId('bill-total')).toHaveText('R$ 87,67');
    await w.page.getByRole('button', { name: 'Dividir por itens' }).tap();
    const editor = w.page.getByRole('dialog', { name: 'Dividir por itens' });
    await expect(editor).toBeVisible();
    await editor.getByLabel('Nome da pessoa 1').fill('Ana');
    await editor.getByLabel('Nome da pessoa 2').fill('Bia');
    await editor.getByRole('button', { name: 'Adicionar pessoa' }).tap();
    await expect(editor.getByLabel('Nome da pessoa 3')).toHaveValue('Pessoa 3');
    await editor.getByLabel('Nome da pessoa 3').fill('Caio');
    const unit = (label: string) => editor.getByTestId('split-unit').filter({ hasText: label });
    await unit('X-Burger · unidade 1 de 2').getByText('Ana', { exact: true }).tap();
    await unit('X-Burger · unidade 2 de 2').getByText('Bia', { exact: true }).tap();
    for (const who of ['Ana', 'Bia', 'Caio']) await unit('Batata frita').getByText(who, { exact: true }).tap();
    await unit('Refrigerante lata').getByText('Caio', { exact: true }).tap();
    await expect(unit('Batata frita').getByRole('checkbox', { name: 'Caio' })).toBeChecked();
    await shot(w.page, '01-editor');
    await expectAccessible(w.page);
    await editor.getByRole('button', { name: 'Salvar divisão' }).tap();
    await expect(editor).toBeHidden();

    // Each part: items + 10 % of them; the fries are 4,00 each; the parts add up to the total.
    const people = w.page.getByTestId('split-person');
    await expect(people).toHaveCount(3);
    await expect(people.nth(0)).toContainText('1x Batata frita (dividido por 3) · R$ 4,00');
    const amounts = (await w.page.getByTestId('split-person-amount').allTextContents()).map(centsOf);
    expect(amounts).toEqual([3619, 3619, 1529]);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(8767);
    await expect(w.page.getByTestId('split-unassigned')).toHaveCount(0);
    await shot(w.page, '02-divisao');
    await expectAccessible(w.page);

    // A second phone at the same table sees the same split (it lives on the server).
    await openBill(second.page, name);
    await expect(second.page.getByTestId('split-person')).toHaveCount(3);
    await expect(second.page.getByTestId('split-person').nth(2)).toContainText('Caio');

    // Ana by card.
    await w.page.getByRole('button', { name: 'Cartão · Ana' }).tap();
    await expect(w.page.getByRole('dialog', { name: 'Pagamento no cartão' })).toContainText('R$ 36,19');
    await w.page.getByRole('dialog').getByRole('button', { name: 'Registrar pagamento' }).tap();
    await expect(people.nth(0)).toContainText('Paga · Cartão');
    // Bia in cash: R$ 40,00 received, R$ 3,81 change.
    await w.page.getByRole('button', { name: 'Dinheiro · Bia' }).tap();
    const cash = w.page.getByRole('dialog', { name: 'Pagamento em dinheiro' });
    await expect(cash.getByTestId('cash-due')).toHaveText('R$ 36,19');
    await cash.getByLabel('Valor recebido').fill('40');
    await expect(w.page.getByTestId('cash-change')).toHaveText('Troco: R$ 3,81');
    await cash.getByRole('button', { name: 'Registrar pagamento' }).tap();
    await expect(people.nth(1)).toContainText('Paga · Dinheiro');
    await expect(w.page.getByRole('button', { name: 'Fechar mesa' })).toBeDisabled();
    // Caio by Pix: the sandbox PSP pays it.
    await w.page.getByRole('button', { name: 'Pix · Caio' }).tap();
    await expect(w.page.getByLabel('Pix copia e cola')).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
    await w.page.getByRole('button', { name: 'Simular pagamento (sandbox)' }).tap();
    await expect(w.page.getByTestId('pix-paid')).toBeVisible({ timeout: 20_000 });
    await w.page.getByRole('button', { name: 'Concluir' }).tap();
    await expect(people.nth(2)).toContainText('Paga · Pix');
    await expect(w.page.getByTestId('bill-remaining')).toHaveText('R$ 0,00');
    await expect(w.page.getByTestId('bill-paid')).toHaveText('R$ 87,67');
    await expect(w.page.getByTestId('bill-payment').filter({ hasText: 'Bia' })).toContainText('troco R$ 3,81');
    await shot(w.page, '03-pagas');
    await expectAccessible(w.page);

    // The second phone cannot pay Ana again: her part shows paid once it re-reads.
    await second.page.reload();
    await expect(second.page.getByTestId('split-person').nth(0)).toContainText('Paga · Cartão');
    await expect(second.page.getByRole('button', { name: 'Cartão · Ana' })).toHaveCount(0);

    await w.page.getByRole('button', { name: 'Fechar mesa' }).tap();
    await expect(w.page.getByRole('heading', { name: 'Mesas', level: 1 })).toBeVisible();
    await expect(w.page.locator(`[data-testid="table-card"][data-mesa="${name}"]`)).toContainText('Livre');
    const bill = await request.get(`api/Mesa/${mesa.Id}/Conta?localId=${manager.localId}`, { headers: manager.auth });
    expect(((await bill.json()) as { Itens: unknown[] }).Itens).toEqual([]);
  } finally {
    await w.context.close();
    await second.context.close();
  }
});
