/**
 * The embedded databases (PGlite data directories) a test run's servers start from, so that no
 * server runs initdb, every migration and the demo's seed again:
 *
 * - the migrated template: migrated, still empty; made once per run (the Playwright global setup).
 *   A server started from a copy seeds its own demo data at start.
 * - seeded templates (tests/e2e/fixtures.ts asks for them): a copy of the migrated one holding the
 *   demo exactly as a server seeds it at start (startup.ts prepareDatabase, the same env) and the
 *   sales dashboard's rollups already built (what a server does in the background after it), seeded in
 *   a process of its own (seed-pglite-template.ts, bundled with the server for the run). A server
 *   started from a copy finds its database not empty and seeds nothing (startup.ts), so its start
 *   is a copy and a process start. The demo's data is relative to the time it was seeded ("today",
 *   "50 minutes ago", orders on the board): a seeded template serves only while younger than
 *   SEEDED_TEMPLATE_MAX_AGE_MS and seeded on the same São Paulo day; an older one is seeded again
 *   on the next request, so no server's demo is older at start than that.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../../src/server/db/client';

/** Where startServer finds the template (set by the Playwright global setup). */
export const TEMPLATE_ENV = 'BALCAO_TEST_PGLITE_TEMPLATE';

/** The folder of the run's seeded templates (set by the Playwright global setup; removed with it). */
export const SEEDED_TEMPLATES_ENV = 'BALCAO_TEST_PGLITE_SEEDED';

/** The sales history (days) of a spec's own server (tests/e2e/fixtures.ts); the shared one has the demo's default. */
export const OWN_SERVER_HISTORY_DAYS = '35';

/** How old a seeded template may be and still be copied (a newer one is seeded after that). */
export const SEEDED_TEMPLATE_MAX_AGE_MS = 5 * 60_000;

/** Creates the template; answers its folder (holding `pg`, the layout of a server's DATA_DIR). */
export async function createPgliteTemplate(): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-template-'));
  const client = new PGlite(path.join(dir, 'pg'), { extensions: { pg_trgm } });
  await client.waitReady;
  await client.exec('create extension if not exists pg_trgm');
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  await client.close();
  return dir;
}

/** Copies the migrated template (when there is one) into a new server's data directory. */
export function copyPgliteTemplate(dataDir: string): void {
  const template = process.env[TEMPLATE_ENV];
  if (!template || !fs.existsSync(path.join(template, 'pg'))) return;
  fs.cpSync(path.join(template, 'pg'), path.join(dataDir, 'pg'), { recursive: true });
}

/** The calendar day in São Paulo (the demo's "today" and sales history are São Paulo days). */
function saoPauloDay(ms: number): string {
  return new Date(ms).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
}

/** A seeded template's folder name: what seeded it (the sales history's days) and when. */
function seededName(historyDays: string | undefined, seededAt: number): string {
  return `seeded-${historyDays ?? 'default'}-${seededAt}`;
}

/** Where createSeededTemplate finds the seeder bundled with the server (set by the Playwright global setup; else tsx). */
export const SEEDER_BUNDLE_ENV = 'BALCAO_TEST_SEEDER_BUNDLE';

/** Seeds an empty data directory in a process of its own (seed-pglite-template.ts), as a server would at start. */
async function seedDataDir(dataDir: string, historyDays: string | undefined): Promise<void> {
  const bundle = process.env[SEEDER_BUNDLE_ENV];
  const command = bundle && fs.existsSync(bundle) ? [bundle] : ['--import', 'tsx', path.join(import.meta.dirname, 'seed-pglite-template.ts')];
  const env = { ...process.env };
  if (historyDays === undefined) delete env.DEMO_SALES_HISTORY_DAYS;
  else env.DEMO_SALES_HISTORY_DAYS = historyDays;
  const child = spawn(process.execPath, [...command, dataDir], { cwd: path.resolve(import.meta.dirname, '../..'), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((resolve, reject) => child.once('exit', resolve).once('error', reject));
  if (code !== 0) throw new Error(`seeding a template database failed (exit ${code}):\n${out}`);
}

/**
 * Seeds a copy of the migrated template as a server would at start with DEMO_SALES_HISTORY_DAYS =
 * `historyDays` (unset: the demo's default), with the dashboard's rollups built, and publishes it in
 * the run's folder. Answers its folder, or null when the run has no templates (a lone script).
 */
export async function createSeededTemplate(historyDays: string | undefined): Promise<string | null> {
  const root = process.env[SEEDED_TEMPLATES_ENV];
  const template = process.env[TEMPLATE_ENV];
  if (!root || !template || !fs.existsSync(path.join(template, 'pg'))) return null;
  const making = fs.mkdtempSync(path.join(root, 'making-'));
  fs.cpSync(path.join(template, 'pg'), path.join(making, 'pg'), { recursive: true });
  // Taken before seeding: the age counts from the oldest "now" the demo can hold.
  const seededAt = Date.now();
  await seedDataDir(making, historyDays);
  const dir = path.join(root, seededName(historyDays, seededAt));
  fs.mkdirSync(dir);
  fs.renameSync(path.join(making, 'pg'), path.join(dir, 'pg'));
  fs.rmSync(making, { recursive: true, force: true });
  return dir;
}

/**
 * Copies a fresh seeded template for `historyDays` into a new server's data directory, seeding a
 * new one first when there is none young enough (and dropping templates long past their age).
 * Answers false when the run has no templates: the caller copies the migrated one instead.
 */
export async function copySeededTemplate(dataDir: string, historyDays: string | undefined): Promise<boolean> {
  const root = process.env[SEEDED_TEMPLATES_ENV];
  if (!root || !fs.existsSync(root)) return false;
  const now = Date.now();
  const prefix = seededName(historyDays, 0).slice(0, -1);
  const made = fs
    .readdirSync(root)
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => ({ dir: path.join(root, name), seededAt: Number(name.slice(prefix.length)) }));
  for (const t of made) {
    // Nobody copies one this old any more (copies start only while it is fresh and take seconds).
    if (now - t.seededAt > SEEDED_TEMPLATE_MAX_AGE_MS + 10 * 60_000) fs.rmSync(t.dir, { recursive: true, force: true });
  }
  const fresh = made
    .filter((t) => now - t.seededAt < SEEDED_TEMPLATE_MAX_AGE_MS && saoPauloDay(t.seededAt) === saoPauloDay(now))
    .sort((a, b) => b.seededAt - a.seededAt)[0];
  const dir = fresh?.dir ?? (await createSeededTemplate(historyDays));
  if (!dir) return false;
  fs.cpSync(path.join(dir, 'pg'), path.join(dataDir, 'pg'), { recursive: true });
  return true;
}
