/** npm run seed:demo — adds the demo venues and accounts to the configured database. */
import { loadConfig } from '../config';
import { openDb } from '../db/client';
import { hasDemoAccounts, seedDemo } from '../db/seed';
import { seedDemoSalesHistory } from '../modules/dashboard/dashboard.seed';
import { seedDemoWaiterOrders } from '../modules/waiter/waiter.seed';

const config = loadConfig();
const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
try {
  if (await hasDemoAccounts(db.db)) {
    console.log('Os dados de demonstração já existem.');
  } else {
    const r = await seedDemo(db.db);
    await seedDemoSalesHistory(db.db, r.venues.restaurant);
    await seedDemoWaiterOrders(db.db, r.venues.restaurant);
    console.log(`Dados de demonstração criados. Senha de todas as contas: ${r.password}`);
    for (const a of r.accounts) console.log(`  ${a.email.padEnd(22)} ${a.description}`);
  }
} finally {
  await db.close();
}
