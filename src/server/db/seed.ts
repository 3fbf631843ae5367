/** Demo data: three venues, their addresses and stores, and one account per kind of user. */
import { sql } from 'drizzle-orm';
import { locationTypeId, PROPOSAL_ORIGIN } from '../../shared/enums';
import { ADMIN_TOOL_ROLES, mergeRoles, VENUE_ROLES } from '../../shared/roles';
import { hashPassword } from '../lib/crypto';
import { seedProductsDemo } from '../modules/products/products.seed';
import { seedSkippedProductsDemo } from '../modules/products/skipped-products.seed';
import { seedCashlessDemo } from '../modules/cashless/cashless.seed';
import { seedDonationsDemo } from '../modules/donations/donations.seed';
import { seedOrdersDemo } from '../modules/orders/orders.seed';
import { seedFoodConfigDemo } from '../modules/food-config/food-config.seed';
import { seedSchedulingDemo } from '../modules/scheduling/scheduling.seed';
import { seedCustomersDemo } from '../modules/customers/customers.seed';
import { seedPaymentLinksDemo } from '../modules/payment-links/payment-links.seed';
import { seedWaiterDemo } from '../modules/waiter/waiter.seed';
import { seedFinanceDemo } from '../modules/finance/finance.seed';
import { seedAccreditationDemo } from '../modules/accreditation/accreditation.seed';
import { seedPaymentMethodsDemo } from '../modules/payment-methods/payment-methods.seed';
import { seedBankAccountsDemo } from '../modules/bank-accounts/bank-accounts.seed';
import { seedPrintersDemo } from '../modules/printers/printers.seed';
import { seedStaffDemo } from '../modules/staff/staff.seed';
import type { Db } from './client';
import type { DemoSeedContext } from './demo-seed-context';
import { memberships, users } from './schema/auth';
import { stores, venueAddresses, venues } from './schema/venues';

export const DEMO_PASSWORD = 'Demo#2026';

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row.n === 0;
}

export interface SeedResult {
  password: string;
  accounts: Array<{ email: string; description: string }>;
  venues: { restaurant: string; school: string; donations: string };
}

export async function seedDemo(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const [restaurant, school, donations] = await tx
      .insert(venues)
      .values([
        { name: 'Restaurante Sabor da Casa', type: locationTypeId('Restaurantes'), proposalOrigin: PROPOSAL_ORIGIN.food },
        { name: 'Colégio Horizonte', type: locationTypeId('Colegio'), proposalOrigin: PROPOSAL_ORIGIN.backOffice },
        { name: 'Instituto Mãos que Ajudam', type: locationTypeId('Doacoes'), proposalOrigin: PROPOSAL_ORIGIN.donate },
      ])
      .returning({ id: venues.id });

    await tx.insert(venueAddresses).values([
      { venueId: restaurant.id, street: 'Rua Augusta', number: '1500', district: 'Consolação', postalCode: '01304001', state: 'SP', city: 'São Paulo', latitude: '-23.5558', longitude: '-46.6622' },
      { venueId: school.id, street: 'Avenida Afonso Pena', number: '3000', district: 'Funcionários', postalCode: '30130009', state: 'MG', city: 'Belo Horizonte' },
      { venueId: donations.id, street: 'Rua da Aurora', number: '100', complement: 'Sala 2', district: 'Boa Vista', postalCode: '50050000', state: 'PE', city: 'Recife' },
    ]);

    await tx.insert(stores).values([
      { venueId: restaurant.id, name: 'Cozinha principal', order: 1 },
      { venueId: restaurant.id, name: 'Bar', order: 2 },
      { venueId: school.id, name: 'Cantina', order: 1 },
    ]);

    const venueRoles = mergeRoles(VENUE_ROLES);
    const accounts = [
      { email: 'admin@balcao.dev', name: 'Ana Administradora', description: 'Admin: todos os papéis, nos três estabelecimentos', isAdmin: true, roles: mergeRoles(['Admin', 'SuporteMeep'], ADMIN_TOOL_ROLES) },
      { email: 'gerente@balcao.dev', name: 'Gustavo Gerente', description: 'Gerente do restaurante' },
      { email: 'cozinha@balcao.dev', name: 'Tablet da Cozinha', description: 'Tablet da cozinha: só o painel de pedidos' },
      { email: 'suporte@balcao.dev', name: 'Sofia Suporte', description: 'SuporteMeep no restaurante' },
      { email: 'mfa@balcao.dev', name: 'Marcos Gerente', description: 'Gerente do restaurante, com código por e-mail', mfaEnabled: true },
      { email: 'escola@balcao.dev', name: 'Elisa Escola', description: 'Gerente do colégio' },
      { email: 'garcom@balcao.dev', name: 'Gabriel Garçom', description: 'Celular do garçom do restaurante: só o papel Garcom' },
    ];
    // One hash for every demo account: they share the password, and seeding stays fast in tests.
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const ids: Record<string, string> = {};
    for (const a of accounts) {
      const [u] = await tx
        .insert(users)
        .values({
          email: a.email,
          name: a.name,
          passwordHash,
          isAdmin: a.isAdmin ?? false,
          mfaEnabled: a.mfaEnabled ?? false,
          roles: a.roles ?? '',
          legacyPortal: true,
        })
        .returning({ id: users.id });
      ids[a.email] = u.id;
    }
    await tx.insert(memberships).values([
      { userId: ids['admin@balcao.dev'], venueId: restaurant.id, position: 'Administrador', roles: venueRoles, sortOrder: 0 },
      { userId: ids['admin@balcao.dev'], venueId: school.id, position: 'Administrador', roles: venueRoles, sortOrder: 1 },
      { userId: ids['admin@balcao.dev'], venueId: donations.id, position: 'Administrador', roles: venueRoles, sortOrder: 2 },
      { userId: ids['gerente@balcao.dev'], venueId: restaurant.id, position: 'Gerente', roles: venueRoles },
      { userId: ids['cozinha@balcao.dev'], venueId: restaurant.id, position: 'Cozinha', roles: 'Painel' },
      { userId: ids['suporte@balcao.dev'], venueId: restaurant.id, position: 'Suporte', roles: 'SuporteMeep;MeepFoodConfiguration;Painel;IntegracaoIfoodKds' },
      { userId: ids['mfa@balcao.dev'], venueId: restaurant.id, position: 'Gerente', roles: venueRoles },
      { userId: ids['escola@balcao.dev'], venueId: school.id, position: 'Gerente', roles: venueRoles },
      { userId: ids['garcom@balcao.dev'], venueId: restaurant.id, position: 'Garçom', roles: 'Garcom' },
    ]);
    // Module demo data, in dependency order: setup, then the catalogue, then orders that use both.
    const ctx: DemoSeedContext = { tx, venues: { restaurant: restaurant.id, school: school.id, donations: donations.id }, users: ids };
    await seedFoodConfigDemo(ctx);
    await seedProductsDemo(ctx);
    await seedSkippedProductsDemo(ctx);
    await seedOrdersDemo(ctx);
    await seedWaiterDemo(ctx);
    await seedSchedulingDemo(ctx);
    await seedCashlessDemo(ctx);
    await seedCustomersDemo(ctx);
    await seedPaymentLinksDemo(ctx);
    await seedDonationsDemo(ctx);
    await seedFinanceDemo(ctx);
    await seedAccreditationDemo(ctx);
    await seedPaymentMethodsDemo(ctx);
    await seedBankAccountsDemo(ctx);
    await seedPrintersDemo(ctx);
    await seedStaffDemo(ctx);
    return {
      password: DEMO_PASSWORD,
      accounts: accounts.map(({ email, description }) => ({ email, description })),
      venues: { restaurant: restaurant.id, school: school.id, donations: donations.id },
    };
  });
}

export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.email} = 'admin@balcao.dev'`);
  return row.n > 0;
}
