/**
 * Opens the database: PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR
 * (or in memory for tests). The embedded data directory is locked so that a second process exits
 * with a clear message instead of corrupting it (PGlite does not prevent that itself).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as auth from './schema/auth';
import * as accessLimits from './schema/access-limits';
import * as products from './schema/products';
import * as cashless from './schema/cashless';
import * as donationsSchema from './schema/donations';
import * as foodConfig from './schema/food-config';
import * as jobsSchema from './schema/jobs';
import * as marketplace from './schema/marketplace';
import * as orders from './schema/orders';
import * as salesPoints from './schema/sales-points';
import * as stores from './schema/stores';
import * as venues from './schema/venues';

export const schema = { ...auth, ...venues, ...products, ...stores, ...accessLimits, ...foodConfig, ...marketplace, ...orders, ...salesPoints, ...cashless, ...donationsSchema, ...jobsSchema };

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction on Db (what `db.transaction(fn)` hands `fn`): repositories take it for writes that go together. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: what a read, or a write that may join a caller's transaction, takes. */
export type Q = Db | Tx;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (health checks, test resets). */
  exec(sql: string): Promise<void>;
  /**
   * LISTEN on a channel (live board events fan out through Postgres, so every server process hears
   * every change). Resolves once listening; the returned function stops it. `onReconnect` runs
   * each time the LISTEN connection came back after a drop: notifications sent meanwhile were
   * lost, so the subscriber catches up from its log at once.
   */
  listen(channel: string, cb: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** NOTIFY outside a transaction (inside one, use `select pg_notify(...)`: delivered on commit). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** Channel names are identifiers: only these characters, so quoting them is safe. */
function channelIdent(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  return `"${channel}"`;
}

export interface DbOptions {
  databaseUrl?: string;
  /** Data directory for PGlite; omitted means in memory. */
  dataDir?: string;
  /** In-memory PGlite only: starts from this dump of a data directory (tests: an already migrated one) instead of initdb. */
  loadDataDir?: Blob;
  /** Where connection trouble is reported (a lost connection is logged, never fatal). Default: stderr as JSON. */
  log?: DbLog;
}

export type DbLog = (level: 'info' | 'warn' | 'error', msg: string, data?: Record<string, unknown>) => void;

const stderrLog: DbLog = (level, msg, data) => {
  process.stderr.write(`${JSON.stringify({ level, time: Date.now(), msg, ...data })}\n`);
};

/** Default statement_timeout of the PostgreSQL pool (DATABASE_STATEMENT_TIMEOUT_MS). */
export const STATEMENT_TIMEOUT_MS_DEFAULT = 30_000;

/** Any number of processes may start at once: one migrates under this lock, the others wait, then find nothing to do. */
export const MIGRATION_LOCK_KEY = 72_616_001;

/** Exponential backoff with a ceiling, for reconnecting to a database that went away. */
export function reconnectDelay(attempt: number): number {
  return Math.min(10_000, 250 * 2 ** Math.min(attempt, 6));
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export class DataDirLockedError extends Error {}

/** Takes an exclusive lock on a data directory; returns the function that releases it. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'balcao.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockFile, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockFile, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `O diretório de dados ${dir} já está em uso pelo processo ${pid}. Pare o outro servidor ou use outro DATA_DIR.`,
        );
      }
      fs.unlinkSync(lockFile); // stale lock of a process that died
    }
  }
  throw new DataDirLockedError(`Não foi possível travar o diretório de dados ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs the migrations on a connection of their own while holding a session advisory lock, so that
 * processes started together on an empty or older database take turns instead of racing on
 * CREATE TABLE. The lock dies with the connection if the process does.
 */
async function migrateUnderLock(url: string, pg: typeof import('pg').default, run: (client: import('pg').Client) => Promise<void>) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await run(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

export async function openDb(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const log = opts.log ?? stderrLog;
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // statement_timeout bounds every statement of request and job work (a runaway query or a wait
    // nobody bounded answers 503 instead of holding a connection); migrations and LISTEN use
    // connections of their own without it. DATABASE_STATEMENT_TIMEOUT_MS=0 turns it off.
    const statementTimeout = Number(process.env.DATABASE_STATEMENT_TIMEOUT_MS ?? STATEMENT_TIMEOUT_MS_DEFAULT);
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: Number(process.env.DATABASE_POOL_MAX ?? 10),
      connectionTimeoutMillis: 30_000,
      ...(Number.isFinite(statementTimeout) && statementTimeout > 0 ? { statement_timeout: Math.floor(statementTimeout) } : {}),
    });
    // An idle client whose connection dies (database restart: 57P01) is reported here; without a
    // listener Node would crash the process. The pool replaces it on the next query.
    pool.on('error', (err) => log('warn', 'conexão do banco perdida (pool)', { code: (err as { code?: string }).code, error: err.message }));
    // pg-pool takes its listener off a client while it is checked out (a transaction, a query):
    // a connection the database ends then (restart, failover, pg_terminate_backend, an idle-killer)
    // would emit 'error' with no listener and crash the process. Every client gets one of its own
    // for its whole life; the query in flight rejects (the request answers 503 and logs "banco de
    // dados indisponível"; an idle client's loss is logged just above), and the pool drops the dead
    // client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzle(pool, { schema }) as unknown as Db;
    await migrateUnderLock(opts.databaseUrl, pg, async (client) => {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    });
    // LISTEN needs one connection of its own that stays open; it is opened on first use and
    // re-opened with backoff (re-listening every channel) when it drops, so a database restart does
    // not leave this process deaf to other processes' events. Subscribers catch up from the event
    // log themselves (the board re-reads it on its heartbeat).
    const listeners = new Map<string, Set<(payload: string) => void>>();
    const reconnectListeners = new Set<() => void>();
    let listenClient: import('pg').Client | null = null;
    let connecting: Promise<import('pg').Client> | null = null;
    let closed = false;
    let attempt = 0;
    const scheduleReconnect = () => {
      if (closed || !listeners.size) return;
      const delay = reconnectDelay(attempt++);
      setTimeout(() => {
        connectListener().catch((err: Error) => {
          log('warn', 'LISTEN: nova tentativa de conexão falhou', { error: err.message, attempt });
          scheduleReconnect();
        });
      }, delay).unref();
    };
    const connectListener = (): Promise<import('pg').Client> => {
      connecting ??= (async () => {
        const c = new pg.Client({ connectionString: opts.databaseUrl });
        let failed = false;
        const fail = (err: Error) => {
          if (failed) return;
          failed = true;
          if (listenClient === c) log('warn', 'LISTEN: conexão perdida; reconectando', { code: (err as { code?: string }).code, error: err.message });
          listenClient = null;
          connecting = null;
          c.end().catch(() => {});
          scheduleReconnect();
        };
        c.on('notification', (msg) => {
          for (const cb of listeners.get(msg.channel) ?? []) cb(msg.payload ?? '');
        });
        c.on('error', fail);
        c.on('end', () => fail(new Error('connection ended')));
        try {
          await c.connect();
          for (const ch of listeners.keys()) await c.query(`LISTEN ${channelIdent(ch)}`);
        } catch (err) {
          failed = true;
          connecting = null;
          c.end().catch(() => {});
          throw err;
        }
        const reconnected = attempt > 0;
        if (reconnected) log('info', 'LISTEN: reconectado', { attempts: attempt });
        attempt = 0;
        listenClient = c;
        if (reconnected) for (const fn of reconnectListeners) fn();
        return c;
      })();
      return connecting;
    };
    return {
      db,
      kind: 'postgres',
      exec: async (sql) => {
        await pool.query(sql);
      },
      listen: async (channel, cb, onReconnect) => {
        const ident = channelIdent(channel);
        let set = listeners.get(channel);
        const first = !set;
        if (!set) listeners.set(channel, (set = new Set()));
        set.add(cb);
        if (onReconnect) reconnectListeners.add(onReconnect);
        const c = listenClient ?? (await connectListener());
        if (first) await c.query(`LISTEN ${ident}`);
        return async () => {
          set.delete(cb);
          if (onReconnect) reconnectListeners.delete(onReconnect);
          if (set.size === 0 && listeners.get(channel) === set) {
            listeners.delete(channel);
            await listenClient?.query(`UNLISTEN ${ident}`).catch(() => {});
          }
        };
      },
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      close: async () => {
        closed = true;
        const c = listenClient;
        listenClient = null;
        await c?.end().catch(() => {});
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const release = opts.dataDir ? lockDataDir(opts.dataDir) : () => {};
  try {
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const extensions = { pg_trgm };
    const client = opts.dataDir ? new PGlite(path.join(opts.dataDir, 'pg'), { extensions }) : new PGlite({ extensions, loadDataDir: opts.loadDataDir });
    await client.waitReady;
    await client.exec('create extension if not exists pg_trgm');
    const db = drizzle(client, { schema }) as unknown as Db;
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: 'pglite',
      exec: async (sql) => {
        await client.exec(sql);
      },
      // PGlite is one session: it hears its own NOTIFYs, which is all one embedded process needs
      // (and it never loses its "connection", so there is no reconnect).
      listen: async (channel, cb) => client.listen(channelIdent(channel), cb),
      notify: async (channel, payload) => {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * Opens the configured database for a process (the server, the CLI): PostgreSQL when DATABASE_URL
 * is set, otherwise the embedded one in DATA_DIR. A data directory another process holds ends this
 * process with the message (exit 1), blank lines around it when `spaced`.
 */
export async function openConfiguredDb(config: { databaseUrl?: string; dataDir: string }, opts: { spaced?: boolean } = {}): Promise<DbHandle> {
  try {
    return await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(opts.spaced ? `\n${err.message}\n` : err.message);
      process.exit(1);
    }
    throw err;
  }
}
