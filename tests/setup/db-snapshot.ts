/**
 * A copy of the seeded demo data that each test starts from, restored instead of seeding again.
 *
 * After the first seed of a test file every public table is copied into the schema `_snap`, and a
 * statement-level trigger on each table notes in `_snap.dirty` that the table was written (insert,
 * update, delete or truncate, referential cascades included). Before the next test only those
 * tables are emptied and filled again from their copies, with foreign-key and user triggers off for
 * that one transaction (`session_replication_role = replica`): every other table still holds
 * exactly the seeded rows, so the whole database is back to the seeded state in a few milliseconds
 * instead of a truncate of every table and a new seed (≈0.7 s a test).
 *
 * Where the role may not switch off triggers (a PostgreSQL user that is not a superuser) there is no
 * snapshot (null): the harness empties every table and seeds again before each test, as it used to.
 * Sequences are left alone, so ids handed out during a test never come back in a later one.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../src/server/db/client';

export interface DbSnapshot {
  /** Puts the database back to the state it had when the snapshot was taken. */
  restore(): Promise<void>;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function rows<T>(handle: DbHandle, query: string): Promise<T[]> {
  const res = (await handle.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return res.rows;
}

/** Tables in an order where every table comes after the tables it references. */
async function tablesInForeignKeyOrder(handle: DbHandle): Promise<string[]> {
  const tables = await rows<{ oid: number; name: string }>(
    handle,
    `select c.oid::int as oid, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  const fks = await rows<{ child: number; parent: number }>(
    handle,
    `select conrelid::int as child, confrelid::int as parent from pg_constraint
      where contype = 'f' and connamespace = 'public'::regnamespace`,
  );
  const parents = new Map(tables.map((t) => [t.oid, new Set<number>()]));
  for (const fk of fks) if (fk.child !== fk.parent) parents.get(fk.child)?.add(fk.parent);
  const name = new Map(tables.map((t) => [t.oid, t.name]));
  const order: string[] = [];
  const state = new Map<number, 'visiting' | 'done'>();
  const visit = (oid: number) => {
    const s = state.get(oid);
    if (s === 'done' || s === 'visiting') return; // a cycle: TRUNCATE ... CASCADE and replica mode do not care
    state.set(oid, 'visiting');
    for (const p of parents.get(oid) ?? []) if (name.has(p)) visit(p);
    state.set(oid, 'done');
    order.push(name.get(oid)!);
  };
  for (const t of tables) visit(t.oid);
  return order;
}

/** Copies the current content of every public table; call once, right after seeding. Null: not possible here. */
export async function takeSnapshot(handle: DbHandle): Promise<DbSnapshot | null> {
  // Runs statements one by one in a transaction of their own connection (a failed statement rolls
  // it back instead of leaving a pooled connection inside an aborted transaction).
  const inReplicaMode = (statements: string[]) =>
    handle.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local session_replication_role = replica'));
      for (const s of statements) await tx.execute(sql.raw(s));
    });
  try {
    await inReplicaMode([]);
  } catch {
    return null;
  }
  const tables = await tablesInForeignKeyOrder(handle);
  // Generated columns cannot be inserted: each table is copied back through its own column list.
  const generated = await rows<{ table: string; column: string }>(
    handle,
    `select c.relname as table, a.attname as column from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped and a.attgenerated <> ''`,
  );
  const columns = await rows<{ table: string; column: string }>(
    handle,
    `select c.relname as table, a.attname as column from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const skip = new Set(generated.map((g) => `${g.table}.${g.column}`));
  const list = new Map<string, string>();
  for (const t of tables) {
    list.set(
      t,
      columns
        .filter((c) => c.table === t && !skip.has(`${c.table}.${c.column}`))
        .map((c) => ident(c.column))
        .join(', '),
    );
  }
  const copyBack = (t: string) => `insert into public.${ident(t)} (${list.get(t)}) overriding system value select ${list.get(t)} from _snap.${ident(t)}`;

  await handle.exec(`
    create schema _snap;
    ${tables.map((t) => `create table _snap.${ident(t)} as select * from public.${ident(t)};`).join('\n')}
    create table _snap.dirty (name text not null);
    -- No unique key: concurrent transactions (the PostgreSQL lane's races) never wait on each
    -- other's marks; a duplicate row now and then is harmless.
    create function _snap.mark_dirty() returns trigger language plpgsql as $$
      begin
        insert into _snap.dirty select tg_table_name where not exists (select 1 from _snap.dirty where name = tg_table_name);
        return null;
      end $$;
    ${tables.map((t) => `create trigger _snap_dirty after insert or update or delete or truncate on public.${ident(t)} for each statement execute function _snap.mark_dirty();`).join('\n')}
  `);

  // Triggers marked ENABLE ALWAYS (the dashboard's dirty-day marks) fire even in replica mode: they
  // are switched off while their table is refilled, or the refill would write to other tables.
  const always = await rows<{ table: string; trigger: string }>(
    handle,
    `select c.relname as table, t.tgname as trigger from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal and t.tgenabled = 'A'`,
  );
  const alwaysOn = (touched: string[], how: 'disable' | 'enable always') =>
    always.filter((a) => touched.includes(a.table)).map((a) => `alter table public.${ident(a.table)} ${how} trigger ${ident(a.trigger)}`);

  return {
    async restore() {
      const dirty = new Set((await rows<{ name: string }>(handle, 'select distinct name from _snap.dirty')).map((r) => r.name));
      if (!dirty.size) return;
      const touched = tables.filter((t) => dirty.has(t));
      // Foreign keys are not checked while the tables are refilled (at the end they hold the seeded
      // rows again, which satisfied them), and the triggers do not mark anything.
      await retryDeadlock(() =>
        inReplicaMode([
          ...alwaysOn(touched, 'disable'),
          ...touched.map((t) => `delete from public.${ident(t)}`),
          ...touched.map(copyBack),
          ...alwaysOn(touched, 'enable always'),
          'delete from _snap.dirty',
        ]),
      );
    },
  };
}

/** On PostgreSQL a background job of the previous test may still hold a row lock: a deadlock is retried. */
async function retryDeadlock(run: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await run();
      return;
    } catch (err) {
      // Drizzle wraps the driver's error ("Failed query: …"): the SQLSTATE is on its cause.
      const e = err as { code?: string; cause?: { code?: string } };
      if ((e.code ?? e.cause?.code) !== '40P01' || attempt >= 10) throw err;
      // The other side (a job still rebuilding rollups, say) usually finishes within a few ms: back off a little.
      await new Promise((r) => setTimeout(r, 20 * attempt));
    }
  }
}
