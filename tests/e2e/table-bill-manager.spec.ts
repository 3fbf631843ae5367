/**
 * The manager's views of the tables' bills (issue 41) on a 1366×768 laptop: an open table shows on
 * "Mesas abertas" with its total and who ordered; once its bill is closed (through the API, as a
 * waiter's phone would) it shows on "Contas fechadas" of today with its payments, and "Reimprimir"
 * sends the closed bill, marked "2ª VIA", through the pré-conta's path to the venue's local print
 * server (a loopback stand-in that answers CORS, as the pré-conta's spec uses). Axe on each tab.
 */
import { BILL_PATHS } from '../../src/shared/contract/table-bill';
import { BILL_MGR_MSG } from '../../src/shared/table-bill-manager';
import { decodeEscPos, linesOf } from '../server/printers/escpos';
import { expectAccessible } from './axe';
import { fakePrintServer } from './print-server';
import { expect, openAs, test } from './fixtures';
import { apiLogin, placeOrder, setBoardSettings } from './orders-helpers';
import { atTable, freeTables } from './waiter-helpers';

test.use({ viewport: { width: 1366, height: 768 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

test('Mesas e contas: an open table with its total; closed through the API it shows in Contas fechadas and reprints as 2ª VIA', async ({ page, request }) => {
  test.setTimeout(120_000);
  const manager = await apiLogin(request, 'gerente@balcao.dev');
  const free = await freeTables(request, manager);
  expect(free.length, 'a free table on the demo restaurant').toBeGreaterThan(0);
  const mesa = free[free.length - 1];
  const table = atTable(mesa);
  await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 }] });
  await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1 }] });

  const printServer = await fakePrintServer();
  try {
    await openAs(page, 'gerente@balcao.dev', '/dashboard');
    // The menu entry sits with the waiter's screens (Meep Food).
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    const entry = nav.getByRole('link', { name: 'Mesas e contas' });
    if (!(await entry.isVisible())) await nav.getByText('Meep Food', { exact: true }).click();
    await entry.click();
    await page.waitForURL((u) => u.pathname === '/meepFood/mesas');
    await expect(page).toHaveTitle('Mesas e contas · Balcão');
    await expect(page.getByRole('heading', { level: 1, name: 'Mesas e contas' })).toBeVisible();

    const openRow = page.getByRole('table', { name: 'Mesas abertas' }).getByRole('row').filter({ has: page.getByRole('cell', { name: mesa.Nome, exact: true }) });
    await expect(openRow).toHaveCount(1);
    await expect(openRow).toContainText('R$ 76,78');
    await expect(openRow).toContainText('Gustavo Gerente');
    await expect(openRow).toContainText(/\d+ min/);
    await expect(openRow.getByRole('link', { name: `Abrir conta da ${mesa.Nome}` })).toHaveAttribute('href', new RegExp(`/garcom\\?mesa=${mesa.Id}&tela=conta`));
    await page.screenshot({ path: '/tmp/pw-billmgr-shots/01-mesas-abertas.png', fullPage: true });
    await expectAccessible(page);

    // The waiter's phone takes the payment and closes the table (the API, as the phone does).
    const paid = await request.post(BILL_PATHS.payments(mesa.Id), { data: { localId: manager.localId, Forma: 'cartao', Valor: 76.78 }, headers: { ...manager.auth, 'Idempotency-Key': crypto.randomUUID() } });
    expect(paid.status(), await paid.text()).toBe(201);
    const closed = await request.post(BILL_PATHS.close(mesa.Id), { data: { localId: manager.localId }, headers: { ...manager.auth, 'Idempotency-Key': crypto.randomUUID() } });
    expect(closed.status(), await closed.text()).toBe(200);

    await page.getByRole('tab', { name: 'Contas fechadas' }).click();
    await page.waitForURL((u) => u.searchParams.get('aba') === 'fechadas');
    const closedRows = page.getByRole('table', { name: /^Contas fechadas em / }).getByRole('row').filter({ has: page.getByRole('cell', { name: mesa.Nome, exact: true }) });
    // Latest first: this test's bill is the table's first row today.
    const row = closedRows.first();
    await expect(row).toContainText('R$ 76,78');
    await expect(row).toContainText('R$ 6,98');
    await expect(row).toContainText('Cartão R$ 76,78');
    await expect(row).toContainText('Gustavo Gerente');
    await page.screenshot({ path: '/tmp/pw-billmgr-shots/02-contas-fechadas.png', fullPage: true });
    await expectAccessible(page);

    // Reprint through the venue's local print server; the demo's first printer by name is the Bar (58 mm).
    await setBoardSettings(request, manager, { EnderecoServidorLocal: printServer.url });
    await row.getByRole('button', { name: new RegExp(`^Reimprimir a conta da ${mesa.Nome} `) }).click();
    await expect(page.getByText(BILL_MGR_MSG.reprintSent('Bar'))).toBeVisible();
    await expect.poll(() => printServer.jobs.length, { timeout: 10_000 }).toBe(1);
    const job = printServer.jobs[0];
    expect(job).toMatchObject({ printer: 'Bar', body: { tag: `Conta ${mesa.Nome} (2ª via)` } });
    const lines = linesOf(decodeEscPos(Buffer.from(job.body.escPosBase64!, 'base64')));
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(32);
    const trimmed = lines.map((l) => l.trim());
    expect(trimmed).toEqual(expect.arrayContaining(['CONTA', '2ª VIA', mesa.Nome]));
    for (const [left, right] of [
      ['2x X-Burger', 'R$ 57,80'],
      ['Total', 'R$ 76,78'],
      ['Pago', 'R$ 76,78'],
      ['Falta pagar', 'R$ 0,00'],
    ]) expect(lines.find((l) => l.startsWith(left) && l.endsWith(right)), `${left} … ${right}`).toBeDefined();
    await page.screenshot({ path: '/tmp/pw-billmgr-shots/03-reimprimir.png', fullPage: true });
  } finally {
    await setBoardSettings(request, manager, { EnderecoServidorLocal: '' });
    await printServer.close();
  }
});

test('Mesas e contas: a day with no closed bill says so in pt-BR', async ({ page }) => {
  await openAs(page, 'gerente@balcao.dev', '/meepFood/mesas?aba=fechadas&data=01/01/2020');
  await expect(page.getByText(BILL_MGR_MSG.emptyClosed('01/01/2020'))).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Dia' })).toHaveValue('01/01/2020');
  await expectAccessible(page);
});

test('Mesas e contas: a waiter (Garcom alone) is sent to Acesso negado', async ({ page }) => {
  await openAs(page, 'garcom@balcao.dev', '/meepFood/mesas');
  await page.waitForURL((u) => u.pathname === '/acessonegado');
});
