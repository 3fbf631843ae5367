/**
 * What the server does with its database at start, by mode (kept out of main.ts so tests run it):
 *
 * - demonstração (NODE_ENV is not "production"): an empty embedded database gets the demo venues and
 *   accounts (published password Demo#2026), as `npm start`, `.ci/run` and the e2e expect.
 * - produção (NODE_ENV=production): nothing is seeded, ever. The first administrator comes from
 *   `npm run create-admin`; the demo only from the explicit `npm run seed:demo`. The start log says
 *   so, and warns when a production database still holds the demo accounts.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbHandle } from './db/client';
import { users } from './db/schema/auth';
import { DEMO_PASSWORD, hasDemoAccounts, isEmpty, seedDemo, type SeedResult } from './db/seed';
import { describeSandboxes, isProduction, type Env } from './lib/sandboxes';
import { seedDemoSalesHistory } from './modules/dashboard/dashboard.seed';
import { seedDemoWaiterOrders } from './modules/waiter/waiter.seed';

export type StartMode = 'production' | 'demo';

export interface StartState {
  mode: StartMode;
  /** The demo created now (empty embedded database outside production), else null. */
  seeded: SeedResult | null;
  hasAdmin: boolean;
  demoAccounts: boolean;
}

export function startMode(env: Env): StartMode {
  return isProduction(env) ? 'production' : 'demo';
}

export async function hasAdministrator(db: DbHandle['db']): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.isAdmin, true));
  return row.n > 0;
}

/** Seeds the demo when this mode and database call for it; reports what the log should say. */
export async function prepareDatabase(db: DbHandle, env: Env): Promise<StartState> {
  const mode = startMode(env);
  let seeded: SeedResult | null = null;
  // Only an empty embedded database outside production: a PostgreSQL one is seeded by hand (seed:demo).
  if (mode === 'demo' && db.kind === 'pglite' && (await isEmpty(db.db))) {
    seeded = await seedDemo(db.db);
    await seedDemoSalesHistory(db.db, seeded.venues.restaurant, env);
    await seedDemoWaiterOrders(db.db, seeded.venues.restaurant);
  }
  return { mode, seeded, hasAdmin: await hasAdministrator(db.db), demoAccounts: seeded ? true : await hasDemoAccounts(db.db) };
}

/** The start log's lines about the mode, the accounts and the sandboxes (pt-BR). */
export function modeLines(state: StartState, env: Env): string[] {
  const lines: string[] = [];
  if (state.mode === 'production') {
    lines.push('Modo: produção (NODE_ENV=production). Sem dados nem contas de demonstração; nenhum sandbox sem ALLOW_SANDBOXES.');
    if (!state.hasAdmin) {
      lines.push(
        'Nenhum administrador ainda. Crie o primeiro (sem servidor aberto no mesmo DATA_DIR, ou com o mesmo DATABASE_URL):',
        '  ADMIN_PASSWORD=... npm run create-admin -- --email admin@empresa.com.br --name "Nome Sobrenome"',
      );
    }
    if (state.demoAccounts) {
      lines.push(`ATENÇÃO: este banco tem as contas de demonstração, com a senha publicada (${DEMO_PASSWORD}). Remova-as ou troque as senhas antes de abrir ao público.`);
    }
  } else {
    lines.push('Modo: demonstração (NODE_ENV diferente de production). Um banco embutido vazio recebe dados e contas de demonstração; nunca use assim em produção.');
    if (state.seeded) {
      lines.push(`Dados de demonstração criados. Contas (senha ${state.seeded.password}):`);
      for (const a of state.seeded.accounts) lines.push(`  ${a.email.padEnd(22)} ${a.description}`);
    } else if (state.demoAccounts) {
      lines.push(`Contas de demonstração (senha ${DEMO_PASSWORD}): admin@, gerente@, cozinha@, suporte@, mfa@, escola@balcao.dev`);
    }
  }
  lines.push(describeSandboxes(env));
  return lines;
}
