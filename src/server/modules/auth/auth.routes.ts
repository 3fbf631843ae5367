/** Sign-in, second factor, session, registration and password recovery (spec 000 §7 "Session"). */
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGIN_LIMIT_PER_ADDRESS,
  LOGIN_LIMIT_PER_USER,
  LOGIN_LIMIT_WINDOW_SECONDS,
  MFA_CODE_LENGTH,
  MFA_CODE_TTL_SECONDS,
  MFA_MAX_ATTEMPTS,
  MFA_RESEND_SECONDS,
  SHARE_TOKEN_TTL_SECONDS,
} from '../../../shared/constants';
import {
  loginRequest,
  loginResponse,
  loginSuccess,
  mfaSendCodeRequest,
  mfaSendCodeResponse,
  mfaValidateRequest,
  placeRolesResponse,
  recoveryRequest,
  recoveryResponse,
  registerRequest,
  resetPasswordRequest,
  rolesByPositionResponse,
  shareTokenCreateResponse,
  userInfo,
  validateTokenResponse,
} from '../../../shared/contract/auth';
import { errorBody, messageAnswer } from '../../../shared/contract/common';
import { maskEmail } from '../../../shared/format';
import { MSG } from '../../../shared/messages';
import { parseRoles } from '../../../shared/roles';
import type { Db } from '../../db/client';
import { memberships, mfaChallenges, sessions, users } from '../../db/schema/auth';
import { DUMMY_HASH, hashPassword, newCode, sha256, verifyPassword } from '../../lib/crypto';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { enqueueJob } from '../../lib/jobs';
import { letter, type Mailer } from '../../lib/mailer';
import { clearRateLimit, hitRateLimit, rateLimitWait } from '../../lib/rate-limit';
import { requireUser, requireVenue } from '../../plugins/auth';
import {
  consumeOneTimeToken,
  createOneTimeToken,
  createSession,
  findUserByEmail,
  findUserByEmailOrCpf,
  revokeResetLinks,
  userInfoFor,
  type UserRow,
} from './auth.repository';
import { AUTH_JOBS, defineAuthMailJobs } from './auth.jobs';

export interface AuthRoutesOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

const publicRoute = { public: true } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/** A sign-in in progress may resend its code for this long after the password was checked. */
const CHALLENGE_WINDOW_MS = 15 * 60_000;

export async function authRoutes(fastify: FastifyInstance, opts: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, mailer } = opts;
  defineAuthMailJobs(fastify.jobs, { mailer, publicUrl: opts.publicUrl });

  /** Counts a failure against a key; throws 429 once over the limit. */
  async function limitFailures(keys: Array<[string, number]>, onlyPeek = false) {
    for (const [key, limit] of keys) {
      const wait = onlyPeek
        ? await rateLimitWait(db, key, limit)
        : await hitRateLimit(db, key, limit, LOGIN_LIMIT_WINDOW_SECONDS);
      if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
    }
  }
  /**
   * Failures count per account + address pair, never per account alone: an attacker elsewhere
   * cannot lock a person out of their own account; the per-address limit bounds how many accounts
   * one address can try (addresses come from TRUST_PROXY-approved proxies only).
   */
  const loginKeys = (req: FastifyRequest, username: string): Array<[string, number]> => [
    [`login:pair:${username.trim().toLowerCase()}|${req.ip}`, LOGIN_LIMIT_PER_USER],
    [`login:addr:${req.ip}`, LOGIN_LIMIT_PER_ADDRESS],
  ];

  async function sendCode(user: UserRow, passwordVerifiedAt: Date) {
    const code = newCode(MFA_CODE_LENGTH);
    const now = new Date();
    const values = {
      codeHash: sha256(`${user.id}:${code}`),
      sentAt: now,
      expiresAt: new Date(now.getTime() + MFA_CODE_TTL_SECONDS * 1000),
      attempts: 0,
      passwordVerifiedAt,
    };
    await db
      .insert(mfaChallenges)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: mfaChallenges.userId, set: values });
    await mailer.send({
      to: user.email,
      subject: `Seu código de acesso: ${code}`,
      text: letter(
        user.name,
        `Seu código de acesso ao Balcão é: ${code}`,
        '',
        `Ele vale por ${MFA_CODE_TTL_SECONDS / 60} minutos. Enviamos um código a cada acesso à sua conta.`,
        'Se não foi você quem tentou entrar, troque sua senha.',
      ),
    });
  }

  app.post(
    '/api/mfa/login',
    { config: publicRoute, schema: { body: loginRequest, response: { 200: loginResponse, ...errors } } },
    async (req) => {
      const { username, password } = req.body;
      const keys = loginKeys(req, username);
      await limitFailures(keys, true);
      const user = await findUserByEmail(db, username);
      const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !ok) {
        await limitFailures(keys);
        throw new HttpError(400, MSG.badCredentials);
      }
      await clearRateLimit(db, keys[0][0]);
      if (user.mfaEnabled) {
        const wait = await hitRateLimit(db, `mfa:send:${user.id}`, 10, LOGIN_LIMIT_WINDOW_SECONDS);
        if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
        await sendCode(user, new Date());
        return { RequiredMFA: true as const, username: user.email };
      }
      return createSession(db, user);
    },
  );

  app.post(
    '/api/mfa/validate',
    { config: publicRoute, schema: { body: mfaValidateRequest, response: { 200: loginSuccess, ...errors } } },
    async (req) => {
      const addrKey: [string, number] = [`mfa:addr:${req.ip}`, LOGIN_LIMIT_PER_ADDRESS];
      await limitFailures([addrKey], true);
      const user = await findUserByEmail(db, req.body.username);
      const [challenge] = user ? await db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, user.id)) : [];
      if (!user || !challenge) {
        await limitFailures([addrKey]);
        throw new HttpError(400, MSG.invalidCode);
      }
      if (challenge.attempts >= MFA_MAX_ATTEMPTS) throw new HttpError(400, MSG.codeBurned);
      if (challenge.expiresAt.getTime() <= Date.now()) throw new HttpError(400, MSG.codeExpired);
      if (challenge.codeHash !== sha256(`${user.id}:${req.body.code}`)) {
        const [after] = await db
          .update(mfaChallenges)
          .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
          .where(eq(mfaChallenges.userId, user.id))
          .returning({ attempts: mfaChallenges.attempts });
        await limitFailures([addrKey]);
        throw new HttpError(400, after.attempts >= MFA_MAX_ATTEMPTS ? MSG.codeBurned : MSG.invalidCode);
      }
      // Delete first: of two concurrent right answers only one opens a session.
      const deleted = await db
        .delete(mfaChallenges)
        .where(and(eq(mfaChallenges.userId, user.id), eq(mfaChallenges.codeHash, challenge.codeHash)))
        .returning({ userId: mfaChallenges.userId });
      if (!deleted.length) throw new HttpError(400, MSG.invalidCode);
      return createSession(db, user);
    },
  );

  app.post(
    '/api/mfa/sendcodetoemail',
    { config: publicRoute, schema: { body: mfaSendCodeRequest, response: { 200: mfaSendCodeResponse, ...errors } } },
    async (req) => {
      const user = await findUserByEmail(db, req.body.username);
      const [challenge] = user ? await db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, user.id)) : [];
      if (!user || !challenge || challenge.passwordVerifiedAt.getTime() < Date.now() - CHALLENGE_WINDOW_MS) {
        throw new HttpError(400, MSG.codeNoChallenge);
      }
      const wait = Math.ceil((challenge.sentAt.getTime() + MFA_RESEND_SECONDS * 1000 - Date.now()) / 1000);
      if (wait > 0) throw tooManyRequests(wait, MSG.codeResendWait(wait));
      await sendCode(user, challenge.passwordVerifiedAt);
      return { Message: MSG.codeSent, resendInSeconds: MFA_RESEND_SECONDS };
    },
  );

  app.get('/api/account/userinfo', { schema: { response: { 200: userInfo, ...errors } } }, async (req) => {
    const [u] = await db.select().from(users).where(eq(users.id, requireUser(req).id));
    return userInfoFor(db, u);
  });

  app.post('/api/Account/validate', { schema: { response: { 200: validateTokenResponse, ...errors } } }, async (req) => {
    return { valid: true as const, expiresAt: requireUser(req).sessionExpiresAt.toISOString() };
  });

  app.post('/api/Account/Logout', { schema: { response: { 204: z.null(), ...errors } } }, async (req, reply) => {
    // Ends the session and, in every process, the event streams it opened.
    await fastify.sessionStreams.revoke(eq(sessions.id, requireUser(req).sessionId));
    return reply.status(204).send(null);
  });

  // The roles of a place (spec 000 §7: "GET roles for a place by localId, 200 gives items with Name").
  app.get(
    '/api/Acesso/PapeisDoLocal/:localId',
    { schema: { params: z.object({ localId: z.string() }), response: { 200: placeRolesResponse, ...errors } } },
    async (req) => {
      await requireVenue(db, req, req.params.localId);
      const [m] = await db
        .select({ roles: memberships.roles })
        .from(memberships)
        .where(and(eq(memberships.userId, requireUser(req).id), eq(memberships.venueId, req.params.localId)));
      return { items: parseRoles(m.roles).map((Name) => ({ Name })) };
    },
  );

  // The positions (cargos) of a place and the roles each grants.
  app.get(
    '/api/Acesso/BuscarPapeisPorCargo',
    { schema: { querystring: z.object({ ownerId: z.string() }), response: { 200: rolesByPositionResponse, ...errors } } },
    async (req) => {
      // An empty ownerId names no place: the session's current one answers (requireVenue).
      const { venueId } = await requireVenue(db, req, req.query.ownerId);
      const rows = await db
        .selectDistinct({ position: memberships.position, roles: memberships.roles })
        .from(memberships)
        .where(eq(memberships.venueId, venueId));
      const byPosition = new Map<string, Set<string>>();
      for (const r of rows) {
        const set = byPosition.get(r.position || 'Sem cargo') ?? new Set<string>();
        parseRoles(r.roles).forEach((x) => set.add(x));
        byPosition.set(r.position || 'Sem cargo', set);
      }
      return [...byPosition].map(([Cargo, set]) => ({ Cargo, Papeis: [...set].sort().map((Name) => ({ Name })) }));
    },
  );

  app.post(
    '/api/sharetoken',
    {
      schema: {
        // A POST without a body arrives as null.
        body: z.object({ localId: z.string().optional() }).nullish(),
        response: { 201: shareTokenCreateResponse, ...errors },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      if (req.body?.localId) await requireVenue(db, req, req.body.localId);
      const { token, expiresAt } = await createOneTimeToken(db, 'share', user.id, SHARE_TOKEN_TTL_SECONDS, req.body?.localId);
      return reply.status(201).send({ token, expiresAt: expiresAt.toISOString() });
    },
  );

  app.get(
    '/api/sharetoken/:token',
    { config: publicRoute, schema: { params: z.object({ token: z.string().max(200) }), response: { 200: loginSuccess, ...errors } } },
    async (req) => {
      const user = await consumeOneTimeToken(db, 'share', req.params.token);
      if (!user) throw new HttpError(404, MSG.shareTokenInvalid);
      return createSession(db, user);
    },
  );

  app.post(
    '/api/Account/Register',
    { config: publicRoute, schema: { body: registerRequest, response: { 201: messageAnswer, ...errors } } },
    async (req, reply) => {
      const wait = await hitRateLimit(db, `register:addr:${req.ip}`, 20, 3600);
      if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
      const { cpf, nome, email, senha } = req.body;
      const passwordHash = await hashPassword(senha);
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(users)
          .values({ cpf, name: nome, email, passwordHash, legacyPortal: false, emailConfirmed: false })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (inserted.length) {
          // The address is proved by a code e-mailed now (issue 37); until then no place, no invitation.
          await enqueueJob(tx, AUTH_JOBS.confirmEmailMail, { userId: inserted[0].id });
          return;
        }
        // Taken e-mail or CPF: the same answer as a new sign-up (no account discovery); the
        // owners hear of it by e-mail instead.
        const owners = await tx.select({ id: users.id }).from(users).where(or(eq(users.email, email), eq(users.cpf, cpf)));
        await enqueueJob(tx, AUTH_JOBS.signupAttemptMail, { userIds: owners.map((o) => o.id) });
      });
      return reply.status(201).send({ Message: MSG.registerSuccess });
    },
  );

  app.post(
    '/api/Account/SolicitarRecuperacaoSenha',
    { config: publicRoute, schema: { body: recoveryRequest, response: { 200: recoveryResponse, ...errors } } },
    async (req) => {
      // The same answer whether or not the account exists (no account discovery): an e-mail comes
      // back masked as typed; a CPF gets an empty e-mail and the screen says "se houver um cadastro".
      const wait = await hitRateLimit(db, `recovery:addr:${req.ip}`, 10, LOGIN_LIMIT_WINDOW_SECONDS);
      if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
      const typed = req.body.cpfOuEmail.trim().toLowerCase();
      const asEmail = typed.includes('@');
      const identifier = asEmail ? typed : typed.replace(/\D/g, '') || typed;
      const perAccount = await hitRateLimit(db, `recovery:id:${identifier}`, 5, LOGIN_LIMIT_WINDOW_SECONDS);
      if (perAccount > 0) throw tooManyRequests(perAccount, MSG.tooManyAttempts(perAccount));
      const answer = { email: asEmail ? maskEmail(typed) : '' };
      // A known and an unknown account do the same work here (one lookup, one job) and answer
      // before the link is made or sent: the time tells nothing (auth.jobs.ts makes the link).
      const user = await findUserByEmailOrCpf(db, req.body.cpfOuEmail);
      await enqueueJob(db, AUTH_JOBS.recoveryMail, { userId: user?.id ?? null });
      return answer;
    },
  );

  app.post(
    '/api/Account/RedefinirSenha',
    { config: publicRoute, schema: { body: resetPasswordRequest, response: { 200: messageAnswer, ...errors } } },
    async (req) => {
      const user = await consumeOneTimeToken(db, 'reset', req.body.token);
      if (!user) throw new HttpError(400, MSG.resetInvalidLink);
      await db.update(users).set({ passwordHash: await hashPassword(req.body.senha) }).where(eq(users.id, user.id));
      // A new password kills every other reset link of the account and ends every open session
      // (and its event streams, in every process).
      await revokeResetLinks(db, user.id);
      await fastify.sessionStreams.revoke(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
      return { Message: MSG.resetSuccess };
    },
  );
}
