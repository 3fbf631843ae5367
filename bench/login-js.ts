/**
 * JavaScript a browser downloads to show /login, measured in Debian's Chromium: gzip-compressed
 * (the budget's measure, independent of the server) and the bytes really sent on the wire (the
 * server's pre-compressed brotli files), plus all bytes of the page on the wire.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from '../tests/support/server';
import { CHROMIUM } from './chromium';

export async function measureLoginJs(): Promise<{ files: number; gzipBytes: number; rawBytes: number; wireBytes: number; pageWireBytes: number; encodings: string }> {
  const server = await startServer();
  const browser = await chromium.launch(CHROMIUM);
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, Buffer>();
    const wire = new Map<string, { script: boolean; bytes: number; encoding: string }>();
    page.on('response', async (res) => {
      const script = res.request().resourceType() === 'script';
      try {
        // Encoded body size: what crossed the network (compressed when the server compressed it).
        const sizes = await res.request().sizes();
        wire.set(res.url(), { script, bytes: sizes.responseBodySize, encoding: (await res.allHeaders())['content-encoding'] ?? 'nenhuma' });
      } catch {
        /* request gone */
      }
      if (script && res.ok()) {
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
    const wireBytes = [...wire.values()].filter((w) => w.script).reduce((a, w) => a + w.bytes, 0);
    const pageWireBytes = [...wire.values()].reduce((a, w) => a + w.bytes, 0);
    const encodings = [...new Set([...wire.values()].filter((w) => w.script).map((w) => w.encoding))].join(', ');
    return { files: scripts.size, gzipBytes, rawBytes, wireBytes, pageWireBytes, encodings };
  } finally {
    await browser.close();
    await server.stop();
  }
}
