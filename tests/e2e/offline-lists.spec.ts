/**
 * Issue 28, back office offline on every list: each list page, loaded once online, is reloaded with no
 * network and shows its saved rows with "Sem conexão — lista salva às HH:MM" (one notice, no error);
 * a list never saved on this device, and the finance/admin lists that are never kept, say plainly
 * that they need the connection. (Writes offline: offline-lists-writes.spec.ts.)
 */
import type { BrowserContext, Page } from '@playwright/test';
import { ONLINE_ONLY_LIST_ROUTES } from '../../src/app/lib/saved-lists';
import { expectAccessible } from './axe';
import { INSTITUTE } from './donations-helpers';
import { expect, openAs, test } from './fixtures';
import { savedSince } from './offline-lists-helpers';

test.use({ workerEnv: { BALCAO_E2E_ISOLATE: 'offline-lists' } });
// The service worker is part of what this file tests (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 240_000 });

const SAVED_AT = /Sem conexão — lista salva às \d{2}:\d{2}/;
const NO_COPY = 'Sem conexão e sem lista salva neste aparelho: a lista aparece quando a conexão voltar.';
const ONLINE_ONLY = 'Sem conexão: esta lista não é guardada neste aparelho e aparece quando a conexão voltar.';

interface ListCase {
  path: string;
  /** The query root the page's list is cached under (and the key's second part, when other queries share the root). */
  root: string;
  key?: string;
  /** Where its records are (table rows, cards or list items unless said). */
  rows?: string;
  /** What a person does on the page before the list shows (the same online and offline). */
  prepare?: (page: Page) => Promise<void>;
  axe?: boolean;
}

const ROWS = 'main tbody tr, main article, main li';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The restaurant's lists, as its manager. */
const RESTAURANT: ListCase[] = [
  { path: '/produtos/produto', root: 'products', rows: '[data-testid="product-row"]', axe: true },
  { path: '/produtos/categorias', root: 'product-categories' },
  // No access limits in the demo: the saved copy is the empty list, said as such.
  { path: '/produtos/limitarAcesso', root: 'products', rows: 'main p:has-text("Não há usuários com limitações de acesso")' },
  { path: '/produtos/skippedproducts', root: 'products' },
  { path: '/cadastro/stores', root: 'stores' },
  { path: '/cadastro/operador', root: 'staff', axe: true },
  { path: '/configuracoes/acessos', root: 'staff' },
  { path: '/admin/equipamentos/pontoDeVendas', root: 'sales-points' },
  { path: '/cadastro/impressoras', root: 'printers' },
  { path: '/cadastro/formasPagamento', root: 'payment-methods' },
  { path: '/cadastro/clientes', root: 'customers', rows: '[data-testid="customer-row"]' },
  { path: '/cadastro/categoriaClientes', root: 'customer-categories' },
  { path: '/cadastro/mepaylink', root: 'payment-links' },
  { path: '/agendamento/lista', root: 'scheduling' },
  { path: '/agendamento/categoria', root: 'scheduling', axe: true },
  { path: '/agendamento/mapa', root: 'scheduling', rows: '[data-testid="map-row"]' },
];

/** The donation institute's lists, as the admin. */
const INSTITUTE_LISTS: ListCase[] = [
  { path: '/doacoes/instituicoes', root: 'donations', axe: true },
  { path: '/doacoes/eventos', root: 'donations' },
  {
    path: '/doacoes/links',
    root: 'donations',
    key: 'links',
    prepare: async (page) => {
      await choose(page, 'Evento', 'Natal Solidário 2026');
      await choose(page, 'Instituição', 'Associação Amigos do Bem');
    },
  },
  {
    path: '/doacoes/relatorio',
    root: 'donations',
    key: 'report',
    prepare: async (page) => {
      await choose(page, 'Evento', 'Natal Solidário 2026');
      await page.getByRole('button', { name: 'Buscar' }).click();
    },
  },
];

async function serviceWorkerInCharge(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** No network at all: the browser says offline and nothing reaches the API. */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

/** Opens each list online and notes the text of its first record. */
async function visitOnline(page: Page, lists: ListCase[]): Promise<Map<string, string>> {
  const firstRecord = new Map<string, string>();
  for (const c of lists) {
    const since = Date.now();
    await page.goto(c.path);
    await c.prepare?.(page);
    const first = page.locator(c.rows ?? ROWS).first();
    await expect(first, c.path).toBeVisible({ timeout: 20_000 });
    const text = (await first.innerText()).split(/[\n\t]/).map((t) => t.trim()).find(Boolean) ?? '';
    expect(text, c.path).not.toBe('');
    firstRecord.set(c.path, text);
    // The list reached this device's saved cache before the next page load.
    await expect.poll(() => savedSince(page, c.root, since, c.key), c.path).toBe(true);
  }
  return firstRecord;
}

/** The page's console errors and uncaught exceptions, newest last (what explain() reports). */
const pageErrors = new WeakMap<Page, string[]>();
function recordErrors(page: Page) {
  const seen: string[] = [];
  pageErrors.set(page, seen);
  page.on('console', (m) => void (m.type() === 'error' && !m.text().startsWith('Failed to load resource') && seen.push(`console: ${m.text().slice(0, 200)}`)));
  page.on('pageerror', (e) => void seen.push(`exceção: ${e.message.slice(0, 200)}`));
}

/**
 * When an offline page is not what it should be: what its main area showed instead (text, and
 * whether a loader or skeleton was still there), whether the device still held the list, and the
 * page's last errors (CI saw each kind of failure once; they did not happen here).
 */
function explain(page: Page, c: ListCase) {
  return async (e: Error): Promise<never> => {
    const where = page.url();
    const main = page.locator('main');
    const shown = (await main.innerText().catch(() => '(sem main)')).slice(0, 600);
    const waiting = await main.locator('.mantine-Loader-root, .mantine-Skeleton-root').count().catch(() => -1);
    const held = await savedSince(page, c.root, 0, c.key).catch(() => 'desconhecido');
    const errors = (pageErrors.get(page) ?? []).slice(-8).join('\n') || '(nenhum)';
    throw new Error(`${e.message}\nURL: ${where}\nguardada no aparelho: ${held}\ncarregando (loaders/skeletons): ${waiting}\nno main: ${shown}\nerros da página:\n${errors}`);
  };
}

/** Reloads each list with no network: its saved record, one "lista salva às" notice, no error. */
async function expectSavedCopies(page: Page, lists: ListCase[], firstRecord: Map<string, string>) {
  for (const c of lists) {
    await page.goto(c.path);
    await expect(page.getByTestId('offline-banner'), c.path).toBeVisible().catch(explain(page, c));
    await c.prepare?.(page);
    await expect(page.getByText(SAVED_AT), c.path).toHaveCount(1).catch(explain(page, c));
    await expect(page.locator(c.rows ?? ROWS).filter({ hasText: firstRecord.get(c.path)! }).first(), c.path).toBeVisible().catch(explain(page, c));
    await expect(page.getByText('Não foi possível falar com o servidor'), c.path).toHaveCount(0);
    await expect(page.getByText(NO_COPY), c.path).toHaveCount(0);
    if (c.axe) await expectAccessible(page);
  }
}

test('the restaurant’s lists show their saved copy after an offline reload', async ({ page, context }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  recordErrors(page);
  await openAs(page, 'gerente@balcao.dev', '/dashboard');
  await serviceWorkerInCharge(page);
  const firstRecord = await visitOnline(page, RESTAURANT);
  // The agenda details (a list of services) open from the agenda list.
  await page.goto('/agendamento/lista');
  const detailsSince = Date.now();
  await page.getByRole('link', { name: /^Detalhes da agenda/ }).first().click();
  await page.waitForURL((u) => u.pathname === '/agendamento/detalhes');
  const details = page.url();
  const services = page.getByRole('table', { name: 'Serviços da agenda' }).locator('tbody tr').first();
  await expect(services).toBeVisible();
  const detailsHeading = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  const service = (await services.locator('td').first().innerText()).trim();
  await expect.poll(() => savedSince(page, 'scheduling', detailsSince, 'detail')).toBe(true);

  await goOffline(context);
  await expectSavedCopies(page, RESTAURANT, firstRecord);
  await page.goto(details);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(detailsHeading);
  await expect(page.getByRole('table', { name: 'Serviços da agenda' }).locator('tbody tr').first()).toContainText(service);
  await expect(page.getByText(SAVED_AT)).toHaveCount(1);
  await context.setOffline(false);
});

test('the donation institute’s lists show their saved copy after an offline reload', async ({ page, context }) => {
  recordErrors(page);
  await openAs(page, 'admin@balcao.dev', '/dashboard');
  await page.getByRole('combobox', { name: 'Estabelecimento' }).click();
  await page.getByRole('option', { name: INSTITUTE }).click();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('balcao.session')!).currentLocation.nomeLocal)).toBe(INSTITUTE);
  await serviceWorkerInCharge(page);
  const firstRecord = await visitOnline(page, INSTITUTE_LISTS);
  await goOffline(context);
  await expectSavedCopies(page, INSTITUTE_LISTS, firstRecord);
  await context.setOffline(false);
});

test('finance and admin lists, and a list never opened here, say they need the connection', async ({ page, context }) => {
  await openAs(page, 'admin@balcao.dev', '/dashboard');
  await serviceWorkerInCharge(page);
  // Online, a finance list loads; offline it is not kept: the page says so instead of an error.
  await page.goto('/financeiro/saquesDiarios');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await goOffline(context);
  for (const path of ONLINE_ONLY_LIST_ROUTES) {
    await page.goto(path);
    await expect(page.getByTestId('page-list-offline'), path).toContainText(ONLINE_ONLY);
    await expect(page.getByText('Não foi possível falar com o servidor'), path).toHaveCount(0);
    if (path === '/financeiro/saquesDiarios') await expectAccessible(page);
  }
  // A list kept on devices but never opened on this one.
  await page.goto('/cadastro/formasPagamento');
  await expect(page.getByTestId('page-list-offline')).toContainText(NO_COPY);
  await expect(page.getByText('Não foi possível falar com o servidor')).toHaveCount(0);
  await expectAccessible(page);
  await context.setOffline(false);
});
