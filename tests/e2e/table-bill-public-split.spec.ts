/**
 * The split on the public bill page (issue 41, branch billend) on a 390×844 phone: split by items,
 * the customer sees each person's name, items, amount and whether it is paid (Ana paid by card, Bia
 * still owes hers), and the items nobody took; no staff name. Axe on the page.
 */
import { BILL_PATHS, billLinkAnswer, tableBill } from '../../src/shared/contract/table-bill';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiLogin, placeOrder } from './orders-helpers';
import { atTable, freeTables, splitAnaAndBia } from './waiter-helpers';

test('Conta pública: the split by items shows each person with items, amount and paid/remaining', async ({ browser, server, request }) => {
  test.setTimeout(120_000);
  const manager = await apiLogin(request, 'gerente@balcao.dev');
  const free = await freeTables(request, manager);
  expect(free.length, 'a free table on the demo restaurant').toBeGreaterThan(0);
  const mesa = free.at(-2) ?? free[0];
  const table = atTable(mesa);
  await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 }, { NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1 }] });
  await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'Suco de laranja', Valor: 9.9, Quantidade: 1 }] });

  const waiter = await apiLogin(request, 'garcom@balcao.dev');
  const split = await splitAnaAndBia(request, waiter, mesa.Id, false);
  const people = tableBill.parse(await split.json()).DivisaoPorItens!.Pessoas;
  const paid = await request.post(`/${BILL_PATHS.payments(mesa.Id)}`, { headers: { ...waiter.auth, 'idempotency-key': crypto.randomUUID() }, data: { localId: waiter.localId, Forma: 'cartao', Valor: people[0].Valor, Pessoa: 1 } });
  expect(paid.status(), await paid.text()).toBe(201);
  const link = billLinkAnswer.parse(await (await request.post(`/${BILL_PATHS.link(mesa.Id)}`, { headers: waiter.auth, data: { localId: waiter.localId } })).json());

  const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    await page.goto(link.Caminho);
    await expect(page.getByTestId('public-bill-total')).toHaveText('R$ 87,67');
    const section = page.getByRole('region', { name: 'Divisão por pessoa' });
    await expect(section).toBeVisible();
    const persons = section.getByTestId('public-bill-person');
    await expect(persons).toHaveCount(2);
    const brl = (v: number) => `R$ ${v.toFixed(2).replace('.', ',')}`;
    await expect(persons.nth(0)).toContainText('Ana');
    await expect(persons.nth(0)).toContainText('1x X-Burger · R$ 28,90');
    await expect(persons.nth(0)).toContainText('1x Batata frita (dividido por 2) · R$ 6,00');
    await expect(persons.nth(0).getByTestId('public-bill-person-amount')).toHaveText(brl(people[0].Valor));
    await expect(persons.nth(0).getByTestId('public-bill-person-state')).toHaveText('Paga');
    await expect(persons.nth(1)).toContainText('Bia');
    await expect(persons.nth(1).getByTestId('public-bill-person-state')).toHaveText(`Falta pagar: ${brl(people[1].Valor)}`);
    await expect(section.getByTestId('public-bill-unassigned')).toContainText('1x Suco de laranja · R$ 9,90');
    await expect(page.getByText('Gabriel Garçom', { exact: false })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/table-bill-shots/22-conta-publica-divisao.png', fullPage: true });
    await expectAccessible(page);
  } finally {
    await context.close();
  }
});
