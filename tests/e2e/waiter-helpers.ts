/**
 * Helpers of the waiter-phone end-to-end specs (waiter, table-bill*, orders-offline): the 390×844
 * phone, the free tables of the demo restaurant, the waiter's sign-in and bill, the network switch and
 * the persisted query cache. Each spec keeps its own assertions; only the setup is shared.
 */
import fs from 'node:fs';
import type { APIRequestContext, APIResponse, Browser, BrowserContext, Page } from '@playwright/test';
import { BILL_PATHS, tableBill } from '../../src/shared/contract/table-bill';
import { WAITER_PATHS } from '../../src/shared/contract/waiter';
import { anaAndBiaSplit } from '../support/bill-split-fixture';
import { expect, openAs } from './fixtures';
import type { ApiSession } from './orders-helpers';

export interface WaiterPhone {
  context: BrowserContext;
  page: Page;
}

/**
 * A 390×844 touch phone on the server; `serviceWorkers: 'allow'` for the offline specs; `init` prepares
 * the context before its page opens (an init script). Page errors are logged.
 */
export async function waiterPhone(
  browser: Browser,
  baseURL: string,
  opts: { serviceWorkers?: 'allow' | 'block'; init?: (context: BrowserContext) => Promise<unknown> } = {},
): Promise<WaiterPhone> {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    reducedMotion: 'reduce',
    ...(opts.serviceWorkers ? { serviceWorkers: opts.serviceWorkers } : {}),
  });
  await opts.init?.(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`[phone pageerror] ${e.stack ?? e.message}`));
  return { context, page };
}

export interface WaiterTable {
  Id: string;
  Nome: string;
  Abertos: number;
  Conta?: number;
}

/** The demo restaurant's tables with no open order and no bill, as the manager's API lists them. */
export async function freeTables(request: APIRequestContext, manager: ApiSession): Promise<WaiterTable[]> {
  const tables = await request.get(`${WAITER_PATHS.tables}?localClienteId=${manager.localId}`, { headers: manager.auth });
  return ((await tables.json()) as { Mesas: WaiterTable[] }).Mesas.filter((m) => m.Abertos === 0 && !m.Conta);
}

/** The fields of an order placed at a table (delivery type 3), to spread into placeOrder's body. */
export const atTable = (mesa: WaiterTable) => ({ TipoEntrega: 3, MesaId: mesa.Id, Cliente: { Nome: mesa.Nome }, TipoPagamentoId: 2 });

/**
 * The waiter splits the table's bill by items as Ana and Bia (support/bill-split-fixture.ts; Bia takes
 * the juice when `withJuice`), through the API as the waiter's editor does; answers the split's
 * answer (its status is asserted 200 here).
 */
export async function splitAnaAndBia(request: APIRequestContext, waiter: ApiSession, mesaId: string, withJuice: boolean): Promise<APIResponse> {
  const bill = tableBill.parse(await (await request.get(`/${BILL_PATHS.bill(mesaId)}?localId=${waiter.localId}`, { headers: waiter.auth })).json());
  const split = await request.post(`/${BILL_PATHS.itemSplit(mesaId)}`, {
    headers: waiter.auth,
    data: {
      localId: waiter.localId,
      Divisao: anaAndBiaSplit(bill.Itens, withJuice),
    },
  });
  expect(split.status(), await split.text()).toBe(200);
  return split;
}

/** Signs the demo waiter in on a phone and waits for the tables screen. */
export async function signInWaiter(page: Page): Promise<void> {
  await openAs(page, 'garcom@balcao.dev', '/garcom');
}

/** From the tables screen: taps the table and its "Conta". */
export async function tapTableBill(page: Page, name: string): Promise<void> {
  await page.locator(`[data-testid="table-card"][data-mesa="${name}"]`).tap();
  await page.getByRole('button', { name: 'Conta', exact: true }).tap();
}

/** Taps the cash button named `button`, types what the customer handed over, checks the change shown (`change`) and records the payment. */
export async function payCash(page: Page, button: string, received: string, change: string): Promise<void> {
  await page.getByRole('button', { name: button }).tap();
  const cash = page.getByRole('dialog', { name: 'Pagamento em dinheiro' });
  await cash.getByLabel('Valor recebido').fill(received);
  await expect(page.getByTestId('cash-change')).toHaveText(change);
  await cash.getByRole('button', { name: 'Registrar pagamento' }).tap();
  await expect(cash).toBeHidden();
}

/** Waits until the service worker holds the app and controls the page (so it opens again without network). */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/**
 * No network for this browser context: the browser says offline and nothing reaches the API (the
 * service worker's fetches included). Answers a counter of the bill payments the page tried to send.
 */
export async function goOffline(context: BrowserContext): Promise<() => number> {
  let payments = 0;
  await context.route('**/api/**', (route) => {
    if (route.request().method() === 'POST' && route.request().url().includes('/Conta/Pagamentos')) payments += 1;
    return route.abort('internetdisconnected');
  });
  await context.setOffline(true);
  return () => payments;
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}

/** The persisted query cache (idb-keyval's default store) as text. */
export function persistedCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const get = open.result.transaction('keyval').objectStore('keyval').get('balcao.queryCache');
          get.onsuccess = () => resolve(typeof get.result === 'string' ? get.result : JSON.stringify(get.result ?? ''));
          get.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
      }),
  );
}

/** A full-page screenshot writer into one folder (created on first use). */
export function screenshots(dir: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  };
}

/** "R$ 1.234,56" → 123456. */
export const centsOf = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
