/**
 * Starts the real server (built PWA + API) on a free port with a fresh temporary data directory,
 * for end-to-end tests and benchmarks. Stops it and removes the directory on close.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isProduction } from '../../src/server/lib/sandboxes';
import { copyPgliteTemplate, copySeededTemplate } from './pglite-template';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  mailDir: string;
  proc: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * The server bundled once for the run (set by the Playwright global setup, scripts/bundle-server.ts):
 * started with plain node. Without it (benchmarks, a lone script) the sources run through tsx.
 */
export const SERVER_BUNDLE_ENV = 'BALCAO_TEST_SERVER_BUNDLE';

function serverCommand(): string[] {
  const bundle = process.env[SERVER_BUNDLE_ENV];
  return bundle && fs.existsSync(bundle) ? [bundle] : ['--import', 'tsx', 'src/server/main.ts'];
}

/** Set to 1 to have startServer write how long each part of a start took to stderr. */
export const TIMINGS_ENV = 'BALCAO_E2E_TIMINGS';

/**
 * `opts.dataDir` reuses a data directory (a restart) and leaves it in place on stop. `opts.seeded`
 * starts a new embedded database from the run's seeded template for this env (the demo the server
 * would seed itself, made at most a few minutes ago: tests/support/pglite-template.ts) instead of
 * having the server seed it at start; a run without templates seeds at start as before.
 */
export async function startServer(env: Record<string, string> = {}, opts: { dataDir?: string; seeded?: boolean } = {}): Promise<RunningServer> {
  const t0 = performance.now();
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-e2e-'));
  const mailDir = path.join(dataDir, 'mail');
  // A new embedded database starts as a copy of the run's seeded or migrated template (when the run made one).
  if (!opts.dataDir && !(env.DATABASE_URL ?? process.env.DATABASE_URL)) {
    const serverEnv = { ...process.env, ...env };
    const seeded = opts.seeded && !isProduction(serverEnv) && (await copySeededTemplate(dataDir, serverEnv.DEMO_SALES_HISTORY_DAYS));
    if (!seeded) copyPgliteTemplate(dataDir);
  }
  const t1 = performance.now();
  let out = '';
  const proc = spawn(process.execPath, serverCommand(), {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://localhost:${port}`, IFOOD_SANDBOX_ORDER_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 140_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  if (process.env[TIMINGS_ENV]) {
    const t2 = performance.now();
    const ms = (n: number) => `${Math.round(n)} ms`;
    process.stderr.write(`[startServer ${port}] ${JSON.stringify(env)}: data directory ${ms(t1 - t0)}, process until healthy ${ms(t2 - t1)}, total ${ms(t2 - t0)}\n`);
  }
  return {
    url,
    port,
    dataDir,
    mailDir,
    proc,
    output: () => out,
    async stop() {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await new Promise((r) => proc.once('exit', r));
      }
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
