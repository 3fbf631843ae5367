/**
 * "Minha conta" (issue 24, item 4): the signed-in person's own name, e-mail, password, second
 * factor and open sessions. Every call acts on the session's own user only (no venue involved), so
 * it is open to every account, devices included (permissions: "/api/account/*"). Changing the
 * e-mail, the password or the second factor asks for the current password; wrong ones are
 * rate-limited per account. A new password ends every other session and every reset link.
 */
import { and, asc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_MSG, ACCOUNT_PASSWORD_TRIES, EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_RESEND_SECONDS, EMAIL_CODE_RESENDS_PER_HOUR } from '../../../shared/account';
import {
  accountMessage,
  changeEmailRequest,
  changeNameRequest,
  changePasswordRequest,
  confirmEmailRequest,
  mfaToggleRequest,
  myAccount,
  sessionIdParams,
} from '../../../shared/contract/account';
import { errorBody } from '../../../shared/contract/common';
import { LOGIN_LIMIT_WINDOW_SECONDS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { Db } from '../../db/client';
import { emailConfirmations, sessions, users } from '../../db/schema/auth';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { clearRateLimit, hitRateLimit, rateLimitWait } from '../../lib/rate-limit';
import { requireUser } from '../../plugins/auth';
import { enqueueJob } from '../../lib/jobs';
import { AUTH_JOBS, emailCodeHash } from '../auth/auth.jobs';
import { revokeResetLinks } from '../auth/auth.repository';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function accountRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  const openSessions = (userId: string) => and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()));

  /** Checks the current password; wrong ones count per account (a stolen session cannot guess it). */
  async function confirmPassword(userId: string, password: string) {
    const key = `account:password:${userId}`;
    const waiting = await rateLimitWait(db, key, ACCOUNT_PASSWORD_TRIES);
    if (waiting > 0) throw tooManyRequests(waiting, MSG.tooManyAttempts(waiting));
    const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (u && (await verifyPassword(password, u.hash))) {
      await clearRateLimit(db, key);
      return;
    }
    const wait = await hitRateLimit(db, key, ACCOUNT_PASSWORD_TRIES, LOGIN_LIMIT_WINDOW_SECONDS);
    if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
    throw new HttpError(400, ACCOUNT_MSG.currentPasswordWrong, { errors: [{ path: 'senhaAtual', message: ACCOUNT_MSG.currentPasswordWrong }] });
  }

  app.get('/api/Account/MinhaConta', { schema: { response: { 200: myAccount, ...errors } } }, async (req) => {
    const me = requireUser(req);
    const [u] = await db
      .select({ nome: users.name, email: users.email, segundoFator: users.mfaEnabled, emailConfirmado: users.emailConfirmed })
      .from(users)
      .where(eq(users.id, me.id));
    if (!u) throw new HttpError(401, MSG.unauthorized);
    const rows = await db
      .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(openSessions(me.id))
      .orderBy(asc(sessions.createdAt));
    const sessoes = rows
      .map((s) => ({ id: s.id, criadaEm: s.createdAt.toISOString(), expiraEm: s.expiresAt.toISOString(), atual: s.id === me.sessionId }))
      // This device first, then the newest.
      .sort((a, b) => Number(b.atual) - Number(a.atual) || b.criadaEm.localeCompare(a.criadaEm));
    return { ...u, sessoes };
  });

  // E-mail confirmation (issue 37): the code e-mailed at sign-up, and asking for a new one.
  app.post('/api/Account/MinhaConta/ConfirmarEmail', { schema: { body: confirmEmailRequest, response: { 200: accountMessage, ...errors } } }, async (req) => {
    const me = requireUser(req);
    const [u] = await db.select({ confirmed: users.emailConfirmed }).from(users).where(eq(users.id, me.id));
    if (!u) throw new HttpError(401, MSG.unauthorized);
    if (u.confirmed) return { Message: ACCOUNT_MSG.emailAlreadyConfirmed };
    const wrong = () => new HttpError(400, ACCOUNT_MSG.emailCodeWrong, { errors: [{ path: 'codigo', message: ACCOUNT_MSG.emailCodeWrong }] });
    // One try counted per call, before comparing: EMAIL_CODE_MAX_ATTEMPTS wrong ones spend the code.
    const [c] = await db
      .update(emailConfirmations)
      .set({ attempts: sql`${emailConfirmations.attempts} + 1` })
      .where(and(eq(emailConfirmations.userId, me.id), gt(emailConfirmations.expiresAt, new Date()), lt(emailConfirmations.attempts, EMAIL_CODE_MAX_ATTEMPTS)))
      .returning({ codeHash: emailConfirmations.codeHash });
    if (!c || c.codeHash !== emailCodeHash(me.id, req.body.codigo)) throw wrong();
    await db.transaction(async (tx) => {
      await tx.update(users).set({ emailConfirmed: true }).where(eq(users.id, me.id));
      await tx.delete(emailConfirmations).where(eq(emailConfirmations.userId, me.id));
    });
    return { Message: ACCOUNT_MSG.emailConfirmed };
  });

  app.post('/api/Account/MinhaConta/ConfirmarEmail/Reenviar', { schema: { response: { 200: accountMessage, ...errors } } }, async (req) => {
    const me = requireUser(req);
    const [u] = await db.select({ confirmed: users.emailConfirmed }).from(users).where(eq(users.id, me.id));
    if (!u) throw new HttpError(401, MSG.unauthorized);
    if (u.confirmed) return { Message: ACCOUNT_MSG.emailAlreadyConfirmed };
    for (const [key, limit] of [
      [`email-code:minute:${me.id}`, 1],
      [`email-code:hour:${me.id}`, EMAIL_CODE_RESENDS_PER_HOUR],
    ] as const) {
      const wait = await rateLimitWait(db, key, limit);
      if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
    }
    await hitRateLimit(db, `email-code:minute:${me.id}`, 1, EMAIL_CODE_RESEND_SECONDS);
    await hitRateLimit(db, `email-code:hour:${me.id}`, EMAIL_CODE_RESENDS_PER_HOUR, 3600);
    await enqueueJob(db, AUTH_JOBS.confirmEmailMail, { userId: me.id });
    return { Message: ACCOUNT_MSG.emailCodeSent };
  });

  app.post('/api/Account/MinhaConta/Nome', { schema: { body: changeNameRequest, response: { 200: accountMessage, ...errors } } }, async (req) => {
    const me = requireUser(req);
    await db.update(users).set({ name: req.body.nome }).where(eq(users.id, me.id));
    return { Message: ACCOUNT_MSG.nameSaved };
  });

  app.post('/api/Account/MinhaConta/Email', { schema: { body: changeEmailRequest, response: { 200: accountMessage, ...errors } } }, async (req) => {
    const me = requireUser(req);
    const email = req.body.email;
    if (email === me.email.toLowerCase()) throw new HttpError(400, ACCOUNT_MSG.emailSame, { errors: [{ path: 'email', message: ACCOUNT_MSG.emailSame }] });
    await confirmPassword(me.id, req.body.senhaAtual);
    const [taken] = await db.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, me.id)));
    if (taken) throw new HttpError(409, ACCOUNT_MSG.emailTaken, { errors: [{ path: 'email', message: ACCOUNT_MSG.emailTaken }] });
    try {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ email }).where(eq(users.id, me.id));
        // The old address hears of it (through the job queue, with the change): if it was not the
        // owner, they know whom to call.
        await enqueueJob(tx, AUTH_JOBS.emailChangedMail, { userId: me.id, previousEmail: me.email });
      });
    } catch (err) {
      // Another request took the address between the check and the update.
      if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') throw new HttpError(409, ACCOUNT_MSG.emailTaken);
      throw err;
    }
    return { Message: ACCOUNT_MSG.emailSaved };
  });

  app.post('/api/Account/MinhaConta/Senha', { schema: { body: changePasswordRequest, response: { 200: accountMessage, ...errors } } }, async (req) => {
    const me = requireUser(req);
    await confirmPassword(me.id, req.body.senhaAtual);
    await db.update(users).set({ passwordHash: await hashPassword(req.body.senha) }).where(eq(users.id, me.id));
    await revokeResetLinks(db, me.id);
    // Every other session (and its event streams, in every process) ends; this one goes on.
    await fastify.sessionStreams.revoke(and(openSessions(me.id), ne(sessions.id, me.sessionId)));
    return { Message: ACCOUNT_MSG.passwordSaved };
  });

  app.post('/api/Account/MinhaConta/SegundoFator', { schema: { body: mfaToggleRequest, response: { 200: accountMessage, ...errors } } }, async (req) => {
    const me = requireUser(req);
    await confirmPassword(me.id, req.body.senhaAtual);
    await db.update(users).set({ mfaEnabled: req.body.ativo }).where(eq(users.id, me.id));
    return { Message: req.body.ativo ? ACCOUNT_MSG.mfaOn : ACCOUNT_MSG.mfaOff };
  });

  app.delete('/api/Account/MinhaConta/Sessoes/:id', { schema: { params: sessionIdParams, response: { 200: accountMessage, ...errors } } }, async (req) => {
    const me = requireUser(req);
    const id = req.params.id;
    if (id === me.sessionId) throw new HttpError(409, ACCOUNT_MSG.sessionIsCurrent);
    // Another person's session answers like a missing one: nothing to learn from the id.
    const ended = UUID_RE.test(id) ? await fastify.sessionStreams.revoke(and(openSessions(me.id), eq(sessions.id, id))) : 0;
    if (!ended) throw new HttpError(404, ACCOUNT_MSG.sessionNotFound);
    return { Message: ACCOUNT_MSG.sessionEnded };
  });

  app.delete('/api/Account/MinhaConta/Sessoes', { schema: { response: { 200: accountMessage, ...errors } } }, async (req) => {
    const me = requireUser(req);
    const n = await fastify.sessionStreams.revoke(and(openSessions(me.id), ne(sessions.id, me.sessionId)));
    return { Message: ACCOUNT_MSG.othersEnded(n) };
  });
}
