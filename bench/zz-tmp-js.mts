import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from '/work/wt/board/bench/chromium';
type RunningServer = { url: string };
/** JavaScript (gzip) a signed-in kitchen tablet downloads to show /meepFood/painel from a cold cache. */
async function measureBoardJs(browser: Browser, server: RunningServer): Promise<{ files: number; gzipBytes: number }> {
  const login = await browser.newContext({ baseURL: server.url });
  const p = await login.newPage();
  await p.goto('/login');
  await p.getByLabel('E-mail').fill('cozinha@balcao.dev');
  await p.getByLabel('Senha').fill('Demo#2026');
  await p.getByRole('button', { name: 'Entrar' }).click();
  await p.waitForURL((u) => u.pathname === '/meepFood/painel');
  const storage = await p.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  await login.close();
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, storage);
  const page = await context.newPage();
  const scripts = new Map<string, Buffer>();
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script' && res.ok()) {
      try {
        scripts.set(res.url(), await res.body());
      } catch {
        /* body gone */
      }
    }
  });
  await page.goto('/meepFood/painel', { waitUntil: 'networkidle' });
  await page.getByTestId('board-page').waitFor();
  let gzipBytes = 0;
  for (const body of scripts.values()) gzipBytes += gzipSync(body, { level: 9 }).length;
  if (process.env.BENCH_VERBOSE) for (const [u, b] of scripts) console.log(gzipSync(b).length, u);
  await context.close();
  return { files: scripts.size, gzipBytes };
}


const browser = await chromium.launch(CHROMIUM);
const r = await measureBoardJs(browser, { url: process.env.URL! });
console.log('TOTAL', Math.round(r.gzipBytes / 102.4) / 10, r.files);
await browser.close();
