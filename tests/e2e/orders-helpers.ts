/** Helpers of the order-board end-to-end specs (orders-*.spec.ts): API calls and board steps. */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { Order, OrderIntakeRequest } from '../../src/shared/contract/orders';
import { KDS_PATHS, type OrderCommand } from '../../src/shared/orders';
import { expect, PASSWORD, openAs } from './fixtures';

export interface ApiSession {
  token: string;
  localId: string;
  auth: Record<string, string>;
}

export async function apiLogin(request: APIRequestContext, email: string, password = PASSWORD): Promise<ApiSession> {
  const res = await request.post('/api/mfa/login', { data: { username: email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { access_token: string; locais: Array<{ id: string; nome: string }> };
  const localId = body.locais.find((l) => l.nome === 'Restaurante Sabor da Casa')?.id ?? body.locais[0].id;
  return { token: body.access_token, localId, auth: { authorization: `Bearer ${body.access_token}` } };
}

let seq = 0;
/** Places an order as a storefront / marketplace would (POST api/kds/intake). */
export async function placeOrder(request: APIRequestContext, s: ApiSession, over: Partial<OrderIntakeRequest> = {}): Promise<Order> {
  seq += 1;
  const body: OrderIntakeRequest = {
    LocalClienteId: s.localId,
    OrigemPedido: 1,
    TipoEntrega: 1,
    Cliente: {
      Nome: `Cliente E2E ${Date.now().toString(36)}-${seq}`,
      Telefone: '(11) 98888-7777',
      Endereco: { Logradouro: 'Rua Augusta', Numero: '1500', Complemento: 'ap 12', Bairro: 'Consolação', Cidade: 'São Paulo', UF: 'SP', CEP: '01304001', Referencia: 'Perto do metrô' },
    },
    Itens: [
      {
        NomeProduto: 'X-Salada',
        // A board's free item: its value includes the bacon (option values are never charged).
        Valor: 25.5,
        Quantidade: 2,
        NomeImpressora: 'Cozinha',
        Observacoes: [{ Descricao: 'Sem tomate', Opcoes: [{ Nome: 'Bacon extra' }] }],
      },
      { NomeProduto: 'Refrigerante lata', Valor: 6, Quantidade: 1 },
    ],
    ObservacaoPedido: 'Alergia a amendoim',
    TipoPagamentoId: 4,
    Signal: true,
    ...over,
  };
  const res = await request.post(KDS_PATHS.intake, { data: body, headers: s.auth });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Order;
}

export async function getOrder(request: APIRequestContext, s: ApiSession, id: string): Promise<Order> {
  const res = await request.get(KDS_PATHS.orderForPrint(id), { headers: s.auth });
  expect(res.status()).toBe(200);
  return (await res.json()) as Order;
}

export async function runCommand(request: APIRequestContext, s: ApiSession, command: OrderCommand, body: Record<string, unknown>) {
  return request.post(KDS_PATHS.command(command), { data: body, headers: s.auth });
}

/** Changes fields of the venue's food configuration through its API (needs MeepFoodConfiguration: gerente). */
export async function setFoodConfig(request: APIRequestContext, manager: ApiSession, patch: Record<string, unknown>): Promise<void> {
  const current = await request.get(`/api/MeepFood/Configuration/${manager.localId}`, { headers: manager.auth });
  expect(current.status()).toBe(200);
  const cfg = (await current.json()) as Record<string, unknown> & { storeCategories?: Array<{ id: string } | string> };
  const { configured: _c, ...rest } = cfg;
  const data = {
    ...rest,
    localId: manager.localId,
    urlMeepFood: (cfg.urlMeepFood as string) || `sabor-da-casa-${Date.now().toString(36)}`,
    ...patch,
  };
  const res = await request.post('/api/MeepFood/Configuration', { data, headers: manager.auth });
  expect(res.status(), await res.text()).toBe(200);
}

/** Board settings of the venue (print server address, refresh, chime). */
export async function setBoardSettings(request: APIRequestContext, manager: ApiSession, patch: Record<string, unknown>): Promise<void> {
  const res = await request.post(KDS_PATHS.settings, { data: { localClienteId: manager.localId, ...patch }, headers: manager.auth });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs in, opens the board and starts monitoring (the Iniciar click unlocks audio). */
export async function openBoard(page: Page, email = 'cozinha@balcao.dev', query = ''): Promise<void> {
  await openAs(page, email, `/meepFood/painel${query}`);
  const dialog = page.getByRole('dialog', { name: 'Iniciar monitoramento' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Iniciar monitoramento', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('connection-mode')).toHaveText('ao vivo');
}

export async function newBoardContext(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1600, height: 1000 } });
  return { context, page: await context.newPage() };
}

export function card(page: Page, codigo: string) {
  return page.locator(`[data-testid="order-card"][data-codigo="${codigo}"]`);
}

export async function audioPlays(page: Page): Promise<number> {
  return page.evaluate(() => window.__balcaoAudio?.played ?? 0);
}

/** A valid CPF not used by other specs. */
export const SPARE_CPF = '11144477735';

/**
 * The board's columns are virtualized: a card far down a column is not in the page until the column
 * is scrolled to it. Scrolls each column (from the top) until the card is mounted, then brings it
 * into view, as a cook scrolling the column would.
 */
export async function revealCard(page: Page, codigo: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (code) => {
          const sel = `[data-testid="order-card"][data-codigo="${code}"]`;
          const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          if (!document.querySelector(sel)) {
            for (const sc of document.querySelectorAll<HTMLElement>('[data-testid^="column-scroll-"]')) {
              sc.scrollTop = 0;
              await frame();
              for (let guard = 0; guard < 500 && !document.querySelector(sel); guard++) {
                const before = sc.scrollTop;
                sc.scrollTop += Math.max(100, sc.clientHeight * 0.8);
                await frame();
                if (sc.scrollTop === before) break;
              }
              if (document.querySelector(sel)) break;
            }
          }
          const el = document.querySelector(sel);
          el?.scrollIntoView({ block: 'nearest' });
          return !!el;
        }, codigo),
      { message: `card #${codigo} reachable in a column` },
    )
    .toBe(true);
}

/** Every card's code in a column, in order (by aria-posinset), scrolling the virtualized list through; leaves it at the top. */
export async function columnCodes(page: Page, stateId: number): Promise<string[]> {
  return page.evaluate(async (id) => {
    const sc = document.querySelector<HTMLElement>(`[data-testid="column-scroll-${id}"]`);
    if (!sc) return [];
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const byPos = new Map<number, string>();
    sc.scrollTop = 0;
    await frame();
    for (let guard = 0; guard < 1000; guard++) {
      for (const slot of sc.querySelectorAll<HTMLElement>('[role="listitem"]')) {
        const code = slot.querySelector<HTMLElement>('[data-testid="order-card"]')?.dataset.codigo;
        if (code) byPos.set(Number(slot.getAttribute('aria-posinset')), code);
      }
      const before = sc.scrollTop;
      sc.scrollTop += Math.max(100, sc.clientHeight * 0.8);
      await frame();
      if (sc.scrollTop === before) break;
    }
    sc.scrollTop = 0;
    await frame();
    return [...byPos.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
  }, stateId);
}

/**
 * Scrolls a column back to its top, as a cook's swipe would, until its first card is mounted. Each
 * try moves the list a little first, so the list always sees a scroll (with the earlier virtualizer,
 * in one CI run of 131, a single scrollTo left the top card unmounted for a minute; see the closing
 * note of 2026-11-24).
 */
export async function scrollColumnToTop(page: Page, stateId: number): Promise<void> {
  const scroller = page.getByTestId(`column-scroll-${stateId}`);
  await expect
    .poll(
      async () => {
        await scroller.evaluate(async (el) => {
          el.scrollTop = Math.min(el.scrollHeight - el.clientHeight, el.scrollTop + 50);
          await new Promise((r) => requestAnimationFrame(r));
          el.scrollTo({ top: 0 });
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        });
        return cardAt(page, stateId, 1).count();
      },
      { message: `column ${stateId} back at its top` },
    )
    .toBe(1);
}

/** The card at a position (1 = top) of a column, mounted or not yet (see revealCard). */
export function cardAt(page: Page, stateId: number, position: number) {
  return page.getByTestId(`column-${stateId}`).locator(`[role="listitem"][aria-posinset="${position}"] [data-testid="order-card"]`);
}

/** How many orders the board's columns hold (their cards mounted or not). */
export async function boardCardCount(page: Page): Promise<number> {
  return page.locator('section[data-testid^="column-"]').evaluateAll((cols) => cols.reduce((t, c) => t + Number((c as HTMLElement).dataset.count ?? 0), 0));
}

/** Opens the board's menu ("Menu" in the slim bar), where the filters, station, density and the rarer tools are. */
export async function openBoardMenu(page: Page) {
  const menu = page.getByRole('dialog', { name: 'Menu do painel' });
  await page.getByTestId('board-menu-button').click();
  await expect(menu).toBeVisible();
  return menu;
}

export async function closeBoardMenu(page: Page) {
  const menu = page.getByRole('dialog', { name: 'Menu do painel' });
  await menu.getByRole('button', { name: 'Fechar' }).click();
  await expect(menu).toBeHidden();
}

/**
 * After a reload of a board whose monitoring was started on this device: no start dialog; the sound
 * comes back on its own where the browser allows it, else the cook taps "Toque para reativar o som".
 */
export async function resumeAfterReload(page: Page) {
  await expect.poll(() => page.evaluate(() => window.__balcaoSoundResumed ?? null), { message: 'monitoring resumed' }).not.toBeNull();
  await expect(page.getByRole('dialog', { name: 'Iniciar monitoramento' })).toBeHidden();
  if ((await page.evaluate(() => window.__balcaoSoundResumed)) === 'blocked') {
    await page.getByRole('button', { name: /Toque para reativar o som/ }).click();
  }
  await expect(page.getByTestId('sound-overlay')).toHaveCount(0);
}

/**
 * Tickets wholly on screen: all four corners inside the window, inside their column's scrolling
 * list (not clipped by it) and not covered by anything else (each corner, taken inside the rounded
 * border, hits the ticket itself). Returns their codes.
 */
export async function wholeTickets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const c of document.querySelectorAll<HTMLElement>('[data-testid="order-card"]')) {
      const r = c.getBoundingClientRect();
      const list = c.closest('[data-testid^="column-scroll-"]')?.getBoundingClientRect();
      if (!list || r.width === 0 || r.height === 0) continue;
      if (r.left < 0 || r.top < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight) continue;
      if (r.left < list.left - 0.5 || r.top < list.top - 0.5 || r.right > list.right + 0.5 || r.bottom > list.bottom + 0.5) continue;
      const inset = 10;
      const corners = [
        [r.left + inset, r.top + inset],
        [r.right - inset, r.top + inset],
        [r.left + inset, r.bottom - inset],
        [r.right - inset, r.bottom - inset],
      ];
      if (corners.every(([x, y]) => c.contains(document.elementFromPoint(x, y)))) out.push(c.dataset.codigo ?? '');
    }
    return out;
  });
}
