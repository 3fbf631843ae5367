/**
 * API test harness: one database per test file (a copy of the migrated template, tests/setup/test-db.ts),
 * the demo data seeded once and put back before each test (tests/setup/db-snapshot.ts: only the
 * tables the previous test wrote are refilled); e-mails captured in memory.
 */
import { afterAll, beforeEach } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { DbHandle } from '../../src/server/db/client';
import { takeSnapshot, type DbSnapshot } from './db-snapshot';
import { openTestDb } from './test-db';
import { seedDemo, type SeedResult } from '../../src/server/db/seed';
import { createLocalFileStorage, type FileStorage } from '../../src/server/lib/file-storage';
import type { Mail, Mailer } from '../../src/server/lib/mailer';

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: DbHandle;
  mails: Mail[];
  /** The app's file storage (a temporary folder). */
  files: FileStorage;
  seed: SeedResult;
  /** Signs in (without second factor) and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** Authorization header for a token. */
  auth(token: string): { authorization: string };
}

export const DEMO = {
  admin: 'admin@balcao.dev',
  gerente: 'gerente@balcao.dev',
  cozinha: 'cozinha@balcao.dev',
  suporte: 'suporte@balcao.dev',
  mfa: 'mfa@balcao.dev',
  escola: 'escola@balcao.dev',
  garcom: 'garcom@balcao.dev',
  password: 'Demo#2026',
} as const;

/**
 * Empties every table in one statement (one lock order). On PostgreSQL a background job of the
 * previous test (a courier's delayed answer, say) may still hold a row lock: a deadlock there is
 * retried, never a failure of the next test.
 */
async function truncateAll(db: DbHandle) {
  const sql = `
    do $$ declare names text; begin
      select string_agg(quote_ident(tablename), ', ') into names from pg_tables where schemaname = 'public';
      if names is not null then execute 'truncate table ' || names || ' cascade'; end if;
    end $$;`;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.exec(sql);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
    }
  }
}

/**
 * The bound of the hook that prepares a file (the first one: a database, an app, the seed, the
 * snapshot; ~8 s of CPU). Vitest's 60 s hook timeout is wall time: on the shared 2-core machine at a
 * load of 16 a worker got 18 % of a core and this preparation took more than 60 s in 9 of 113 files.
 * Tests keep their own 20 s limit.
 */
const PREPARE_TIMEOUT_MS = 180_000;

/** Call at the top of a test file; the returned object is filled before each test. */
export function useTestApp(): TestContext {
  const ctx = { mails: [] as Mail[] } as TestContext;
  /**
   * The file's preparation (database, app, seed, snapshot), made once. A test whose hook starts while
   * it is still under way (the first hook ran out of time on a busy machine) waits for that same
   * work: before, it emptied, seeded and snapshotted again beside it (`schema "_snap" already exists`).
   */
  let prepared: Promise<void> | null = null;
  /** null: no snapshot possible on this database (every test empties and seeds again). */
  let snapshot: DbSnapshot | null = null;
  let seeded: SeedResult;
  const mailer: Mailer = {
    async send(mail) {
      ctx.mails.push(mail);
    },
    describe: () => 'memória',
  };
  /** Empties every table (whatever the app wrote while starting goes too) and seeds the demo. */
  const seedAnew = async () => {
    await truncateAll(ctx.db);
    seeded = await seedDemo(ctx.db.db);
  };
  beforeEach(async () => {
    const first = !prepared;
    prepared ??= (async () => {
      ctx.db = await openTestDb();
      ctx.files = createLocalFileStorage(undefined);
      ctx.app = await buildApp({
        db: ctx.db,
        mailer,
        files: ctx.files,
        config: { publicUrl: 'http://portal.test', frameAllowedOrigins: [], staticDir: undefined },
      });
      await ctx.app.orders?.settle();
      await seedAnew();
      snapshot = await takeSnapshot(ctx.db);
    })();
    await prepared;
    if (!first) {
      await ctx.app.orders?.settle();
      if (snapshot) await snapshot.restore();
      else await seedAnew();
    }
    ctx.mails.length = 0;
    ctx.seed = structuredClone(seeded);
  }, PREPARE_TIMEOUT_MS);
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.db?.close();
  });
  ctx.auth = (token) => ({ authorization: `Bearer ${token}` });
  ctx.login = async (email, password = DEMO.password) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/mfa/login', payload: { username: email, password } });
    const body = res.json();
    if (!body.access_token) throw new Error(`login of ${email} failed: ${res.body}`);
    return body.access_token as string;
  };
  return ctx;
}
