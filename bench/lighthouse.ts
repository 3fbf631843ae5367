/**
 * Lighthouse (mobile, the default form factor) for /login (cold, fresh profile) and the order board
 * (signed in as the kitchen tablet): npx tsx bench/lighthouse.ts. Debian's Chromium with the flags
 * of bench/chromium.ts. Prints one JSON line per page; docs/decisions/ux.md's benchmark table quotes them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../tests/support/server';
import { CHROMIUM } from './chromium';

const root = path.resolve(import.meta.dirname, '..');
const lighthouseBin = path.join(root, 'node_modules/.bin/lighthouse');

function lighthouse(url: string, profile: string) {
  const out = path.join(profile, 'report.json');
  const flags = ['--headless=new', ...CHROMIUM.args, `--user-data-dir=${profile}`].join(' ');
  execFileSync(lighthouseBin, [url, '--only-categories=performance,accessibility', '--output=json', `--output-path=${out}`, `--chrome-flags=${flags}`, '--disable-storage-reset', '--quiet'], {
    env: { ...process.env, CHROME_PATH: CHROMIUM.executablePath },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const r = JSON.parse(fs.readFileSync(out, 'utf8'));
  const ms = (id: string) => Math.round(r.audits[id].numericValue);
  return {
    url: new URL(url).pathname,
    performance: Math.round(r.categories.performance.score * 100),
    accessibility: Math.round(r.categories.accessibility.score * 100),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    transferKB: Math.round(r.audits['total-byte-weight'].numericValue / 102.4) / 10,
  };
}

const server = await startServer();
try {
  const cold = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-lh-login-'));
  console.log(JSON.stringify(lighthouse(`${server.url}/login`, cold)));
  // The board needs a session: sign the kitchen tablet in once in a profile Lighthouse then reuses.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-lh-board-'));
  const ctx = await chromium.launchPersistentContext(profile, { ...CHROMIUM });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('E-mail').fill('cozinha@balcao.dev');
  await page.getByLabel('Senha').fill('Demo#2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
  await ctx.close();
  console.log(JSON.stringify(lighthouse(`${server.url}/meepFood/painel`, profile)));
} finally {
  await server.stop();
}
