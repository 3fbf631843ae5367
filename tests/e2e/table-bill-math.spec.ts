/**
 * The bill's math (issue 41, billmath): a manager turns the couvert on in Configuração do Meep Food ›
 * Conta da mesa (laptop, 1366×768); on a 390×844 phone the waiter sets the couvert for 2 people
 * and gives a 10 % discount that a manager authorises with their e-mail and password on the waiter's
 * phone (a wrong password first is refused); subtotal, discount, service (on the discounted items),
 * couvert and total add up; the table is paid and closed. Axe on each screen and dialog. The venue's
 * settings are put back (10 %, no couvert) at the end, on a server of the spec's own.
 */
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { BILL_PATHS } from '../../src/shared/contract/table-bill';
import { WAITER_PATHS } from '../../src/shared/contract/waiter';
import { BILL_MSG } from '../../src/shared/table-bill';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';
import { apiLogin, placeOrder } from './orders-helpers';

const SHOTS = '/tmp/table-bill-math-shots';

// A server of its own: this spec changes the restaurant's bill settings, which other specs' bills read.
test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'table-bill-math' } });

async function device(browser: Browser, baseURL: string, viewport: { width: number; height: number }, mobile: boolean) {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport, hasTouch: mobile, isMobile: mobile, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`[pageerror] ${e.stack ?? e.message}`));
  return { context, page };
}
async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('couvert for 2 and a 10 % discount authorised by the manager password on the waiter phone: the bill adds up and closes', async ({ browser, server, request }) => {
  test.setTimeout(180_000);
  const manager = await apiLogin(request, 'gerente@balcao.dev');
  const restore = () => request.put(BILL_PATHS.settings, { headers: manager.auth, data: { localId: manager.localId, TaxaServicoPercentual: 10, ValorCouvert: null } });
  const tables = await request.get(`${WAITER_PATHS.tables}?localClienteId=${manager.localId}`, { headers: manager.auth });
  const free = ((await tables.json()) as { Mesas: Array<{ Id: string; Nome: string; Abertos: number; Conta?: number }> }).Mesas.filter((m) => m.Abertos === 0 && !m.Conta);
  expect(free.length, 'a free table on the demo restaurant').toBeGreaterThan(0);
  const mesa = free[0];
  const table = { TipoEntrega: 3, MesaId: mesa.Id, Cliente: { Nome: mesa.Nome }, TipoPagamentoId: 2 };

  const m = await device(browser, server.url, { width: 1366, height: 768 }, false);
  const w = await device(browser, server.url, { width: 390, height: 844 }, true);
  try {
    // The manager: Conta da mesa, couvert R$ 12,50 per person (a bad value first is refused with the server's message).
    await openAs(m.page, 'gerente@balcao.dev', '/meepFood/configuracao');
    const section = m.page.getByRole('region', { name: 'Conta da mesa' });
    await expect(section.getByRole('textbox', { name: 'Taxa de serviço (%)' })).toHaveValue('10');
    await section.getByRole('switch', { name: 'Cobrar couvert por pessoa' }).click();
    await section.getByRole('textbox', { name: 'Couvert por pessoa' }).fill('0');
    await section.getByRole('button', { name: 'Salvar conta da mesa' }).click();
    await expect(section).toContainText(BILL_MSG.couvertInvalid);
    await section.getByRole('textbox', { name: 'Couvert por pessoa' }).fill('12,50');
    await section.getByRole('button', { name: 'Salvar conta da mesa' }).click();
    await expect(m.page.getByText(BILL_MSG.settingsSaved)).toBeVisible();
    await expect(section.getByRole('textbox', { name: 'Couvert por pessoa' })).toHaveValue('12,50');
    await section.scrollIntoViewIfNeeded();
    await m.page.screenshot({ path: `${SHOTS}/01-configuracao.png` });
    await expectAccessible(m.page);

    await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 }] });
    await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1 }] });
    await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'Refrigerante lata', Valor: 9.9, Quantidade: 1 }] });

    // The waiter: couvert for 2 on its own line, no service on it.
    await openAs(w.page, 'garcom@balcao.dev', '/garcom');
    await w.page.locator(`[data-testid="table-card"][data-mesa="${mesa.Nome}"]`).tap();
    await w.page.getByRole('button', { name: 'Conta', exact: true }).tap();
    await expect(w.page.getByRole('heading', { name: `${mesa.Nome} · Conta`, level: 1 })).toBeVisible();
    await expect(w.page.getByTestId('bill-subtotal')).toHaveText('R$ 79,70');
    await expect(w.page.getByTestId('bill-couvert-row')).toContainText('Couvert (0 pessoas)');
    await w.page.getByRole('button', { name: 'Mais couvert (pessoas)' }).tap();
    await expect(w.page.getByTestId('bill-couvert-row')).toContainText('Couvert (1 pessoa)');
    await w.page.getByRole('button', { name: 'Mais couvert (pessoas)' }).tap();
    await expect(w.page.getByTestId('bill-couvert-row')).toContainText('Couvert (2 pessoas)');
    await expect(w.page.getByTestId('bill-couvert')).toHaveText('R$ 25,00');
    await expect(w.page.getByTestId('bill-service')).toHaveText('R$ 7,97');
    await expect(w.page.getByTestId('bill-total')).toHaveText('R$ 112,67');

    // A 10 % discount: the Garçom's own password is not a manager's; the manager's is.
    await w.page.getByRole('button', { name: 'Dar desconto' }).tap();
    const dialog = w.page.getByRole('dialog', { name: 'Dar desconto' });
    await dialog.getByText('Percentual (%)', { exact: true }).tap();
    await expect(dialog.getByRole('radio', { name: 'Percentual (%)' })).toBeChecked();
    await dialog.getByLabel('Percentual do desconto').fill('10');
    await dialog.getByLabel('Motivo').fill('Aniversário do cliente');
    await dialog.getByRole('button', { name: 'Autorizar desconto' }).tap();
    await expect(dialog).toContainText(BILL_MSG.managerEmailRequired);
    await dialog.getByLabel('E-mail do gerente').fill('garcom@balcao.dev');
    await dialog.getByLabel('Senha do gerente').fill('Demo#2026');
    await dialog.getByRole('button', { name: 'Autorizar desconto' }).tap();
    await expect(dialog).toContainText(BILL_MSG.managerRefused);
    await shot(w.page, '02-desconto-recusado');
    await expectAccessible(w.page);
    await dialog.getByLabel('E-mail do gerente').fill('gerente@balcao.dev');
    await dialog.getByLabel('Senha do gerente').fill('Demo#2026');
    await dialog.getByRole('button', { name: 'Autorizar desconto' }).tap();
    await expect(dialog).toBeHidden();
    // 79,70 − 7,97 = 71,73; service 10 % = 7,17; couvert 25,00; total 103,90.
    await expect(w.page.getByTestId('bill-discount')).toHaveText('− R$ 7,97');
    await expect(w.page.getByTestId('bill-discount-entry')).toContainText('Aniversário do cliente · autorizado por Gustavo Gerente');
    await expect(w.page.getByTestId('bill-service')).toHaveText('R$ 7,17');
    await expect(w.page.getByTestId('bill-total')).toHaveText('R$ 103,90');
    await shot(w.page, '03-conta-com-desconto');
    await expectAccessible(w.page);

    // Paid by card: the couvert locks like the service switch; the table closes.
    await w.page.getByRole('button', { name: 'Cartão · Conta inteira' }).tap();
    await w.page.getByRole('dialog').getByRole('button', { name: 'Registrar pagamento' }).tap();
    await expect(w.page.getByTestId('bill-remaining')).toHaveText('R$ 0,00');
    await expect(w.page.getByRole('button', { name: 'Mais couvert (pessoas)' })).toHaveCount(0);
    await expect(w.page.getByRole('button', { name: 'Dar desconto' })).toHaveCount(0);
    await shot(w.page, '04-paga');
    await expectAccessible(w.page);
    await w.page.getByRole('button', { name: 'Fechar mesa' }).tap();
    await expect(w.page.getByRole('heading', { name: 'Mesas', level: 1 })).toBeVisible();
  } finally {
    expect((await restore()).status()).toBe(200);
    await m.context.close();
    await w.context.close();
  }
});
