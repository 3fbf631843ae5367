/**
 * What the venue's access screens read and share: profiles (built-in or composed), the members of a
 * place with the profile each holds, devices, and the audit line every change writes.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { StaffDevice, StaffPerson } from '../../../shared/contract/staff';
import { parseRoles, SUPPORT_ROLES } from '../../../shared/roles';
import { AUDIT_ACTIONS, BUILT_IN_PROFILES, builtInProfile, isDeviceProfile, type AuditAction } from '../../../shared/staff';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema/auth';
import { memberProfiles, pairedDevices, roleSets, staffAudit, venueInvitations } from '../../db/schema/staff';

/** The password hash of an account that has none yet (invited) or never will (a device): no password matches it. */
export const NO_PASSWORD = '!';
/** Device accounts' e-mail domain: reserved (.invalid), so it never receives mail nor collides with a person. */
export const DEVICE_EMAIL_DOMAIN = 'dispositivos.balcao.invalid';
export const deviceEmail = (deviceId: string) => `dispositivo-${deviceId}@${DEVICE_EMAIL_DOMAIN}`;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID_RE.test(v);

export interface ResolvedProfile {
  key: string;
  label: string;
  roles: string[];
}

/** A built-in profile key or the id of one of the place's role sets; null when neither. */
export async function resolveProfile(db: Db, venueId: string, key: string): Promise<ResolvedProfile | null> {
  const b = builtInProfile(key);
  if (b) return { key: b.key, label: b.label, roles: [...b.roles] };
  if (!isUuid(key)) return null;
  const [s] = await db.select().from(roleSets).where(and(eq(roleSets.venueId, venueId), eq(roleSets.id, key)));
  return s ? { key: s.id, label: s.name, roles: parseRoles(s.roles) } : null;
}

/**
 * Whether someone holding `actorRoles` in a place may give, change or take away `targetRoles`: a
 * person only hands out access they hold themselves (support roles excepted), so a custom profile
 * with a few roles can never make a Gerente.
 */
export function mayManage(actorRoles: string, targetRoles: readonly string[]): boolean {
  const held = new Set(parseRoles(actorRoles));
  if (SUPPORT_ROLES.some((r) => held.has(r))) return true;
  return targetRoles.every((r) => held.has(r));
}

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  passwordHash: string;
  position: string;
  roles: string;
  profile: string | null;
  deviceId: string | null;
}

export async function membersOf(db: Db, venueId: string): Promise<MemberRow[]> {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      passwordHash: users.passwordHash,
      position: memberships.position,
      roles: memberships.roles,
      profile: memberProfiles.profile,
      deviceId: pairedDevices.id,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(memberProfiles, and(eq(memberProfiles.userId, memberships.userId), eq(memberProfiles.venueId, memberships.venueId)))
    .leftJoin(pairedDevices, eq(pairedDevices.userId, memberships.userId))
    .where(eq(memberships.venueId, venueId))
    .orderBy(asc(users.name));
}

/** The members of a place, id and name, by name: who an access policy, an agenda or a schedule can name. */
export async function memberNames(db: Db, venueId: string): Promise<Array<{ id: string; name: string }>> {
  return db
    .select({ id: users.id, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.venueId, venueId))
    .orderBy(asc(users.name));
}

/** The profile key of a member: recorded, else read from the position a built-in profile is named after. */
export function profileKeyOf(m: Pick<MemberRow, 'profile' | 'position'>): string {
  if (m.profile) return m.profile;
  const byLabel = BUILT_IN_PROFILES.find((p) => p.label.toLowerCase() === m.position.toLowerCase() || p.key.toLowerCase() === m.position.toLowerCase());
  return byLabel?.key ?? 'personalizado';
}

export async function roleSetNames(db: Db, venueId: string): Promise<Map<string, string>> {
  const rows = await db.select({ id: roleSets.id, name: roleSets.name }).from(roleSets).where(eq(roleSets.venueId, venueId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

function profileLabel(key: string, position: string, sets: Map<string, string>): string {
  return builtInProfile(key)?.label ?? sets.get(key) ?? (position || 'Personalizado');
}

/**
 * The place's people, and its pending invitations to existing accounts as pending people under the
 * name and e-mail the inviter typed (the same as a pending new account: issue 37), sorted by name.
 */
export async function listPeople(db: Db, venueId: string, me: string): Promise<StaffPerson[]> {
  const [members, sets, invitations] = await Promise.all([
    membersOf(db, venueId),
    roleSetNames(db, venueId),
    db
      .select({ id: venueInvitations.id, name: venueInvitations.name, email: users.email, profile: venueInvitations.profile })
      .from(venueInvitations)
      .innerJoin(users, eq(users.id, venueInvitations.userId))
      .where(eq(venueInvitations.venueId, venueId)),
  ]);
  const invited: StaffPerson[] = invitations.map((i) => ({
    usuarioId: i.id,
    nome: i.name,
    email: i.email,
    perfil: i.profile,
    perfilNome: profileLabel(i.profile, '', sets),
    papeis: builtInProfile(i.profile)?.roles.slice() ?? [],
    pendente: true,
    voce: false,
  }));
  const people: StaffPerson[] = members
    .filter((m) => !m.deviceId)
    .map((m) => {
      const key = profileKeyOf(m);
      return {
        usuarioId: m.userId,
        nome: m.name,
        email: m.email,
        perfil: key,
        perfilNome: profileLabel(key, m.position, sets),
        papeis: parseRoles(m.roles),
        pendente: m.passwordHash === NO_PASSWORD,
        voce: m.userId === me,
      };
    });
  return [...people, ...invited].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}

export async function listDevices(db: Db, venueId: string): Promise<StaffDevice[]> {
  const [rows, sets] = await Promise.all([
    db.select().from(pairedDevices).where(and(eq(pairedDevices.venueId, venueId))).orderBy(desc(pairedDevices.createdAt)),
    roleSetNames(db, venueId),
  ]);
  const now = Date.now();
  return rows
    .filter((d) => !d.revokedAt)
    .map((d) => ({
      id: d.id,
      nome: d.name,
      perfil: d.profile,
      perfilNome: profileLabel(d.profile, '', sets),
      status: d.pairedAt ? ('pareado' as const) : d.codeExpiresAt && d.codeExpiresAt.getTime() > now ? ('aguardando' as const) : ('expirado' as const),
      criadoEm: d.createdAt.toISOString(),
      pareadoEm: d.pairedAt?.toISOString() ?? null,
      codigoExpiraEm: d.pairedAt ? null : (d.codeExpiresAt?.toISOString() ?? null),
    }));
}

/** How many members (people and devices) hold each profile key. */
export async function profileUse(db: Db, venueId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const m of await membersOf(db, venueId)) {
    const k = profileKeyOf(m);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

export const profileIsForDevices = (roles: readonly string[]) => isDeviceProfile(roles);

export interface Actor {
  id: string | null;
  name: string;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Writes one audit line: who, when (now), what. */
export async function audit(db: Db | Tx, venueId: string, actor: Actor, action: AuditAction, description: string): Promise<void> {
  await db.insert(staffAudit).values({ venueId, actorId: actor.id, actorName: actor.name, action, description });
}

export async function auditOf(db: Db, venueId: string, limit = 200) {
  const rows = await db.select().from(staffAudit).where(eq(staffAudit.venueId, venueId)).orderBy(desc(staffAudit.createdAt), desc(staffAudit.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    data: r.createdAt.toISOString(),
    autor: r.actorName,
    acao: AUDIT_ACTIONS[r.action as AuditAction] ?? r.action,
    descricao: r.description,
  }));
}

/** Members of a place whose recorded profile is one of `keys`. */
export async function membersWithProfile(db: Db | Tx, venueId: string, key: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberProfiles.userId })
    .from(memberProfiles)
    .where(and(eq(memberProfiles.venueId, venueId), inArray(memberProfiles.profile, [key])));
  return rows.map((r) => r.userId);
}
