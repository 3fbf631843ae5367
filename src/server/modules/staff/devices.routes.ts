/**
 * Devices paired by code (issue 24). "Adicionar dispositivo" creates the device's own account (no
 * password, member of this place only, with the chosen profile's roles) and an 8-character code,
 * stored hashed, valid 10 minutes, once. `Parear` trades the code for a session that lasts until
 * `DELETE api/Dispositivo/{id}` ends it (and its live streams) in every process.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSuccess } from '../../../shared/contract/auth';
import { errorBody } from '../../../shared/contract/common';
import { createDeviceRequest, createDeviceResponse, pairRequest } from '../../../shared/contract/devices';
import { messageResponse } from '../../../shared/contract/staff';
import { LOGIN_LIMIT_WINDOW_SECONDS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { MANAGER_ROLES } from '../../../shared/permissions';
import { mergeRoles, parseRoles } from '../../../shared/roles';
import {
  DEVICE_CODE_LENGTH,
  DEVICE_CODE_TTL_MINUTES,
  DEVICE_CREATE_LIMIT_PER_HOUR,
  DEVICE_PAIR_LIMIT_PER_ADDRESS,
  DEVICE_SESSION_TTL_HOURS,
  isDeviceProfile,
  STAFF_MSG,
} from '../../../shared/staff';
import type { Db } from '../../db/client';
import { memberships, sessions, users } from '../../db/schema/auth';
import { memberProfiles, pairedDevices } from '../../db/schema/staff';
import { newCode, newToken, sha256 } from '../../lib/crypto';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { hitRateLimit, rateLimitWait } from '../../lib/rate-limit';
import { requireUser, requireVenue, requireVenueOf } from '../../plugins/auth';
import { userInfoFor } from '../auth/auth.repository';
import { audit, deviceEmail, isUuid, mayManage, NO_PASSWORD, resolveProfile } from './staff.repository';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const codeHashOf = (code: string) => sha256(`device-code:${code}`);

export async function deviceRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.post('/api/Dispositivo', { schema: { body: createDeviceRequest, response: { 201: createDeviceResponse, ...errors } } }, async (req, reply) => {
    const access = await requireVenue(db, req, req.body.localId, MANAGER_ROLES);
    const me = requireUser(req);
    const profile = await resolveProfile(db, access.venueId, req.body.perfil);
    if (!profile) throw new HttpError(400, STAFF_MSG.profileUnknown);
    if (!isDeviceProfile(profile.roles)) throw new HttpError(400, STAFF_MSG.deviceProfileNotDevice);
    if (!mayManage(access.roles, profile.roles)) throw new HttpError(403, STAFF_MSG.beyondYourRoles);
    const wait = await hitRateLimit(db, `device:create:${access.venueId}`, DEVICE_CREATE_LIMIT_PER_HOUR, 3600);
    if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
    const code = newCode(DEVICE_CODE_LENGTH);
    const expiresAt = new Date(Date.now() + DEVICE_CODE_TTL_MINUTES * 60_000);
    const deviceId = randomUUID();
    await db.transaction(async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({ email: deviceEmail(deviceId), name: req.body.nome, passwordHash: NO_PASSWORD, legacyPortal: true })
        .returning({ id: users.id });
      await tx.insert(memberships).values({ userId: u.id, venueId: access.venueId, position: profile.label, roles: mergeRoles(profile.roles) });
      await tx.insert(memberProfiles).values({ userId: u.id, venueId: access.venueId, profile: profile.key });
      await tx.insert(pairedDevices).values({
        id: deviceId,
        venueId: access.venueId,
        userId: u.id,
        name: req.body.nome,
        profile: profile.key,
        codeHash: codeHashOf(code),
        codeExpiresAt: expiresAt,
        createdBy: me.id,
      });
      await audit(tx, access.venueId, { id: me.id, name: me.name }, 'deviceCreate', `Criou o dispositivo ${req.body.nome} (${profile.label}) e gerou o código de pareamento`);
    });
    return reply.status(201).send({ id: deviceId, codigo: code, expiraEm: expiresAt.toISOString() });
  });

  app.post(
    '/api/Dispositivo/Parear',
    { config: { public: true }, schema: { body: pairRequest, response: { 200: loginSuccess, ...errors } } },
    async (req) => {
      // Wrong codes count per address; a right one is never refused for someone else's mistakes.
      const key = `device:pair:${req.ip}`;
      const waiting = await rateLimitWait(db, key, DEVICE_PAIR_LIMIT_PER_ADDRESS);
      if (waiting > 0) throw tooManyRequests(waiting, MSG.tooManyAttempts(waiting));
      const now = new Date();
      // Clearing the code in the same statement makes it single-use even when two devices race.
      const [device] = await db
        .update(pairedDevices)
        .set({ codeHash: null, codeExpiresAt: null, pairedAt: now })
        .where(
          and(
            eq(pairedDevices.codeHash, codeHashOf(req.body.codigo)),
            isNotNull(pairedDevices.codeExpiresAt),
            gt(pairedDevices.codeExpiresAt, now),
            isNull(pairedDevices.revokedAt),
          ),
        )
        .returning();
      if (!device) {
        const wait = await hitRateLimit(db, key, DEVICE_PAIR_LIMIT_PER_ADDRESS, LOGIN_LIMIT_WINDOW_SECONDS);
        if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
        throw new HttpError(400, STAFF_MSG.deviceCodeInvalid);
      }
      const [u] = await db.select().from(users).where(eq(users.id, device.userId));
      const token = newToken();
      await db.insert(sessions).values({ tokenHash: sha256(token), userId: u.id, expiresAt: new Date(Date.now() + DEVICE_SESSION_TTL_HOURS * 3600_000) });
      const profile = await resolveProfile(db, device.venueId, device.profile);
      await audit(db, device.venueId, { id: null, name: device.name }, 'pairing', `${device.name} foi pareado com o código (perfil ${profile?.label ?? device.profile})`);
      return { access_token: token, token_type: 'bearer' as const, expires_in: DEVICE_SESSION_TTL_HOURS * 3600, ...(await userInfoFor(db, u)) };
    },
  );

  app.delete(
    '/api/Dispositivo/:id',
    { schema: { params: z.object({ id: z.string().max(64) }), response: { 200: messageResponse, ...errors } } },
    async (req) => {
      const me = requireUser(req);
      if (!isUuid(req.params.id)) throw new HttpError(404, STAFF_MSG.deviceNotFound);
      const [device] = await db.select().from(pairedDevices).where(eq(pairedDevices.id, req.params.id));
      // Another place's device answers like a device that exists nowhere: 404 (issue 37).
      const access = await requireVenueOf(db, req, device?.venueId, MANAGER_ROLES, STAFF_MSG.deviceNotFound);
      if (!device) throw new HttpError(404, STAFF_MSG.deviceNotFound);
      const [m] = await db
        .select({ roles: memberships.roles })
        .from(memberships)
        .where(and(eq(memberships.userId, device.userId), eq(memberships.venueId, device.venueId)));
      if (m && !mayManage(access.roles, parseRoles(m.roles))) throw new HttpError(403, STAFF_MSG.beyondYourRoles);
      if (!device.revokedAt) {
        await db.transaction(async (tx) => {
          await tx.update(pairedDevices).set({ revokedAt: new Date(), codeHash: null, codeExpiresAt: null }).where(eq(pairedDevices.id, device.id));
          await tx.delete(memberships).where(eq(memberships.userId, device.userId));
          await tx.delete(memberProfiles).where(eq(memberProfiles.userId, device.userId));
          await audit(tx, device.venueId, { id: me.id, name: me.name }, 'revocation', `Revogou o dispositivo ${device.name}`);
        });
      }
      // Every session of the device ends now, with its live streams, in every process.
      await fastify.sessionStreams.revoke(and(eq(sessions.userId, device.userId), isNull(sessions.revokedAt)));
      return { Message: STAFF_MSG.deviceRevoked };
    },
  );
}
