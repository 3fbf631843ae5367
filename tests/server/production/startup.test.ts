/** startup.ts: the demo only outside production; the start log says the mode and what it means. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../../src/server/db/client';
import { hasDemoAccounts, isEmpty, seedDemo } from '../../../src/server/db/seed';
import { modeLines, prepareDatabase } from '../../../src/server/startup';
import { openTestDb } from '../../setup/test-db';

let db: DbHandle;
beforeEach(async () => {
  db ??= await openTestDb();
  await db.exec(`do $$ declare names text; begin
    select string_agg(quote_ident(tablename), ', ') into names from pg_tables where schemaname = 'public';
    if names is not null then execute 'truncate table ' || names || ' cascade'; end if; end $$;`);
});
afterAll(async () => {
  await db?.close();
});

describe('prepareDatabase', () => {
  it('NODE_ENV=production on an empty database: no demo data, no demo account, and the log says how to create the admin', async () => {
    const state = await prepareDatabase(db, { NODE_ENV: 'production' });
    expect(state).toMatchObject({ mode: 'production', seeded: null, hasAdmin: false, demoAccounts: false });
    expect(await isEmpty(db.db)).toBe(true);
    expect(await hasDemoAccounts(db.db)).toBe(false);
    const log = modeLines(state, { NODE_ENV: 'production' }).join('\n');
    expect(log).toContain('Modo: produção');
    expect(log).toContain('npm run create-admin');
    expect(log).toContain('Nenhum sandbox em produção');
    expect(log).not.toContain('Demo#2026');
  });

  it('outside production an empty embedded database gets the demo and its accounts, and the log lists them', async () => {
    // Without the demo's year of sales (slow to generate, and not what this checks).
    const env = { DEMO_SALES_HISTORY_DAYS: '0' };
    const state = await prepareDatabase(db, env);
    expect(state.mode).toBe('demo');
    const log = modeLines(state, env).join('\n');
    expect(log).toContain('Modo: demonstração');
    if (db.kind === 'pglite') {
      expect(state.seeded?.accounts.map((a) => a.email)).toContain('admin@balcao.dev');
      expect(await hasDemoAccounts(db.db)).toBe(true);
      expect(log).toContain('admin@balcao.dev');
      expect(log).toContain('Demo#2026');
    } else {
      // A PostgreSQL database is seeded only by `npm run seed:demo`, as before.
      expect(state.seeded).toBeNull();
    }
  });

  it('warns when a production database still holds the demo accounts (seeded earlier)', async () => {
    await seedDemo(db.db);
    const state = await prepareDatabase(db, { NODE_ENV: 'production' });
    expect(state).toMatchObject({ mode: 'production', seeded: null, demoAccounts: true, hasAdmin: true });
    expect(modeLines(state, { NODE_ENV: 'production' }).join('\n')).toContain('ATENÇÃO: este banco tem as contas de demonstração');
  });

  it('names the sandboxes production allows', () => {
    const state = { mode: 'production' as const, seeded: null, hasAdmin: true, demoAccounts: false };
    expect(modeLines(state, { NODE_ENV: 'production', ALLOW_SANDBOXES: 'ifood,finance' }).join('\n')).toContain('ALLOW_SANDBOXES): ifood, finance');
  });
});
