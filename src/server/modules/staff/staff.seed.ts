/**
 * Demo data of a venue's own setup (issue 24), so Operadores and Acessos are real at first sight:
 * the places' CNPJs (the school's is alphanumeric), a composed profile "Bar" on the restaurant, a
 * bar tablet paired with it, an invitation still waiting, and the history of those changes.
 */
import { randomUUID } from 'node:crypto';
import { mergeRoles } from '../../../shared/roles';
import type { DemoSeedContext } from '../../db/demo-seed-context';
import { memberProfiles, pairedDevices, roleSets, staffAudit, venueTaxIds } from '../../db/schema/staff';
import { memberships, users } from '../../db/schema/auth';
import { deviceEmail, NO_PASSWORD } from './staff.repository';

export async function seedStaffDemo({ tx, venues, users: ids }: DemoSeedContext): Promise<void> {
  const gerente = ids['gerente@balcao.dev'];
  await tx.insert(venueTaxIds).values([
    { venueId: venues.restaurant, cnpj: '11222333000181' },
    { venueId: venues.school, cnpj: '12ABC34501DE35' },
  ]);
  const [bar] = await tx.insert(roleSets).values({ venueId: venues.restaurant, name: 'Bar', roles: mergeRoles(['Painel', 'IntegracaoIfoodKds']) }).returning({ id: roleSets.id });

  // The bar's tablet, paired last week (it has no session here: pair it again to use it).
  const deviceId = randomUUID();
  const [tablet] = await tx
    .insert(users)
    .values({ email: deviceEmail(deviceId), name: 'Tablet do bar', passwordHash: NO_PASSWORD })
    .returning({ id: users.id });
  await tx.insert(memberships).values({ userId: tablet.id, venueId: venues.restaurant, position: 'Bar', roles: mergeRoles(['Painel', 'IntegracaoIfoodKds']) });
  await tx.insert(memberProfiles).values({ userId: tablet.id, venueId: venues.restaurant, profile: bar.id });
  const week = Date.now() - 7 * 24 * 3600_000;
  await tx.insert(pairedDevices).values({
    id: deviceId,
    venueId: venues.restaurant,
    userId: tablet.id,
    name: 'Tablet do bar',
    profile: bar.id,
    createdBy: gerente,
    createdAt: new Date(week),
    pairedAt: new Date(week + 3 * 60_000),
  });

  // An invitation nobody has answered yet (inviting the same e-mail again sends a new link).
  const [pending] = await tx
    .insert(users)
    .values({ email: 'patricia.garconete@balcao.dev', name: 'Patrícia Garçonete', passwordHash: NO_PASSWORD, legacyPortal: false })
    .returning({ id: users.id });
  await tx.insert(memberships).values({ userId: pending.id, venueId: venues.restaurant, position: 'Garçom', roles: 'Garcom', sortOrder: 0 });
  await tx.insert(memberProfiles).values({ userId: pending.id, venueId: venues.restaurant, profile: 'Garcom' });

  const at = (minutes: number) => new Date(week + minutes * 60_000);
  await tx.insert(staffAudit).values([
    { venueId: venues.restaurant, actorId: gerente, actorName: 'Gustavo Gerente', action: 'roleSetCreate', description: 'Criou o perfil Bar: Painel, IntegracaoIfoodKds', createdAt: at(0) },
    { venueId: venues.restaurant, actorId: gerente, actorName: 'Gustavo Gerente', action: 'deviceCreate', description: 'Criou o dispositivo Tablet do bar (Bar) e gerou o código de pareamento', createdAt: at(1) },
    { venueId: venues.restaurant, actorId: null, actorName: 'Tablet do bar', action: 'pairing', description: 'Tablet do bar foi pareado com o código (perfil Bar)', createdAt: at(3) },
    { venueId: venues.restaurant, actorId: gerente, actorName: 'Gustavo Gerente', action: 'invite', description: 'Convidou Patrícia Garçonete (patricia.garconete@balcao.dev) como Garçom', createdAt: at(60 * 24 * 6) },
  ]);
}
