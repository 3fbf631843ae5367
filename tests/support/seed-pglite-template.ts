/**
 * Seeds one embedded data directory as the server would at its first start, for the run's seeded
 * templates (tests/support/pglite-template.ts): `node <bundle> <data dir>` (or under tsx), with
 * DEMO_SALES_HISTORY_DAYS in its environment. The demo (startup.ts prepareDatabase), then the sales
 * dashboard's triggers and rollups built to the end (what a server does in the background after it
 * starts). Exits 0 once the directory is closed.
 */
import { openDb } from '../../src/server/db/client';
import { installDashboardSql } from '../../src/server/modules/dashboard/dashboard.sql';
import { prepareDatabase } from '../../src/server/startup';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seed-pglite-template <data dir>');
const db = await openDb({ dataDir });
try {
  const state = await prepareDatabase(db, process.env);
  if (!state.seeded) throw new Error(`${dataDir} was not empty: nothing seeded`);
  await installDashboardSql(db, { wait: true });
} finally {
  await db.close();
}
