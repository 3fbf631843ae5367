/**
 * Accessibility audit (npx tsx bench/axe-audit.ts): signs in as the manager and the kitchen tablet
 * on a fresh server and counts axe-core's serious and critical violations (WCAG 2.x A/AA) on every
 * built page, plus the sidebar's and the home's entries. Prints one JSON line per page.
 * The end-to-end suite asserts zero on each page; this prints the numbers for the table in docs/decisions/ux.md.
 */
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from 'playwright-core';
import { PORTAL_ROUTES } from '../src/shared/route-table';
import { startServer } from '../tests/support/server';
import { CHROMIUM } from './chromium';

// AXE_ALL=1: every screen of ours in the route table without a parameter, seen by the admin.
const ALL = PORTAL_ROUTES.filter((r) => r.kind === 'module' && !r.path.includes(':')).map((r) => r.path);
const PAGES = process.env.AXE_PAGES ? process.env.AXE_PAGES.split(',') : process.env.AXE_ALL ? ALL : [
  '/dashboard',
  '/produtos/produto',
  '/produtos/produto/cadastro',
  '/meepFood/configuracao',
  '/meepFood/integracaoIfood',
  '/admin/equipamentos/pontoDeVendas',
  '/cadastro/stores',
  '/produtos/limitarAcesso',
  '/tutorialPortal',
  '/tutorialPos',
];

async function audit(page: Page, name: string, scheme: 'light' | 'dark') {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const nodes = serious.reduce((n, v) => n + v.nodes.length, 0);
  console.log(JSON.stringify({ page: name, scheme, title: await page.title(), serious: nodes, rules: Object.fromEntries(serious.map((v) => [v.id, v.nodes.length])) }));
  if (process.env.AXE_VERBOSE) for (const v of serious) for (const n of v.nodes.slice(0, 4)) console.log('  ', v.id, n.target.join(' '), n.html.slice(0, 160), n.any[0]?.message ?? '');
}

async function signIn(page: Page, url: string, email: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('Demo#2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
}

const server = await startServer(process.env.LEGACY_PORTAL_URL ? { LEGACY_PORTAL_URL: process.env.LEGACY_PORTAL_URL } : {});
const browser = await chromium.launch(CHROMIUM);
try {
  for (const scheme of ['light', 'dark'] as const) {
    const ctx = await browser.newContext({ colorScheme: scheme, reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
    // The portal starts light; the dark scheme is the board's switch, remembered by Mantine here.
    await ctx.addInitScript((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('E-mail').waitFor();
    await audit(page, '/login', scheme);
    await signIn(page, server.url, process.env.AXE_ALL ? 'admin@balcao.dev' : 'gerente@balcao.dev');
    for (const p of PAGES) {
      await page.goto(`${server.url}${p}`);
      await page.waitForLoadState('networkidle');
      await page.locator('main').first().waitFor();
      await audit(page, p, scheme);
    }
    const menu = await page.locator('nav[aria-label="Menu principal"] a').count();
    await page.goto(`${server.url}/dashboard`);
    await page.waitForLoadState('networkidle');
    const shortcuts = await page.locator('main a').count();
    console.log(JSON.stringify({ scheme, menuEntries: menu, homeShortcuts: shortcuts }));
    await ctx.close();
    const board = await browser.newContext({ colorScheme: scheme, reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
    await board.addInitScript((s) => localStorage.setItem('mantine-color-scheme-value', s), scheme);
    const bp = await board.newPage();
    await signIn(bp, server.url, 'cozinha@balcao.dev');
    await bp.goto(`${server.url}/meepFood/painel`);
    await bp.waitForLoadState('networkidle');
    await bp.screenshot({ path: `/tmp/polish-shots/board-${scheme}.png` });
    await audit(bp, '/meepFood/painel', scheme);
    await board.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
