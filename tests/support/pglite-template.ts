/**
 * A migrated, still empty embedded database (PGlite data directory), made once per test run: each
 * server started by startServer (tests/support/server.ts) begins from a copy of it instead of
 * running initdb and every migration again. The server still seeds its own demo data at start, so
 * the demo's dates are as fresh as ever.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../../src/server/db/client';

/** Where startServer finds the template (set by the Playwright global setup). */
export const TEMPLATE_ENV = 'BALCAO_TEST_PGLITE_TEMPLATE';

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

/** Copies the template (when there is one) into a new server's data directory. */
export function copyPgliteTemplate(dataDir: string): void {
  const template = process.env[TEMPLATE_ENV];
  if (!template || !fs.existsSync(path.join(template, 'pg'))) return;
  fs.cpSync(path.join(template, 'pg'), path.join(dataDir, 'pg'), { recursive: true });
}
