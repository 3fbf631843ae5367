/**
 * The waiter's phone hears "Pedido pronto" through the live event stream (issue 28, "Waiter phone"),
 * not by polling: while the stream is open the tables are not polled at all (the slow fallback poll
 * runs only while it is down), so a ready order can only arrive through an event. The stream's URL
 * carries a single-use ticket, never the bearer token.
 */
import type { Page } from '@playwright/test';
import { WAITER_PATHS } from '../../src/shared/contract/waiter';
import { KDS_PATHS } from '../../src/shared/orders';
import { expectAccessible } from './axe';
import { expect, openAs, test } from './fixtures';
import { apiLogin, placeOrder, runCommand } from './orders-helpers';

const streamProbe = (page: Page) => page.evaluate(() => window.__balcaoWaiterStream ?? { open: false, events: 0 });

test('a ready table order reaches the waiter’s phone through the live stream, with no polling', async ({ browser, server, request }) => {
  test.setTimeout(90_000);
  const kitchen = await apiLogin(request, 'cozinha@balcao.dev');
  const waiter = await apiLogin(request, 'garcom@balcao.dev');
  const tables = (await (await request.get(`${WAITER_PATHS.tables}?localClienteId=${waiter.localId}`, { headers: waiter.auth })).json()) as { Mesas: Array<{ Id: string; Nome: string }> };
  const mesa = tables.Mesas[3];

  const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const streamUrls: string[] = [];
  const tableReads: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.toLowerCase() === KDS_PATHS.events) streamUrls.push(r.url());
    if (u.pathname.toLowerCase() === WAITER_PATHS.tables.toLowerCase()) tableReads.push(r.url());
  });
  try {
    await openAs(page, 'garcom@balcao.dev', '/garcom');
    await expect(page.getByRole('heading', { name: 'Mesas', level: 1 })).toBeVisible();
    await expect.poll(async () => (await streamProbe(page)).open).toBe(true);
    const token = await page.evaluate(() => Object.values(localStorage).join(' '));
    // The stream's URL carries a ticket, never the session's token.
    expect(streamUrls.length).toBeGreaterThan(0);
    for (const u of streamUrls) {
      expect(u).toContain('ticket=');
      expect(u).not.toContain('access_token');
      expect(token).not.toContain(new URL(u).searchParams.get('ticket')!);
    }
    await expectAccessible(page);

    const eventsBefore = (await streamProbe(page)).events;
    const o = await placeOrder(request, kitchen, { TipoEntrega: 3, MesaId: mesa.Id, Cliente: { Nome: mesa.Nome }, TipoPagamentoId: 1 });
    for (const c of ['acceptOrder', 'startOrder', 'readyToPickup'] as const) expect((await runCommand(request, kitchen, c, { Id: o.Id })).status()).toBe(200);
    const ready = page.locator(`[data-testid="ready-order"][data-codigo="${o.Codigo}"]`);
    await expect(ready).toBeVisible();
    // It came by the stream: its events arrived, the stream stayed open the whole time (so the
    // fallback poll never ran), and the tables were read again because of them.
    const after = await streamProbe(page);
    expect(after.open).toBe(true);
    expect(after.events - eventsBefore).toBeGreaterThanOrEqual(4);
    expect(tableReads.length).toBeGreaterThan(1);
    await expectAccessible(page);
  } finally {
    await context.close();
  }
});
