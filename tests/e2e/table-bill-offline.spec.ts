/**
 * A cash payment recorded on a phone without network (issue 41) on a 390×844 phone: it shows at once
 * as "pendente de envio" (Falta pagar counts it), Pix says it needs a connection, the payment
 * survives a reload while offline, and once the network is back it reaches the server exactly once
 * and the bill shows it paid; the table then closes and the manager's sales dashboard shows the sale
 * by payment method with the service charge as its own figure (1366×768 laptop).
 */
import { BILL_PATHS, tableBill } from '../../src/shared/contract/table-bill';
import { DASHBOARD_BILLS_PATH, dashboardBills } from '../../src/shared/contract/dashboard';
import { formatDateBR, saoPauloDay } from '../../src/shared/dashboard';
import { formatBRL } from '../../src/shared/format';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';
import { apiLogin, placeOrder } from './orders-helpers';
import { freeTables, goOffline, goOnline, payCash, persistedCache, screenshots, signInWaiter, tapTableBill, untilServiceWorkerControls, waiterPhone } from './waiter-helpers';

// The reload offline needs the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const SHOTS = '/tmp/table-bill-offline-shots';

const shot = screenshots(SHOTS);

test('offline: a cash payment is pendente de envio, survives a reload, and reaches the server exactly once when the network returns', async ({ browser, server, request }) => {
  test.setTimeout(180_000);
  const manager = await apiLogin(request, 'gerente@balcao.dev');
  const free = await freeTables(request, manager);
  // Not the last free table: the table-bill spec takes that one on the same server.
  expect(free.length, 'two free tables on the demo restaurant').toBeGreaterThan(1);
  const mesa = free[free.length - 2];
  const name = mesa.Nome;
  // 2 × 10,00 → subtotal 20,00, service 2,00, total 22,00.
  await placeOrder(request, manager, { TipoEntrega: 3, MesaId: mesa.Id, Cliente: { Nome: name }, TipoPagamentoId: 2, Itens: [{ NomeProduto: 'Prato do dia', Valor: 10, Quantidade: 2 }] });
  const serverBill = async () => tableBill.parse(await (await request.get(`${BILL_PATHS.bill(mesa.Id)}?localId=${manager.localId}`, { headers: manager.auth })).json());

  const today = formatDateBR(saoPauloDay(new Date()));
  const salesOfToday = async () =>
    dashboardBills.parse(await (await request.get(`${DASHBOARD_BILLS_PATH}?${new URLSearchParams({ localClienteId: manager.localId, InitialPeriod: today, FinalPeriod: today })}`, { headers: manager.auth })).json());

  const w = await waiterPhone(browser, server.url, { serviceWorkers: 'allow' });
  const laptop = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1366, height: 768 }, reducedMotion: 'reduce' });
  try {
    await signInWaiter(w.page);
    // The service worker holds the app, so the page opens again without network.
    await untilServiceWorkerControls(w.page);
    await tapTableBill(w.page, name);
    await expect(w.page.getByRole('heading', { name: `${name} · Conta`, level: 1 })).toBeVisible();
    await expect(w.page.getByTestId('bill-total')).toHaveText('R$ 22,00');
    await expect(w.page.getByRole('button', { name: 'Pix · Conta inteira', exact: true })).toBeEnabled();
    // The bill is in the phone's persisted cache before the network goes.
    await expect.poll(() => persistedCache(w.page)).toContain(`"bill","${manager.localId}","${mesa.Id}"`);

    const paymentsSent = await goOffline(w.context);
    // Pix needs the PSP while the customer waits: the button says so and is off.
    const pix = w.page.getByRole('button', { name: 'Pix sem conexão · Conta inteira · Pix precisa de conexão' });
    await expect(pix).toBeDisabled();
    await expect(pix).toHaveText('Pix sem conexão');
    await shot(w.page, '00-offline');

    // Cash, R$ 50,00 received: at once on the bill as pendente de envio; Falta pagar counts it.
    await payCash(w.page, 'Dinheiro · Conta inteira', '50', 'Troco: R$ 28,00');
    const queued = w.page.getByTestId('bill-payment-queued');
    await expect(queued).toHaveText('Dinheiro · R$ 22,00 · pendente de envio · recebido R$ 50,00 · troco R$ 28,00');
    await expect(w.page.getByTestId('bill-part-queued')).toHaveText('Pendente de envio · Dinheiro');
    await expect(w.page.getByTestId('bill-queued')).toHaveText('R$ 22,00');
    await expect(w.page.getByTestId('bill-remaining')).toHaveText('R$ 0,00');
    await expect(w.page.getByTestId('bill-paid')).toHaveText('R$ 0,00');
    // A payment is on the bill: the service charge can no longer change, and the screen says why.
    await expect(w.page.getByRole('switch', { name: 'Taxa de serviço (10 %)' })).toBeDisabled();
    await expect(w.page.getByTestId('bill-service-locked')).toHaveText('A taxa não pode mais ser alterada: já há pagamento registrado.');
    await expect(w.page.getByRole('button', { name: 'Fechar mesa' })).toBeDisabled();
    await expect(w.page.getByTestId('outbox-count')).toHaveText('1 envio na fila');
    await shot(w.page, '01-pendente');
    await expectAccessible(w.page);

    // A reload without network: the app, the bill and the queued payment are all still there.
    await w.page.reload();
    await expect(w.page.getByRole('heading', { name: `${name} · Conta`, level: 1 })).toBeVisible();
    await expect(queued).toHaveText('Dinheiro · R$ 22,00 · pendente de envio · recebido R$ 50,00 · troco R$ 28,00');
    await expect(w.page.getByTestId('bill-remaining')).toHaveText('R$ 0,00');
    await expect(w.page.getByTestId('bill-total')).toHaveText('R$ 22,00');
    await shot(w.page, '02-recarregada');
    await expectAccessible(w.page);
    // Nothing reached the server yet (the phone did try: its attempts were cut).
    expect((await serverBill()).Pagamentos).toEqual([]);
    await expect.poll(paymentsSent).toBeGreaterThan(0);

    // The network returns: the queue drains by itself; the bill shows it paid.
    await goOnline(w.context);
    await expect(queued).toHaveCount(0, { timeout: 30_000 });
    await expect(w.page.getByTestId('bill-part').first()).toContainText('Paga · Dinheiro');
    await expect(w.page.getByTestId('bill-paid')).toHaveText('R$ 22,00');
    await expect(w.page.getByTestId('bill-remaining')).toHaveText('R$ 0,00');
    await expect(w.page.getByTestId('bill-payment').filter({ hasText: 'troco R$ 28,00' })).toHaveCount(1);
    await expect(w.page.getByTestId('outbox-count')).toHaveCount(0);
    // Exactly one payment on the server, recorded with the key the phone made at the tap.
    const after = await serverBill();
    expect(after.Pagamentos).toHaveLength(1);
    expect(after.Pagamentos[0]).toMatchObject({ Forma: 'dinheiro', Status: 'pago', Valor: 22, ValorRecebido: 50, Troco: 28 });
    expect(after.Pagamentos[0].Chave).toBeTruthy();
    expect(after).toMatchObject({ Pago: 22, Restante: 0 });
    await shot(w.page, '03-paga');
    await expectAccessible(w.page);

    // The table closes and is free again.
    const before = await salesOfToday();
    await w.page.getByRole('button', { name: 'Fechar mesa' }).tap();
    await expect(w.page.getByRole('heading', { name: 'Mesas', level: 1 })).toBeVisible();
    await expect(w.page.locator(`[data-testid="table-card"][data-mesa="${name}"]`)).toContainText('Livre');
    expect((await serverBill()).Itens).toEqual([]);

    // The manager's sales dashboard, today: the sale by method (Dinheiro + 22,00) and the service (+ 2,00) on its own.
    const m = await laptop.newPage();
    await openAs(m, 'gerente@balcao.dev', `/novoDashboard?InitialPeriod=${encodeURIComponent(today)}&FinalPeriod=${encodeURIComponent(today)}`);
    const panel = m.getByTestId('chart-table-bills');
    await expect(panel.getByRole('heading', { name: 'Contas de mesa por forma de pagamento' })).toBeVisible();
    const money = (cents: number) => formatBRL(cents / 100);
    const cashBefore = before.PorForma.find((x) => x.Forma === 'dinheiro')!;
    await expect(panel.getByTestId('table-bills-dinheiro')).toHaveText(`Dinheiro (${cashBefore.Quantidade + 1})${money(Math.round(cashBefore.Valor * 100) + 2200)}`);
    await expect(panel.getByTestId('table-bills-service')).toHaveText(`Taxa de serviço${money(Math.round(before.TaxaServico * 100) + 200)}`);
    const n = before.Contas + 1;
    await expect(panel.getByTestId('table-bills-total')).toHaveText(`Total de ${n} ${n === 1 ? 'conta' : 'contas'}${money(Math.round(before.Total * 100) + 2200)}`);
    await expect(m.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    await panel.scrollIntoViewIfNeeded();
    await m.screenshot({ path: `${SHOTS}/04-dashboard-1366.png` });
    await expectAccessible(m);
  } finally {
    await w.context.close();
    await laptop.close();
  }
});
