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
import * as catalogue from './schema/catalogue';
import * as foodConfig from './schema/food-config';
import * as orders from './schema/orders';
import * as salesPoints from './schema/sales-points';
import * as donationsSchema from './schema/donations';
import * as venues from './schema/venues';

export const schema = { ...auth, ...venues, ...catalogue, ...foodConfig, ...orders, ...salesPoints, ...donationsSchema };
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (health checks, test resets). */
  exec(sql: string): Promise<void>;
  /**
   * LISTEN on a channel (live board events fan out through Postgres, so every server process hears
   * every change). Resolves once listening; the returned function stops it.
   */
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
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

export async function openDb(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzle(pool, { schema }) as unknown as Db;
    await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_DIR });
    // LISTEN needs one connection of its own that stays open; it is opened on first use and
    // re-opened (re-listening every channel) when it drops, so a database restart does not leave
    // this process deaf to other processes' events.
    const listeners = new Map<string, Set<(payload: string) => void>>();
    let listenClient: import('pg').Client | null = null;
    let connecting: Promise<import('pg').Client> | null = null;
    let closed = false;
    const connectListener = (): Promise<import('pg').Client> => {
      connecting ??= (async () => {
        const c = new pg.Client({ connectionString: opts.databaseUrl });
        c.on('notification', (msg) => {
          for (const cb of listeners.get(msg.channel) ?? []) cb(msg.payload ?? '');
        });
        c.on('error', () => {
          listenClient = null;
          connecting = null;
          c.end().catch(() => {});
          if (!closed && listeners.size) setTimeout(() => void connectListener().catch(() => {}), 1000).unref();
        });
        await c.connect();
        for (const ch of listeners.keys()) await c.query(`LISTEN ${channelIdent(ch)}`);
        listenClient = c;
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
      listen: async (channel, cb) => {
        const ident = channelIdent(channel);
        let set = listeners.get(channel);
        const first = !set;
        if (!set) listeners.set(channel, (set = new Set()));
        set.add(cb);
        const c = listenClient ?? (await connectListener());
        if (first) await c.query(`LISTEN ${ident}`);
        return async () => {
          set.delete(cb);
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
        await listenClient?.end().catch(() => {});
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const release = opts.dataDir ? lockDataDir(opts.dataDir) : () => {};
  try {
    const client = opts.dataDir ? new PGlite(path.join(opts.dataDir, 'pg')) : new PGlite();
    await client.waitReady;
    const db = drizzle(client, { schema }) as unknown as Db;
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: 'pglite',
      exec: async (sql) => {
        await client.exec(sql);
      },
      // PGlite is one session: it hears its own NOTIFYs, which is all one embedded process needs.
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
