/**
 * Query plans of the customer list (npm run bench -- customers-plans): 50,000 customers in one venue,
 * on the embedded database (PGlite) and on PostgreSQL (Debian's package, a throw-away server:
 * scripts/pg-local.mjs; skipped when it is not installed or DATABASE_URL_BENCH is not given).
 * For each filter of the customers bench, EXPLAIN ANALYZE of the page's statement (which carries the
 * capped total as an InitPlan) and of the count alone (what a page past the end runs)
 * (repository's customerListStatements, with the same `enable_seqscan = off` the list runs with, needsIndexHint). Budget: no sequential scan of `customers` (0). Prints the scan nodes of each plan.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
// @ts-expect-error plain ESM script without types
import { findPostgresBin, startLocalPostgres } from '../scripts/pg-local.mjs';
import { openDb, type Db } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import { customerListStatements, needsIndexHint, type CustomerFilter } from '../src/server/modules/customers/customers.repository';
import { insertCustomers } from './customers.bench';
import type { BenchResult } from './run';

const SCENARIOS: Array<[string, CustomerFilter, number]> = [
  ['sem filtro', {}, 1],
  ['nome "araujo"', { nome: 'araujo' }, 1],
  ['nome "fábio ara"', { nome: 'FÁBIO ARA' }, 1],
  ['nome "silva 123"', { nome: 'silva 123' }, 1],
  ['CPF "123"', { CPF: '123' }, 1],
  ['CPF "1234567"', { CPF: '123.456.7' }, 1],
  ['sem filtro, página 50', {}, 50],
];

async function explain(db: Db, stmt: Parameters<typeof sql>[1], hint: boolean): Promise<string[]> {
  const run = async (q: Db) => {
    if (hint) await q.execute(sql`set local enable_seqscan = off`);
    const res = (await q.execute(sql`explain (analyze, costs off) ${stmt}`)) as unknown as { rows: Array<Record<string, string>> };
    return res.rows.map((r) => Object.values(r)[0]);
  };
  return db.transaction(async (tx) => run(tx as unknown as Db));
}

const scans = (plan: string[]) => plan.filter((l) => /Scan|Limit|Aggregate/.test(l)).map((l) => l.replace(/\(actual.*$/, '').trim());
const ms = (plan: string[]) => Number(/Execution Time: ([\d.]+) ms/.exec(plan.join('\n'))?.[1] ?? NaN);
const indexes = (plan: string[]) => [...new Set(plan.flatMap((l) => [...l.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)].map((m) => m[1])))];
const seqScans = (plan: string[]) => plan.filter((l) => /Seq Scan on customers\b/.test(l)).length;

async function measure(engine: string, db: Db, venueId: string): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  for (const [label, filter, page] of SCENARIOS) {
    const s = customerListStatements(db, venueId, filter, page);
    const rows = await explain(db, s.rows, needsIndexHint(filter));
    const count = await explain(db, s.count, needsIndexHint(filter));
    process.stdout.write(`\n[${engine}] ${label}\n  página: ${scans(rows).join(' › ')}\n  total:  ${scans(count).join(' › ')}\n`);
    out.push({
      name: `plano ${engine}: ${label} (varreduras sequenciais)`,
      value: seqScans(rows) + seqScans(count),
      unit: '',
      budget: 0,
      note: `página ${ms(rows)} ms [${indexes(rows).join(', ') || '—'}] · total ${ms(count)} ms [${indexes(count).join(', ') || '—'}]`,
    });
  }
  return out;
}

async function withData(handle: { db: Db; close(): Promise<void> }, engine: string): Promise<BenchResult[]> {
  try {
    const seed = await seedDemo(handle.db);
    await insertCustomers(handle.db, seed.venues.restaurant);
    await handle.db.execute(sql`analyze`);
    return await measure(engine, handle.db, seed.venues.restaurant);
  } finally {
    await handle.close();
  }
}

export const benches = {
  'customers-plans': async (): Promise<BenchResult[]> => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-plans-'));
    const out: BenchResult[] = [];
    try {
      out.push(...(await withData(await openDb({ dataDir: dir }), 'PGlite')));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    if (findPostgresBin()) {
      const pg = await startLocalPostgres();
      try {
        out.push(...(await withData(await openDb({ databaseUrl: pg.url, log: () => {} }), 'PostgreSQL')));
      } finally {
        pg.stop();
      }
    } else process.stdout.write('\nPostgreSQL não instalado: planos só no PGlite.\n');
    return out;
  },
};
