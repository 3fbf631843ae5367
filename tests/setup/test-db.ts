/**
 * The database an API test file runs on: in-memory PGlite by default; with TEST_DATABASE_URL (the
 * suite's PostgreSQL lane, see scripts/test.mjs) a fresh database of its own on that server, created
 * here and dropped when the file is done, so files running in parallel never share tables.
 * Both start already migrated, as copies of the database tests/setup/global.ts prepared once.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { openDb, type DbHandle } from '../../src/server/db/client';

let template: Blob | undefined;

export async function openTestDb(): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const file = inject('pgliteTemplate');
    if (file) template ??= new Blob([fs.readFileSync(file)]);
    return openDb({ loadDataDir: template });
  }
  const { default: pg } = await import('pg');
  const name = `balcao_t_${randomBytes(6).toString('hex')}`;
  const from = inject('pgTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${from ? ` template ${from}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), log: () => {} });
  return {
    ...handle,
    async close() {
      await handle.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
