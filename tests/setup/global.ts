/**
 * Vitest global setup: migrates one database before any test file runs, and every API test file
 * starts from a copy of it (tests/setup/test-db.ts) instead of running initdb (≈3 s on PGlite)
 * and the migrations again. PGlite: a dump of the migrated data directory in a temporary file.
 * PostgreSQL lane (TEST_DATABASE_URL): a template database, copied with CREATE DATABASE … TEMPLATE.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_DIR, openDb } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding the dump of a migrated PGlite data directory. */
    pgliteTemplate: string;
    /** Name of the migrated template database on TEST_DATABASE_URL's server. */
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = new PGlite({ extensions: { pg_trgm } });
    await client.waitReady;
    await client.exec('create extension if not exists pg_trgm');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await client.dumpDataDir('none');
    await client.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-vitest-'));
    const file = path.join(dir, 'pglite-template.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    project.provide('pgTemplate', '');
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const { default: pg } = await import('pg');
  const name = `balcao_tpl_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: url.toString(), log: () => {} });
  await handle.close();
  project.provide('pgliteTemplate', '');
  project.provide('pgTemplate', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
