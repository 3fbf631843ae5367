/**
 * One person's pré-conta (issue 41, branch billend) on a 390×844 phone: with the bill split equally by
 * 3 the waiter chooses "Parte 2 de 3" under "Pré-conta de" and prints it; split by items, chooses a
 * person. The local print server (a loopback stand-in) gets the spec's print job, whose ESC/POS decodes
 * to that share's/person's lines and totals at the printer's 32 columns. Axe on the bill.
 */
import { BILL_MSG } from '../../src/shared/table-bill';
import { decodeEscPos, linesOf } from '../server/printers/escpos';
import { expectAccessible } from './axe';
import { fakePrintServer } from './print-server';
import { expect, test } from './fixtures';
import { apiLogin, placeOrder, setBoardSettings } from './orders-helpers';
import { atTable, freeTables, signInWaiter, splitAnaAndBia, tapTableBill, waiterPhone } from './waiter-helpers';

test("Pré-conta de uma pessoa: a share of the equal split, then a person of the split by items, each printed with only their part", async ({ browser, server, request }) => {
  test.setTimeout(150_000);
  const manager = await apiLogin(request, 'gerente@balcao.dev');
  const free = await freeTables(request, manager);
  expect(free.length, 'a free table on the demo restaurant').toBeGreaterThan(0);
  const mesa = free.at(-1)!;
  const table = atTable(mesa);
  // 2x 28,90 + 12,00 + 9,90 = 79,70; service 7,97; total 87,67 → by 3: 29,23 / 29,22 / 29,22.
  await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 }, { NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1 }] });
  await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'Suco de laranja', Valor: 9.9, Quantidade: 1 }] });

  const printServer = await fakePrintServer();
  const w = await waiterPhone(browser, server.url);
  /** The print server got its `count`th job, for the Bar with `tag`: its lines, none wider than the Bar's 32 columns. */
  const lastJobLines = (count: number, tag: string) => {
    expect(printServer.jobs).toHaveLength(count);
    expect(printServer.jobs[count - 1]).toMatchObject({ printer: 'Bar', body: { tag } });
    const printed = linesOf(decodeEscPos(Buffer.from(printServer.jobs[count - 1].body.escPosBase64!, 'base64')));
    for (const l of printed) expect(l.length, l).toBeLessThanOrEqual(32);
    return printed;
  };
  try {
    await setBoardSettings(request, manager, { EnderecoServidorLocal: printServer.url });
    await signInWaiter(w.page);
    await tapTableBill(w.page, mesa.Nome);
    await expect(w.page.getByTestId('bill-total')).toHaveText('R$ 87,67');

    // Not split: no choice, the whole bill prints.
    await expect(w.page.getByLabel('Pré-conta de')).toHaveCount(0);
    await w.page.getByRole('button', { name: 'Mais pessoas' }).tap();
    await w.page.getByRole('button', { name: 'Mais pessoas' }).tap();
    await expect(w.page.getByTestId('bill-part')).toHaveCount(3);
    const whose = w.page.getByLabel('Pré-conta de');
    await expect(whose.locator('option')).toHaveText(['Conta inteira', 'Parte 1 de 3', 'Parte 2 de 3', 'Parte 3 de 3']);
    await whose.selectOption({ label: 'Parte 2 de 3' });
    expect((await whose.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    await w.page.getByRole('button', { name: 'Imprimir pré-conta' }).tap();
    // No printer is named for the cashier: the first by name, the demo's Bar (58 mm, 32 columns).
    await expect(w.page.getByTestId('pre-bill-status')).toHaveText(BILL_MSG.preBillPartSent('Parte 2 de 3', 'Bar'));
    let lines = lastJobLines(1, `Pré-conta ${mesa.Nome} · Parte 2 de 3`);
    const has = (left: string, right: string) => expect(lines.find((l) => l.startsWith(left) && l.endsWith(right)), `${left} … ${right}`).toBeDefined();
    expect(lines.map((l) => l.trim())).toEqual(expect.arrayContaining(['PRÉ-CONTA', mesa.Nome, 'Parte 2 de 3']));
    has('2x X-Burger', 'R$ 57,80');
    has('Total', 'R$ 87,67');
    has('Parte 2 de 3', 'R$ 29,22');
    has('Falta pagar', 'R$ 29,22');
    expect(lines.some((l) => l.startsWith('Parte 1 de 3') || l.startsWith('Parte 3 de 3'))).toBe(false);
    await w.page.screenshot({ path: '/tmp/table-bill-shots/20-pre-conta-parte.png', fullPage: true });
    await expectAccessible(w.page);

    // Split by items (set through the API, as the waiter's editor does): Ana and Bia.
    await w.page.getByRole('button', { name: 'Menos pessoas' }).tap();
    await w.page.getByRole('button', { name: 'Menos pessoas' }).tap();
    await splitAnaAndBia(request, await apiLogin(request, 'garcom@balcao.dev'), mesa.Id, true);
    await w.page.reload();
    await expect(w.page.getByTestId('bill-total')).toHaveText('R$ 87,67');
    await expect(whose.locator('option')).toHaveText(['Conta inteira', 'Ana', 'Bia']);
    await whose.selectOption({ label: 'Bia' });
    await w.page.getByRole('button', { name: 'Imprimir pré-conta' }).tap();
    await expect(w.page.getByTestId('pre-bill-status')).toHaveText(BILL_MSG.preBillPartSent('Bia', 'Bar'));
    lines = lastJobLines(2, `Pré-conta ${mesa.Nome} · Bia`);
    expect(lines.map((l) => l.trim())).toEqual(expect.arrayContaining(['Bia', 'dividido por 2']));
    has('1x X-Burger', 'R$ 28,90');
    has('1x Batata frita', 'R$ 6,00');
    has('1x Suco de laranja', 'R$ 9,90');
    has('Itens', 'R$ 44,80');
    has('Taxa de serviço (10 %)', 'R$ 4,48');
    has('Total de Bia', 'R$ 49,28');
    has('Falta pagar', 'R$ 49,28');
    expect(lines.some((l) => l.startsWith('2x X-Burger') || l.includes('Ana'))).toBe(false);
    await w.page.screenshot({ path: '/tmp/table-bill-shots/21-pre-conta-pessoa.png', fullPage: true });
    await expectAccessible(w.page);
  } finally {
    await setBoardSettings(request, manager, { EnderecoServidorLocal: '' });
    await printServer.close();
    await w.context.close();
  }
});
