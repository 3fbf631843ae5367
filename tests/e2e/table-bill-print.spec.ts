/**
 * The pré-conta (issue 41) on a 390×844 phone: with no printer that can print the phone says so in
 * pt-BR; with the venue's local print server (a loopback stand-in that answers CORS, as the board's
 * spec uses) the phone posts the spec's print job, whose ESC/POS decodes to the bill's lines, totals
 * and split at the printer's 32 columns; a print server that refuses is reported. Axe on the bill.
 */
import type { Browser } from '@playwright/test';
import { WAITER_PATHS } from '../../src/shared/contract/waiter';
import { BILL_MSG } from '../../src/shared/table-bill';
import { decodeEscPos, linesOf } from '../server/printers/escpos';
import { expectAccessible } from './axe';
import { fakePrintServer } from './print-server';
import { expect, openAs, test } from './fixtures';
import { apiLogin, placeOrder, setBoardSettings } from './orders-helpers';

async function phone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  return { context, page: await context.newPage() };
}

test('Imprimir pré-conta: no printer is said in pt-BR; through the local print server the ESC/POS holds the bill at 32 columns', async ({ browser, server, request }) => {
  test.setTimeout(120_000);
  const manager = await apiLogin(request, 'gerente@balcao.dev');
  const tables = await request.get(`${WAITER_PATHS.tables}?localClienteId=${manager.localId}`, { headers: manager.auth });
  const free = ((await tables.json()) as { Mesas: Array<{ Id: string; Nome: string; Abertos: number; Conta?: number }> }).Mesas.filter((m) => m.Abertos === 0 && !m.Conta);
  expect(free.length, 'a free table on the demo restaurant').toBeGreaterThan(0);
  const mesa = free[0];
  const table = { TipoEntrega: 3, MesaId: mesa.Id, Cliente: { Nome: mesa.Nome }, TipoPagamentoId: 2 };
  await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 }] });
  await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1, Observacoes: [{ Descricao: 'Molho', Opcoes: [{ Nome: 'Maionese verde' }] }] }] });

  const printServer = await fakePrintServer();
  const w = await phone(browser, server.url);
  try {
    // The demo's printers sit on the local print server, and the venue has no address for it.
    await setBoardSettings(request, manager, { EnderecoServidorLocal: '' });
    await openAs(w.page, 'garcom@balcao.dev', '/garcom');
    await w.page.locator(`[data-testid="table-card"][data-mesa="${mesa.Nome}"]`).tap();
    await w.page.getByRole('button', { name: 'Conta', exact: true }).tap();
    await expect(w.page.getByTestId('bill-total')).toHaveText('R$ 76,78');
    const printButton = w.page.getByRole('button', { name: 'Imprimir pré-conta' });
    expect((await printButton.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    await printButton.tap();
    await expect(w.page.getByTestId('pre-bill-status')).toHaveText(BILL_MSG.preBillNoPrinter);
    await expectAccessible(w.page);

    // The venue's local print server: the phone posts the job from the venue's network.
    await setBoardSettings(request, manager, { EnderecoServidorLocal: printServer.url });
    await w.page.getByRole('button', { name: 'Mais pessoas' }).tap();
    await expect(w.page.getByTestId('bill-part')).toHaveCount(2);
    await printButton.tap();
    // No printer is named for the cashier: the first by name, the demo's Bar (58 mm, 32 columns).
    await expect(w.page.getByTestId('pre-bill-status')).toHaveText(BILL_MSG.preBillSent('Bar'));
    expect(printServer.jobs).toHaveLength(1);
    const job = printServer.jobs[0];
    expect(job).toMatchObject({ printer: 'Bar', body: { tag: `Pré-conta ${mesa.Nome}` } });
    const lines = linesOf(decodeEscPos(Buffer.from(job.body.escPosBase64!, 'base64')));
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(32);
    const trimmed = lines.map((l) => l.trim());
    expect(trimmed).toEqual(expect.arrayContaining(['PRÉ-CONTA', 'NÃO É DOCUMENTO FISCAL', mesa.Nome, 'Molho: Maionese verde', 'Dividido por 2 pessoas']));
    for (const [left, right] of [
      ['2x X-Burger', 'R$ 57,80'],
      ['1x Batata frita', 'R$ 12,00'],
      ['Subtotal', 'R$ 69,80'],
      ['Taxa de serviço (10 %)', 'R$ 6,98'],
      ['Total', 'R$ 76,78'],
      ['Falta pagar', 'R$ 76,78'],
      ['Parte 1 de 2', 'R$ 38,39'],
      ['Parte 2 de 2', 'R$ 38,39'],
    ]) expect(lines.find((l) => l.startsWith(left) && l.endsWith(right)), `${left} … ${right}`).toBeDefined();
    await w.page.screenshot({ path: '/tmp/table-bill-shots/07-pre-conta.png', fullPage: true });
    await expectAccessible(w.page);

    // The print server refuses: the phone says the pré-conta was not printed.
    printServer.state.status = 500;
    await printButton.tap();
    await expect(w.page.getByTestId('pre-bill-status')).toHaveText(BILL_MSG.preBillLocalFailed('Bar'));
    expect(printServer.jobs).toHaveLength(2);
  } finally {
    await setBoardSettings(request, manager, { EnderecoServidorLocal: '' });
    await printServer.close();
    await w.context.close();
  }
});
