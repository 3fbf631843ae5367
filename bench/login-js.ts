/** JavaScript a browser downloads to show /login, gzip-compressed, measured in Debian's Chromium. */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from '../tests/support/server';
import { CHROMIUM } from './chromium';

export async function measureLoginJs(): Promise<{ files: number; gzipBytes: number; rawBytes: number }> {
  const server = await startServer();
  const browser = await chromium.launch(CHROMIUM);
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, Buffer>();
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script' && res.ok()) {
        try {
          scripts.set(res.url(), await res.body());
        } catch {
          /* body gone (navigation) */
        }
      }
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('E-mail').waitFor();
    let gzipBytes = 0;
    let rawBytes = 0;
    for (const body of scripts.values()) {
      rawBytes += body.length;
      gzipBytes += gzipSync(body, { level: 9 }).length;
    }
    if (process.env.BENCH_VERBOSE) for (const [u, b] of scripts) console.log(gzipSync(b).length, u);
    return { files: scripts.size, gzipBytes, rawBytes };
  } finally {
    await browser.close();
    await server.stop();
  }
}
