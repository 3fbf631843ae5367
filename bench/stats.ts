/** What the benchmarks share: a percentile, autocannon's loader, a seeded data directory and signing in. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { openDb, type Db } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';

/** The p-th percentile (0-100) of the values: the sample at floor(p% × n), NaN when there is none. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** The slice of autocannon's API used here (it ships no types; @types/autocannon is not installed). */
export interface AutocannonInstance extends PromiseLike<{ errors: number; non2xx: number }> {
  on(event: 'response', cb: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
export const autocannon = createRequire(import.meta.url)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  connectionRate?: number;
}) => AutocannonInstance;

/** One decimal place. */
export const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A fresh data directory holding the demo seed plus the bench's bulk rows (`fill`, into the
 * restaurant), analysed, written before the server starts (PGlite's directory is locked while a
 * server runs); `insertSeconds` is how long `fill` and `analyze` took.
 */
export async function seededDataDir<T extends object>(
  prefix: string,
  fill: (db: Db, venueId: string) => Promise<T>,
): Promise<T & { dir: string; venueId: string; insertSeconds: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const handle = await openDb({ dataDir: dir });
  try {
    const seed = await seedDemo(handle.db);
    const venueId = seed.venues.restaurant;
    const started = Date.now();
    const extra = await fill(handle.db, venueId);
    await handle.db.execute(sql`analyze`);
    return { ...extra, dir, venueId, insertSeconds: Math.round((Date.now() - started) / 100) / 10 };
  } finally {
    await handle.close();
  }
}

/** Signs a demo account in through the API (password Demo#2026): its token and venues. */
export async function apiLogin(url: string, username: string): Promise<{ access_token: string; locais: Array<{ id: string; nome: string }> }> {
  const res = await fetch(`${url}/api/mfa/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Demo#2026' }),
  });
  return (await res.json()) as { access_token: string; locais: Array<{ id: string; nome: string }> };
}

/** The authorization header of a demo account signed in through the API. */
export async function bearer(url: string, username: string): Promise<Record<string, string>> {
  return { authorization: `Bearer ${(await apiLogin(url, username)).access_token}` };
}

/** autocannon against one URL at a paced rate: p50/p95 of the answers' times, their number and the errors (non-2xx included). */
export async function loadPaced(
  url: string,
  headers: Record<string, string>,
  o: { connections: number; seconds: number; rate: number },
): Promise<{ p50: number; p95: number; requests: number; errors: number }> {
  const times: number[] = [];
  const instance = autocannon({ url, connections: o.connections, duration: o.seconds, headers, connectionRate: o.rate });
  instance.on('response', (_c, _status, _bytes, ms) => times.push(ms));
  const result = await instance;
  return { p50: percentile(times, 50), p95: percentile(times, 95), requests: times.length, errors: result.errors + result.non2xx };
}

/** Signs a demo account in through the login page (password Demo#2026) and waits for the page it lands on. */
export async function signInPage(page: Page, email: string, landed: (u: URL) => boolean): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('Demo#2026');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(landed);
}

/**
 * A paged list under paced load: first checks it answers 200 (a failure names the scenario), warms
 * it up (a fresh process compiles its code paths on the first answers), then `loadPaced`; with the
 * list's `QuantidadeTotal`.
 */
export async function loadList(
  label: string,
  url: string,
  headers: Record<string, string>,
  o: { connections: number; seconds: number; rate: number },
): Promise<{ p50: number; p95: number; requests: number; errors: number; total?: number }> {
  const check = await fetch(url, { headers });
  const body = (await check.json()) as { QuantidadeTotal?: number };
  if (check.status !== 200) throw new Error(`${label}: ${check.status} ${JSON.stringify(body)}`);
  for (let i = 0; i < 30; i++) await (await fetch(url, { headers })).arrayBuffer();
  return { ...(await loadPaced(url, headers, o)), total: body.QuantidadeTotal };
}
