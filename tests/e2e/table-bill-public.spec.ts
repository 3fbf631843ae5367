/**
 * The public bill page (issue 41): the waiter's phone shows a QR code of the open bill's link; the
 * customer's 390×844 phone, without signing in, opens it, reads the bill, pays what remains by Pix
 * (its BR Code read from the QR image and checked by pix-utils, CRC included), the sandbox PSP pays;
 * once the table closes the link answers "Conta não encontrada" in pt-BR. Axe on each screen.
 */
import fs from 'node:fs';
import { hasError, parsePix } from 'pix-utils';
import { BILL_PATHS } from '../../src/shared/contract/table-bill';
import { BILL_MSG } from '../../src/shared/table-bill';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { apiLogin, placeOrder } from './orders-helpers';
import { readQr } from './qr-helpers';
import { atTable, freeTables, signInWaiter, tapTableBill, waiterPhone } from './waiter-helpers';

const SHOTS = '/tmp/table-bill-shots';


test('the QR of the bill opens the public bill page without sign-in; Pix of what remains is paid; the link dies when the table closes', async ({ browser, server, request }) => {
  test.setTimeout(150_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const manager = await apiLogin(request, 'gerente@balcao.dev');
  const free = await freeTables(request, manager);
  expect(free.length, 'a free table on the demo restaurant').toBeGreaterThan(0);
  const mesa = free[Math.floor(free.length / 2)];
  const table = atTable(mesa);
  await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'X-Burger', Valor: 28.9, Quantidade: 2 }] });
  await placeOrder(request, manager, { ...table, Itens: [{ NomeProduto: 'Batata frita', Valor: 12, Quantidade: 1, Observacoes: [{ Descricao: 'Molho', Opcoes: [{ Nome: 'Maionese verde' }] }] }] });

  const w = await waiterPhone(browser, server.url);
  const c = await waiterPhone(browser, server.url);
  try {
    await signInWaiter(w.page);
    await tapTableBill(w.page, mesa.Nome);
    await expect(w.page.getByTestId('bill-total')).toHaveText('R$ 76,78');
    await w.page.getByRole('button', { name: 'QR da conta' }).tap();
    const dialog = w.page.getByRole('dialog', { name: 'QR code da conta' });
    await expect(dialog.getByTestId('bill-link-qr')).toBeVisible();
    const url = await readQr(w.page, 'QR code da conta da mesa');
    expect(url).toMatch(new RegExp(`^${server.url.replace(/\/$/, '')}/conta/[A-Za-z0-9_-]{32}$`));
    await expect(dialog.getByLabel('Link da conta')).toHaveValue(url);
    await w.page.screenshot({ path: `${SHOTS}/08-qr-da-conta.png` });
    await expectAccessible(w.page);

    // The customer's phone: no session at all.
    await c.page.goto(new URL(url).pathname);
    await expect(c.page.getByRole('heading', { name: `Conta da ${mesa.Nome}`, level: 1 })).toBeVisible();
    await expect(c.page).toHaveTitle(`Conta da ${mesa.Nome} · Balcão`);
    await expect(c.page.getByTestId('public-bill-line')).toHaveCount(2);
    await expect(c.page.getByTestId('public-bill-line').nth(1)).toContainText('Molho: Maionese verde');
    await expect(c.page.getByTestId('public-bill-service')).toHaveText('R$ 6,98');
    await expect(c.page.getByTestId('public-bill-total')).toHaveText('R$ 76,78');
    await expect(c.page.getByTestId('public-bill-remaining')).toHaveText('R$ 76,78');
    await c.page.screenshot({ path: `${SHOTS}/09-conta-publica.png`, fullPage: true });
    await expectAccessible(c.page);

    await c.page.getByRole('button', { name: 'Pagar com Pix · R$ 76,78' }).tap();
    await expect(c.page.getByTestId('public-bill-pix')).toBeVisible();
    const brCode = await readQr(c.page, 'QR code do Pix de R$ 76,78');
    await expect(c.page.getByLabel('Pix copia e cola')).toHaveValue(brCode);
    const parsed = parsePix(brCode);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({ transactionAmount: 76.78 });
    await c.page.screenshot({ path: `${SHOTS}/10-conta-publica-pix.png`, fullPage: true });
    await expectAccessible(c.page);

    await c.page.getByRole('button', { name: 'Simular pagamento (sandbox)' }).tap();
    await expect(c.page.getByTestId('public-bill-paid-notice')).toContainText(BILL_MSG.publicPaid);
    await expect(c.page.getByTestId('public-bill-settled')).toContainText(BILL_MSG.publicNothingToPay);
    await expect(c.page.getByTestId('public-bill-paid')).toHaveText('R$ 76,78');
    await expect(c.page.getByTestId('public-bill-remaining')).toHaveText('R$ 0,00');
    await expectAccessible(c.page);

    // The waiter closes the table: the link no longer opens the bill.
    const closed = await request.post(BILL_PATHS.close(mesa.Id), { data: { localId: manager.localId }, headers: { ...manager.auth, 'Idempotency-Key': crypto.randomUUID() } });
    expect(closed.status(), await closed.text()).toBe(200);
    await c.page.reload();
    await expect(c.page.getByTestId('public-bill-error')).toContainText(BILL_MSG.publicNotFound);
    await c.page.screenshot({ path: `${SHOTS}/11-conta-publica-fechada.png` });
    await expectAccessible(c.page);
  } finally {
    await c.context.close();
    await w.context.close();
  }
});
