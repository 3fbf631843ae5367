/**
 * The signed-in person's own invitations (issue 37): joining a place needs consent. An invitation
 * to an existing account gives nothing (no membership, no role, no data) until the person accepts
 * here; declining deletes it. Open to every account like Minha conta ("/api/account/*"); each call
 * acts only on the session's own invitations, so another person's invitation id answers 404.
 */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_MSG } from '../../../shared/account';
import { errorBody } from '../../../shared/contract/common';
import { acceptInvitationResponse, invitationByToken, invitationIdParams, invitationTokenQuery, messageResponse, myInvitationList } from '../../../shared/contract/staff';
import { MSG } from '../../../shared/messages';
import { mergeRoles } from '../../../shared/roles';
import { STAFF_MSG } from '../../../shared/staff';
import type { Db } from '../../db/client';
import { memberships, oneTimeTokens, users } from '../../db/schema/auth';
import { sha256 } from '../../lib/crypto';
import { hitRateLimit } from '../../lib/rate-limit';
import { tooManyRequests } from '../../lib/http-error';
import { memberProfiles, venueInvitations } from '../../db/schema/staff';
import { venues } from '../../db/schema/venues';
import { HttpError } from '../../lib/http-error';
import { requireUser } from '../../plugins/auth';
import { audit, isUuid, resolveProfile, roleSetNames } from './staff.repository';
import { builtInProfile } from '../../../shared/staff';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

export async function invitationRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  /** The session's own invitation, still valid, with its place; 404 otherwise (whoever else's it is). */
  async function mine(userId: string, id: string) {
    if (!isUuid(id)) throw new HttpError(404, STAFF_MSG.invitationNotFound);
    const [row] = await db
      .select({ inv: venueInvitations, place: venues.name })
      .from(venueInvitations)
      .innerJoin(venues, eq(venues.id, venueInvitations.venueId))
      .where(and(eq(venueInvitations.id, id), eq(venueInvitations.userId, userId), gt(venueInvitations.expiresAt, new Date())));
    if (!row) throw new HttpError(404, STAFF_MSG.invitationNotFound);
    return row;
  }

  // The page a new account's invitation link opens reads its e-mail and place here (the link itself
  // is used only when the password is set). Unknown, used or expired links: the reset's message.
  app.get(
    '/api/Account/Convite',
    { config: { public: true }, schema: { querystring: invitationTokenQuery, response: { 200: invitationByToken, ...errors } } },
    async (req) => {
      const wait = await hitRateLimit(db, `invite-link:addr:${req.ip}`, 30, 900);
      if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
      const [row] = await db
        .select({ email: users.email, local: venues.name })
        .from(oneTimeTokens)
        .innerJoin(users, eq(users.id, oneTimeTokens.userId))
        .innerJoin(memberships, eq(memberships.userId, users.id))
        .innerJoin(venues, eq(venues.id, memberships.venueId))
        .where(and(eq(oneTimeTokens.tokenHash, sha256(req.query.token)), eq(oneTimeTokens.kind, 'reset'), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())))
        .limit(1);
      if (!row) throw new HttpError(404, MSG.resetInvalidLink);
      return row;
    },
  );

  app.get('/api/Account/MinhaConta/Convites', { schema: { response: { 200: myInvitationList, ...errors } } }, async (req) => {
    const me = requireUser(req);
    const rows = await db
      .select({ inv: venueInvitations, place: venues.name })
      .from(venueInvitations)
      .innerJoin(venues, eq(venues.id, venueInvitations.venueId))
      .where(and(eq(venueInvitations.userId, me.id), gt(venueInvitations.expiresAt, new Date())))
      .orderBy(asc(venueInvitations.createdAt));
    const convites = [];
    for (const { inv, place } of rows) {
      const label = builtInProfile(inv.profile)?.label ?? (await roleSetNames(db, inv.venueId)).get(inv.profile) ?? 'Personalizado';
      convites.push({ id: inv.id, local: place, perfilNome: label, convidadoPor: inv.invitedByName, criadoEm: inv.createdAt.toISOString(), expiraEm: inv.expiresAt.toISOString() });
    }
    return { convites };
  });

  app.post(
    '/api/Account/MinhaConta/Convites/:id/Aceitar',
    { schema: { params: invitationIdParams, response: { 200: acceptInvitationResponse, ...errors } } },
    async (req) => {
      const me = requireUser(req);
      const { inv, place } = await mine(me.id, req.params.id);
      const [u] = await db.select({ confirmed: users.emailConfirmed }).from(users).where(eq(users.id, me.id));
      if (!u?.confirmed) throw new HttpError(403, ACCOUNT_MSG.emailNotConfirmed);
      const profile = await resolveProfile(db, inv.venueId, inv.profile);
      if (!profile) throw new HttpError(409, STAFF_MSG.invitationProfileGone);
      await db.transaction(async (tx) => {
        // Deleting first makes a double click accept once: the second finds no row.
        const gone = await tx.delete(venueInvitations).where(eq(venueInvitations.id, inv.id)).returning({ id: venueInvitations.id });
        if (!gone.length) throw new HttpError(404, STAFF_MSG.invitationNotFound);
        await tx
          .insert(memberships)
          .values({ userId: me.id, venueId: inv.venueId, position: profile.label, roles: mergeRoles(profile.roles), sortOrder: 100 })
          .onConflictDoNothing();
        await tx.insert(memberProfiles).values({ userId: me.id, venueId: inv.venueId, profile: profile.key }).onConflictDoNothing();
        await audit(tx, inv.venueId, { id: me.id, name: me.name }, 'inviteAccepted', `${me.name} aceitou o convite de ${inv.invitedByName} como ${profile.label}`);
      });
      return { localId: inv.venueId, Message: STAFF_MSG.invitationAccepted(place) };
    },
  );

  app.post(
    '/api/Account/MinhaConta/Convites/:id/Recusar',
    { schema: { params: invitationIdParams, response: { 200: messageResponse, ...errors } } },
    async (req) => {
      const me = requireUser(req);
      const { inv } = await mine(me.id, req.params.id);
      await db.transaction(async (tx) => {
        await tx.delete(venueInvitations).where(eq(venueInvitations.id, inv.id));
        await audit(tx, inv.venueId, { id: me.id, name: me.name }, 'inviteDeclined', `${inv.name} recusou o convite de ${inv.invitedByName}`);
      });
      return { Message: STAFF_MSG.invitationDeclined };
    },
  );
}
