/**
 * The people of a place (issue 24): list with devices, invite, change profile, remove, the audit
 * history, and the profiles composed on /configuracoes/acessos. Joining needs consent (issue 37):
 * an existing account is only invited (venue_invitations) until it accepts (invitations.routes.ts). Every call needs a manager role in
 * the place (permissions.ts MANAGER_ROLES) and hands out only roles the caller holds.
 */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/contract/common';
import {
  auditList,
  changeProfileRequest,
  inviteRequest,
  inviteResponse,
  localQuery,
  messageResponse,
  profileList,
  roleSetRequest,
  roleSetResponse,
  staffList,
} from '../../../shared/contract/staff';
import { MSG } from '../../../shared/messages';
import { MANAGER_ROLES } from '../../../shared/permissions';
import { mergeRoles, parseRoles, VENUE_ROLES } from '../../../shared/roles';
import { BUILT_IN_PROFILES, INVITE_LIMIT_PER_HOUR, INVITE_TTL_HOURS, isDeviceProfile, STAFF_MSG } from '../../../shared/staff';
import type { Db } from '../../db/client';
import { memberships, sessions, users } from '../../db/schema/auth';
import { memberProfiles, pairedDevices, roleSets, venueInvitations } from '../../db/schema/staff';
import { streamTickets } from '../../db/schema/stream-tickets';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { enqueueJob } from '../../lib/jobs';
import type { Mailer } from '../../lib/mailer';
import { hitRateLimit } from '../../lib/rate-limit';
import { requireUser, requireVenue } from '../../plugins/auth';
import {
  audit,
  auditOf,
  DEVICE_EMAIL_DOMAIN,
  isUuid,
  listDevices,
  listPeople,
  mayManage,
  membersOf,
  membersWithProfile,
  NO_PASSWORD,
  profileKeyOf,
  profileUse,
  resolveProfile,
} from './staff.repository';
import { type ConsentMailPayload, defineStaffMailJobs, STAFF_JOBS, type StaffMailPayload } from './staff.jobs';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

export async function staffRoutes(fastify: FastifyInstance, opts: { db: Db; mailer: Mailer; publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  defineStaffMailJobs(fastify.jobs, { mailer: opts.mailer, publicUrl: opts.publicUrl });

  /** A person (not a device) of the place, or 404. */
  async function personOf(venueId: string, userId: string) {
    if (!isUuid(userId)) throw new HttpError(404, STAFF_MSG.personNotFound);
    const m = (await membersOf(db, venueId)).find((x) => x.userId === userId && !x.deviceId);
    if (!m) throw new HttpError(404, STAFF_MSG.personNotFound);
    return m;
  }

  app.get('/api/Operador', { schema: { querystring: localQuery, response: { 200: staffList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localId, MANAGER_ROLES);
    const [pessoas, dispositivos] = await Promise.all([listPeople(db, venueId, requireUser(req).id), listDevices(db, venueId)]);
    return { pessoas, dispositivos };
  });

  app.get('/api/Operador/Historico', { schema: { querystring: localQuery, response: { 200: auditList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localId, MANAGER_ROLES);
    return { itens: await auditOf(db, venueId) };
  });

  app.post('/api/Operador/Convidar', { schema: { body: inviteRequest, response: { 200: inviteResponse, 201: inviteResponse, ...errors } } }, async (req, reply) => {
    const access = await requireVenue(db, req, req.body.localId, MANAGER_ROLES);
    const me = requireUser(req);
    const actor = { id: me.id, name: me.name };
    const { venueId } = access;
    const profile = await resolveProfile(db, venueId, req.body.perfil);
    if (!profile) throw new HttpError(400, STAFF_MSG.profileUnknown);
    if (!mayManage(access.roles, profile.roles)) throw new HttpError(403, STAFF_MSG.beyondYourRoles);
    const { nome, email } = req.body;
    if (email.endsWith(`@${DEVICE_EMAIL_DOMAIN}`)) throw new HttpError(400, STAFF_MSG.emailIsDevice);
    const wait = await hitRateLimit(db, `staff:invite:${venueId}`, INVITE_LIMIT_PER_HOUR, 3600);
    if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));

    // The e-mails go on the job queue in the same transaction as the change (staff.jobs.ts).
    const mail = (tx: Parameters<typeof enqueueJob>[0], kind: 'inviteMail', userId: string) =>
      enqueueJob(tx, STAFF_JOBS[kind], { userId, venueId, inviter: me.name, profileLabel: profile.label } satisfies StaffMailPayload);

    const [existing] = await db.select().from(users).where(eq(users.email, email));
    // Every branch below answers with STAFF_MSG.invited (201) the first time and inviteResent (200)
    // after: what the inviter sees never tells whether the address has an account (issue 37).
    if (existing) {
      const [member] = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.userId, existing.id), eq(memberships.venueId, venueId)));
      if (member) {
        // Invited before and never came: a new link replaces the old ones.
        if (existing.passwordHash !== NO_PASSWORD) throw new HttpError(409, STAFF_MSG.alreadyMember);
        // The job revokes the older links: only the newest invitation works.
        await db.transaction(async (tx) => {
          await mail(tx, 'inviteMail', existing.id);
          await audit(tx, venueId, actor, 'invite', `Reenviou o convite de ${nome} (${email})`);
        });
        return reply.status(200).send({ Message: STAFF_MSG.inviteResent });
      }
      const [device] = await db.select({ id: pairedDevices.id }).from(pairedDevices).where(eq(pairedDevices.userId, existing.id));
      if (device) throw new HttpError(400, STAFF_MSG.emailIsDevice);
      // An existing account joins only when that person accepts: a pending invitation, no membership.
      const expiresAt = new Date(Date.now() + INVITE_TTL_HOURS * 3600_000);
      const resent = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ id: venueInvitations.id })
          .from(venueInvitations)
          .where(and(eq(venueInvitations.venueId, venueId), eq(venueInvitations.userId, existing.id)));
        const [inv] = await tx
          .insert(venueInvitations)
          .values({ venueId, userId: existing.id, name: nome, profile: profile.key, invitedBy: me.id, invitedByName: me.name, expiresAt })
          .onConflictDoUpdate({
            target: [venueInvitations.venueId, venueInvitations.userId],
            set: { name: nome, profile: profile.key, invitedBy: me.id, invitedByName: me.name, expiresAt },
          })
          .returning({ id: venueInvitations.id });
        await audit(tx, venueId, actor, 'invite', before ? `Reenviou o convite de ${nome} (${email})` : `Convidou ${nome} (${email}) como ${profile.label}`);
        await enqueueJob(tx, STAFF_JOBS.consentMail, { invitationId: inv.id } satisfies ConsentMailPayload);
        return Boolean(before);
      });
      return resent ? reply.status(200).send({ Message: STAFF_MSG.inviteResent }) : reply.status(201).send({ Message: STAFF_MSG.invited });
    }

    await db.transaction(async (tx) => {
      const [u] = await tx.insert(users).values({ email, name: nome, passwordHash: NO_PASSWORD, legacyPortal: false }).returning({ id: users.id });
      await tx.insert(memberships).values({ userId: u.id, venueId, position: profile.label, roles: mergeRoles(profile.roles) });
      await tx.insert(memberProfiles).values({ userId: u.id, venueId, profile: profile.key });
      await audit(tx, venueId, actor, 'invite', `Convidou ${nome} (${email}) como ${profile.label}`);
      await mail(tx, 'inviteMail', u.id);
    });
    return reply.status(201).send({ Message: STAFF_MSG.invited });
  });

  /** A pending invitation of the place to an existing account, by its id (what the list shows as usuarioId). */
  async function invitationOf(venueId: string, id: string) {
    if (!isUuid(id)) return null;
    const [inv] = await db.select().from(venueInvitations).where(and(eq(venueInvitations.venueId, venueId), eq(venueInvitations.id, id)));
    return inv ?? null;
  }

  app.put('/api/Operador/Perfil', { schema: { body: changeProfileRequest, response: { 200: messageResponse, ...errors } } }, async (req) => {
    const access = await requireVenue(db, req, req.body.localId, MANAGER_ROLES);
    const me = requireUser(req);
    const invitation = await invitationOf(access.venueId, req.body.usuarioId);
    if (invitation) {
      // A pending invitation changes the profile it offers, like a pending person's.
      const [profile, before] = await Promise.all([resolveProfile(db, access.venueId, req.body.perfil), resolveProfile(db, access.venueId, invitation.profile)]);
      if (!profile) throw new HttpError(400, STAFF_MSG.profileUnknown);
      if (!mayManage(access.roles, before?.roles ?? []) || !mayManage(access.roles, profile.roles)) throw new HttpError(403, STAFF_MSG.beyondYourRoles);
      await db.transaction(async (tx) => {
        await tx.update(venueInvitations).set({ profile: profile.key }).where(eq(venueInvitations.id, invitation.id));
        await audit(tx, access.venueId, { id: me.id, name: me.name }, 'profileChange', `Mudou o perfil do convite de ${invitation.name} de ${before?.label ?? 'Personalizado'} para ${profile.label}`);
      });
      return { Message: STAFF_MSG.profileChanged };
    }
    const person = await personOf(access.venueId, req.body.usuarioId);
    if (person.userId === me.id) throw new HttpError(400, STAFF_MSG.notYourself);
    const profile = await resolveProfile(db, access.venueId, req.body.perfil);
    if (!profile) throw new HttpError(400, STAFF_MSG.profileUnknown);
    if (!mayManage(access.roles, parseRoles(person.roles)) || !mayManage(access.roles, profile.roles)) throw new HttpError(403, STAFF_MSG.beyondYourRoles);
    const before = person.profile ? ((await resolveProfile(db, access.venueId, person.profile))?.label ?? person.position) : person.position || 'Personalizado';
    await db.transaction(async (tx) => {
      await tx
        .update(memberships)
        .set({ position: profile.label, roles: mergeRoles(profile.roles) })
        .where(and(eq(memberships.userId, person.userId), eq(memberships.venueId, access.venueId)));
      await tx
        .insert(memberProfiles)
        .values({ userId: person.userId, venueId: access.venueId, profile: profile.key })
        .onConflictDoUpdate({ target: [memberProfiles.userId, memberProfiles.venueId], set: { profile: profile.key } });
      await audit(tx, access.venueId, { id: me.id, name: me.name }, 'profileChange', `Mudou o perfil de ${person.name} de ${before} para ${profile.label}`);
    });
    return { Message: STAFF_MSG.profileChanged };
  });

  app.delete(
    '/api/Operador/:usuarioId',
    { schema: { params: z.object({ usuarioId: z.string().max(64) }), querystring: localQuery, response: { 200: messageResponse, ...errors } } },
    async (req) => {
      const access = await requireVenue(db, req, req.query.localId, MANAGER_ROLES);
      const me = requireUser(req);
      const invitation = await invitationOf(access.venueId, req.params.usuarioId);
      if (invitation) {
        const offered = await resolveProfile(db, access.venueId, invitation.profile);
        if (!mayManage(access.roles, offered?.roles ?? [])) throw new HttpError(403, STAFF_MSG.beyondYourRoles);
        await db.transaction(async (tx) => {
          await tx.delete(venueInvitations).where(eq(venueInvitations.id, invitation.id));
          await audit(tx, access.venueId, { id: me.id, name: me.name }, 'inviteCancelled', `Cancelou o convite de ${invitation.name}`);
        });
        return { Message: STAFF_MSG.invitationCancelled };
      }
      const person = await personOf(access.venueId, req.params.usuarioId);
      if (person.userId === me.id) throw new HttpError(400, STAFF_MSG.notYourself);
      if (!mayManage(access.roles, parseRoles(person.roles))) throw new HttpError(403, STAFF_MSG.beyondYourRoles);
      await db.transaction(async (tx) => {
        await tx.delete(memberships).where(and(eq(memberships.userId, person.userId), eq(memberships.venueId, access.venueId)));
        await tx.delete(memberProfiles).where(and(eq(memberProfiles.userId, person.userId), eq(memberProfiles.venueId, access.venueId)));
        // A stream ticket for this place not used yet would open nothing (the stream checks the
        // membership), but it goes too.
        await tx
          .delete(streamTickets)
          .where(and(eq(streamTickets.venueId, access.venueId), inArray(streamTickets.sessionId, tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, person.userId)))));
        await audit(tx, access.venueId, { id: me.id, name: me.name }, 'removal', `Removeu ${person.name} (${person.email}) do estabelecimento`);
      });
      // Only this place ends (issue 37): every request reads the membership, so nothing of the place
      // answers them from now on, while their sessions for other places go on. A live stream was
      // checked when it opened: the person's open streams end now (in every process) and reconnect,
      // and a reconnection to this place is refused. Never the sessions themselves: a manager of one
      // place cannot sign anyone out of another.
      await fastify.sessionStreams.endStreams(and(eq(sessions.userId, person.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
      return { Message: STAFF_MSG.personRemoved };
    },
  );

  // Profiles: the built-in ones and those composed from the spec's role names.
  app.get('/api/Operador/Perfis', { schema: { querystring: localQuery, response: { 200: profileList, ...errors } } }, async (req) => {
    const { venueId } = await requireVenue(db, req, req.query.localId, MANAGER_ROLES);
    const [sets, use] = await Promise.all([db.select().from(roleSets).where(eq(roleSets.venueId, venueId)).orderBy(roleSets.name), profileUse(db, venueId)]);
    const perfis = [
      ...BUILT_IN_PROFILES.map((p) => ({ id: p.key, nome: p.label, papeis: [...p.roles], fixo: true, emUso: use.get(p.key) ?? 0, dispositivo: isDeviceProfile(p.roles) })),
      ...sets.map((s) => {
        const papeis = parseRoles(s.roles);
        return { id: s.id, nome: s.name, papeis, fixo: false, emUso: use.get(s.id) ?? 0, dispositivo: isDeviceProfile(papeis) };
      }),
    ];
    return { perfis, papeis: [...VENUE_ROLES] };
  });

  const nameTaken = async (venueId: string, name: string, except?: string) => {
    if (BUILT_IN_PROFILES.some((p) => p.label.toLowerCase() === name.toLowerCase() || p.key.toLowerCase() === name.toLowerCase())) return true;
    const rows = await db.select({ id: roleSets.id, name: roleSets.name }).from(roleSets).where(eq(roleSets.venueId, venueId));
    return rows.some((r) => r.id !== except && r.name.toLowerCase() === name.toLowerCase());
  };

  app.post('/api/Operador/Perfis', { schema: { body: roleSetRequest, response: { 201: roleSetResponse, ...errors } } }, async (req, reply) => {
    const access = await requireVenue(db, req, req.body.localId, MANAGER_ROLES);
    const me = requireUser(req);
    const papeis = [...new Set(req.body.papeis)];
    if (!mayManage(access.roles, papeis)) throw new HttpError(403, STAFF_MSG.beyondYourRoles);
    if (await nameTaken(access.venueId, req.body.nome)) throw new HttpError(409, STAFF_MSG.roleSetNameTaken);
    const id = await db.transaction(async (tx) => {
      const [s] = await tx.insert(roleSets).values({ venueId: access.venueId, name: req.body.nome, roles: mergeRoles(papeis) }).returning({ id: roleSets.id });
      await audit(tx, access.venueId, { id: me.id, name: me.name }, 'roleSetCreate', `Criou o perfil ${req.body.nome}: ${papeis.join(', ')}`);
      return s.id;
    });
    return reply.status(201).send({ id, Message: STAFF_MSG.roleSetSaved });
  });

  const roleSetOf = async (venueId: string, id: string) => {
    if (!isUuid(id)) throw new HttpError(BUILT_IN_PROFILES.some((p) => p.key === id) ? 400 : 404, BUILT_IN_PROFILES.some((p) => p.key === id) ? STAFF_MSG.builtInProfile : STAFF_MSG.roleSetNotFound);
    const [s] = await db.select().from(roleSets).where(and(eq(roleSets.venueId, venueId), eq(roleSets.id, id)));
    if (!s) throw new HttpError(404, STAFF_MSG.roleSetNotFound);
    return s;
  };

  app.put(
    '/api/Operador/Perfis/:id',
    { schema: { params: z.object({ id: z.string().max(64) }), body: roleSetRequest, response: { 200: roleSetResponse, ...errors } } },
    async (req) => {
      const access = await requireVenue(db, req, req.body.localId, MANAGER_ROLES);
      const me = requireUser(req);
      const set = await roleSetOf(access.venueId, req.params.id);
      const papeis = [...new Set(req.body.papeis)];
      if (!mayManage(access.roles, papeis) || !mayManage(access.roles, parseRoles(set.roles))) throw new HttpError(403, STAFF_MSG.beyondYourRoles);
      if (await nameTaken(access.venueId, req.body.nome, set.id)) throw new HttpError(409, STAFF_MSG.roleSetNameTaken);
      const holders = await membersWithProfile(db, access.venueId, set.id);
      const [deviceHolder] = holders.length
        ? (await membersOf(db, access.venueId)).filter((m) => m.deviceId && holders.includes(m.userId))
        : [];
      if (deviceHolder && !isDeviceProfile(papeis)) throw new HttpError(400, STAFF_MSG.deviceProfileNotDevice);
      await db.transaction(async (tx) => {
        await tx.update(roleSets).set({ name: req.body.nome, roles: mergeRoles(papeis) }).where(eq(roleSets.id, set.id));
        // Everyone holding the profile gets its new roles at once (every request reads them).
        for (const userId of holders) {
          await tx
            .update(memberships)
            .set({ position: req.body.nome, roles: mergeRoles(papeis) })
            .where(and(eq(memberships.userId, userId), eq(memberships.venueId, access.venueId)));
        }
        await audit(tx, access.venueId, { id: me.id, name: me.name }, 'roleSetUpdate', `Alterou o perfil ${set.name}${set.name !== req.body.nome ? ` (agora ${req.body.nome})` : ''}: ${papeis.join(', ')}`);
      });
      return { id: set.id, Message: STAFF_MSG.roleSetSaved };
    },
  );

  app.delete(
    '/api/Operador/Perfis/:id',
    { schema: { params: z.object({ id: z.string().max(64) }), querystring: localQuery, response: { 200: messageResponse, ...errors } } },
    async (req) => {
      const access = await requireVenue(db, req, req.query.localId, MANAGER_ROLES);
      const me = requireUser(req);
      const set = await roleSetOf(access.venueId, req.params.id);
      if (!mayManage(access.roles, parseRoles(set.roles))) throw new HttpError(403, STAFF_MSG.beyondYourRoles);
      const inUse = (await membersOf(db, access.venueId)).filter((m) => profileKeyOf(m) === set.id).length;
      if (inUse) throw new HttpError(409, STAFF_MSG.roleSetInUse(inUse));
      await db.transaction(async (tx) => {
        await tx.delete(roleSets).where(eq(roleSets.id, set.id));
        await audit(tx, access.venueId, { id: me.id, name: me.name }, 'roleSetDelete', `Excluiu o perfil ${set.name}`);
      });
      return { Message: STAFF_MSG.roleSetDeleted };
    },
  );
}
