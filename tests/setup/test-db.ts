/**
 * The database an API test file runs on: in-memory PGlite by default; with TEST_DATABASE_URL (the
 * suite's PostgreSQL lane, see scripts/test.mjs) a fresh database of its own on that server, created
 * here and dropped when the file is done, so files running in parallel never share tables.
 */
import { randomBytes } from 'node:crypto';
import { openDb, type DbHandle } from '../../src/server/db/client';

export async function openTestDb(): Promise<DbHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDb({});
  const { default: pg } = await import('pg');
  const name = `balcao_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
