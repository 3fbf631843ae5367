import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import { SESSION_TTL_HOURS } from '../../../shared/constants';
import type { LoginSuccess, UserInfo } from '../../../shared/contract/auth';
import type { Db } from '../../db/client';
import { memberships, oneTimeTokens, sessions, users } from '../../db/schema/auth';
import { venues } from '../../db/schema/venues';
import { newToken, sha256 } from '../../lib/crypto';

export type UserRow = typeof users.$inferSelect;
/** The database or a transaction on it. */
type Q = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return u;
}

export async function findUserByEmailOrCpf(db: Db, value: string): Promise<UserRow | undefined> {
  const v = value.trim().toLowerCase();
  const digits = v.replace(/\D/g, '');
  const [u] = await db
    .select()
    .from(users)
    .where(digits.length === 11 && !v.includes('@') ? or(eq(users.cpf, digits), eq(users.email, v)) : eq(users.email, v));
  return u;
}

export async function userInfoFor(db: Db, user: UserRow): Promise<UserInfo> {
  const places = await db
    .select({ id: venues.id, nome: venues.name, tipo: venues.type, origemPropostaCliente: venues.proposalOrigin })
    .from(memberships)
    .innerJoin(venues, eq(venues.id, memberships.venueId))
    .where(eq(memberships.userId, user.id))
    .orderBy(asc(memberships.sortOrder), asc(venues.name));
  return {
    usuarioMeep: { usuarioId: user.id, nome: user.name, email: user.email },
    locais: places,
    configuracaoUsuarioMeep: { desktopApp: user.desktopApp, portalLegado: user.legacyPortal },
    roles: user.roles,
    isAdmin: user.isAdmin,
  };
}

/** Opens a session and answers what a successful sign-in returns. */
export async function createSession(db: Db, user: UserRow): Promise<LoginSuccess> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_HOURS * 3600_000);
  await db.insert(sessions).values({ tokenHash: sha256(token), userId: user.id, expiresAt });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: SESSION_TTL_HOURS * 3600,
    ...(await userInfoFor(db, user)),
  };
}

export async function createOneTimeToken(
  db: Q,
  kind: 'reset' | 'share',
  userId: string,
  ttlSeconds: number,
  venueId?: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db.insert(oneTimeTokens).values({ tokenHash: sha256(token), kind, userId, venueId, expiresAt });
  return { token, expiresAt };
}

/** Marks a one-time token used and returns its user, or nothing when it is unknown, used or expired. */
export async function consumeOneTimeToken(db: Db, kind: 'reset' | 'share', token: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256(token)),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  if (!row) return undefined;
  const [u] = await db.select().from(users).where(eq(users.id, row.userId));
  return u;
}

/** Every unused reset link of the account stops working (one was used, or the password changed). */
export async function revokeResetLinks(db: Q, userId: string): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, 'reset'), isNull(oneTimeTokens.usedAt)));
}
