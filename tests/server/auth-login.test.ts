/** POST api/mfa/login: first sign-in step, its rate limits, and the API's error shapes. */
import { describe, expect, it, vi } from 'vitest';
import { LOGIN_LIMIT_PER_ADDRESS, LOGIN_LIMIT_PER_USER, LOGIN_LIMIT_WINDOW_SECONDS, SESSION_TTL_HOURS } from '../../src/shared/constants';
import { loginSuccess, mfaRequired } from '../../src/shared/contract/auth';
import { MSG } from '../../src/shared/messages';
import { DEMO, useTestApp } from '../setup/server';
import { codeOf, expect429, expectError, rows, sqlFor } from './helpers';


/** Requests from another client address (TRUST_PROXY is off in tests: headers name no address). */
function from(headers: Record<string, string>) {
  const { 'x-forwarded-for': remoteAddress, ...rest } = headers;
  return { headers: rest, ...(remoteAddress ? { remoteAddress } : {}) };
}

const t = useTestApp();

function login(username: string, password: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/mfa/login', payload: { username, password }, ...from(headers) });
}

describe('POST api/mfa/login', () => {
  it('gives a user without second factor a session with places and roles', async () => {
    const res = await login(DEMO.gerente, DEMO.password);
    expect(res.statusCode).toBe(200);
    const body = loginSuccess.parse(res.json());
    expect(body.access_token.length).toBeGreaterThanOrEqual(40);
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBe(SESSION_TTL_HOURS * 3600);
    expect(body.usuarioMeep).toMatchObject({ nome: 'Gustavo Gerente', email: DEMO.gerente });
    expect(body.locais).toEqual([
      { id: t.seed.venues.restaurant, nome: 'Restaurante Sabor da Casa', tipo: 9, origemPropostaCliente: 2 },
    ]);
    expect(body.roles).toBe('');
    expect(body.isAdmin).toBe(false);
    expect(body.configuracaoUsuarioMeep).toEqual({ desktopApp: false, portalLegado: true });
    expect(t.mails).toHaveLength(0);

    // The token works at once.
    const info = await t.app.inject({ method: 'GET', url: '/api/account/userinfo', headers: t.auth(body.access_token) });
    expect(info.statusCode).toBe(200);
    expect(info.json().usuarioMeep.email).toBe(DEMO.gerente);
  });

  it('lists every place of the admin, in membership order, and the global roles', async () => {
    const res = await login(DEMO.admin, DEMO.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.locais.map((l: { id: string }) => l.id)).toEqual([
      t.seed.venues.restaurant,
      t.seed.venues.school,
      t.seed.venues.donations,
    ]);
    expect(body.isAdmin).toBe(true);
    expect(body.roles.split(';')).toEqual(expect.arrayContaining(['Admin', 'SuporteMeep', 'AdminPortal']));
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const res = await login('  GERENTE@Balcao.DEV ', DEMO.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().usuarioMeep.email).toBe(DEMO.gerente);
  });

  it('stores only a hash of the session token', async () => {
    const token = (await login(DEMO.gerente, DEMO.password)).json().access_token as string;
    const stored = await rows<{ token_hash: string }>(t, 'select token_hash from sessions');
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toBe(token);
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 400 "E-mail ou senha inválidos." for a wrong password', async () => {
    expectError(await login(DEMO.gerente, 'Errada#2026'), 400, MSG.badCredentials);
    const sessions = await rows(t, 'select id from sessions');
    expect(sessions).toHaveLength(0);
  });

  it('answers the same message for an unknown user', async () => {
    const unknown = await login('ninguem@balcao.dev', DEMO.password);
    const wrong = await login(DEMO.gerente, 'Errada#2026');
    expectError(unknown, 400, MSG.badCredentials);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('does not accept the password in another case', async () => {
    expectError(await login(DEMO.gerente, DEMO.password.toUpperCase()), 400, MSG.badCredentials);
  });

  it('asks an MFA user for the code and e-mails exactly one 6-character code', async () => {
    const res = await login(DEMO.mfa, DEMO.password);
    expect(res.statusCode).toBe(200);
    expect(mfaRequired.parse(res.json())).toEqual({ RequiredMFA: true, username: DEMO.mfa });
    expect(res.json().access_token).toBeUndefined();
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0].to).toBe(DEMO.mfa);
    const code = codeOf(t.mails[0]);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(t.mails[0].text).toContain('Marcos Gerente');
    // No session yet, and only a hash of the code is stored.
    expect(await rows(t, 'select id from sessions')).toHaveLength(0);
    const [challenge] = await rows<{ code_hash: string; attempts: number }>(t, 'select code_hash, attempts from mfa_challenges');
    expect(challenge.code_hash).not.toContain(code);
    expect(challenge.attempts).toBe(0);
  });

  it('sends no code when the password of an MFA user is wrong', async () => {
    expectError(await login(DEMO.mfa, 'Errada#2026'), 400, MSG.badCredentials);
    expect(t.mails).toHaveLength(0);
  });

  it('answers 400 with the spec messages and `errors` for empty fields', async () => {
    const both = expectError(await login('', ''), 400, MSG.loginEmailEmpty, true);
    expect(both.errors).toEqual([
      { path: 'body.username', message: MSG.loginEmailEmpty },
      { path: 'body.password', message: MSG.loginPasswordEmpty },
    ]);
    const noPassword = expectError(await login(DEMO.gerente, ''), 400, MSG.loginPasswordEmpty, true);
    expect(noPassword.errors).toEqual([{ path: 'body.password', message: MSG.loginPasswordEmpty }]);
    // Only spaces count as empty.
    expectError(await login('   ', DEMO.password), 400, MSG.loginEmailEmpty, true);
  });

  it('answers 400 with a Portuguese message for a missing body or a wrong type', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/mfa/login' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Message).toMatch(/inválid|vazio/i);
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/mfa/login', payload: { username: 1, password: true } });
    expect(wrongType.statusCode).toBe(400);
    const body = wrongType.json();
    // Zod's own wording is replaced by one that names the field.
    expect(body.Message).toBe('O campo "username" deve ser um texto.');
    expect(body.errors.map((e: { path: string }) => e.path)).toEqual(['body.username', 'body.password']);
  });

  it('answers 400 "JSON inválido" for a malformed body and 415 for another media type', async () => {
    const raw = (payload: string, contentType: string) => t.app.inject({ method: 'POST', url: '/api/mfa/login', payload, headers: { 'content-type': contentType } });
    const bad = await raw('{"username": ', 'application/json');
    expectError(bad, 400, 'JSON inválido no corpo da requisição.');
    const xml = await raw('<login/>', 'application/xml');
    expectError(xml, 415, 'Tipo de conteúdo não suportado. Envie JSON.');
  });
});

describe('sign-in rate limits', () => {
  it(`answers 429 for a user after ${LOGIN_LIMIT_PER_USER} failures, even with the right password`, async () => {
    for (let i = 0; i < LOGIN_LIMIT_PER_USER; i++) {
      expectError(await login(DEMO.gerente, `Errada#${i}`), 400, MSG.badCredentials);
    }
    const blocked = await login(DEMO.gerente, 'Errada#x');
    expect429(blocked, LOGIN_LIMIT_WINDOW_SECONDS, MSG.tooManyAttempts);
    const right = await login(DEMO.gerente, DEMO.password);
    expect429(right, LOGIN_LIMIT_WINDOW_SECONDS, MSG.tooManyAttempts);
    expect(right.json().access_token).toBeUndefined();
    // The same user in another case is the same key.
    expect429(await login('Gerente@Balcao.dev', DEMO.password), LOGIN_LIMIT_WINDOW_SECONDS, MSG.tooManyAttempts);

    // Another user from the same address is not blocked.
    expect((await login(DEMO.cozinha, DEMO.password)).statusCode).toBe(200);
    // The owner signing in from another address is not locked out by someone else's failures.
    expect((await login(DEMO.gerente, DEMO.password, { 'x-forwarded-for': '198.51.100.77' })).statusCode).toBe(200);
  });

  it('counts unknown users too', async () => {
    for (let i = 0; i < LOGIN_LIMIT_PER_USER; i++) {
      expectError(await login('fantasma@balcao.dev', 'Qualquer#1'), 400, MSG.badCredentials);
    }
    expect429(await login('fantasma@balcao.dev', 'Qualquer#1'), LOGIN_LIMIT_WINDOW_SECONDS, MSG.tooManyAttempts);
  });

  it('lets the user in again once the window has passed', async () => {
    for (let i = 0; i < LOGIN_LIMIT_PER_USER; i++) await login(DEMO.gerente, 'Errada#1');
    expect((await login(DEMO.gerente, DEMO.password)).statusCode).toBe(429);
    await t.db.exec(`update rate_limits set reset_at = now() - interval '1 second'`);
    expect((await login(DEMO.gerente, DEMO.password)).statusCode).toBe(200);
  });

  it('resets the per-user counter after a successful sign-in', async () => {
    for (let i = 0; i < LOGIN_LIMIT_PER_USER - 1; i++) {
      expectError(await login(DEMO.gerente, 'Errada#1'), 400, MSG.badCredentials);
    }
    expect((await login(DEMO.gerente, DEMO.password)).statusCode).toBe(200);
    // A full new allowance of failures is available again.
    for (let i = 0; i < LOGIN_LIMIT_PER_USER; i++) {
      expectError(await login(DEMO.gerente, 'Errada#1'), 400, MSG.badCredentials);
    }
    expect429(await login(DEMO.gerente, 'Errada#1'), LOGIN_LIMIT_WINDOW_SECONDS, MSG.tooManyAttempts);
  });

  it(`answers 429 for a client address after ${LOGIN_LIMIT_PER_ADDRESS} failures, whatever the user`, async () => {
    const addr = { 'x-forwarded-for': '203.0.113.7' };
    // Failures already counted for this address (spread over many users, none at its own limit).
    await t.db.exec(
      `insert into rate_limits (key, count, reset_at) values ('login:addr:203.0.113.7', ${LOGIN_LIMIT_PER_ADDRESS - 1}, now() + interval '10 minutes')`,
    );
    expectError(await login('alguem@balcao.dev', 'Errada#1', addr), 400, MSG.badCredentials);
    expect429(await login(DEMO.cozinha, DEMO.password, addr), LOGIN_LIMIT_WINDOW_SECONDS, MSG.tooManyAttempts);
    // Another address is not affected.
    expect((await login(DEMO.cozinha, DEMO.password, { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(200);
  });

  it('counts the failures of one address across users', async () => {
    const addr = { 'x-forwarded-for': '203.0.113.8' };
    await login('a@balcao.dev', 'Errada#1', addr);
    await login('b@balcao.dev', 'Errada#1', addr);
    await login(DEMO.gerente, 'Errada#1', addr);
    const [row] = await rows<{ count: number }>(t, `select count from rate_limits where key = 'login:addr:203.0.113.8'`);
    expect(row.count).toBe(3);
  });

  it(`limits how many codes one MFA user can have e-mailed by signing in again`, async () => {
    for (let i = 0; i < 10; i++) {
      const res = await login(DEMO.mfa, DEMO.password);
      expect(res.json()).toEqual({ RequiredMFA: true, username: DEMO.mfa });
    }
    expect(t.mails).toHaveLength(10);
    expect429(await login(DEMO.mfa, DEMO.password), LOGIN_LIMIT_WINDOW_SECONDS, MSG.tooManyAttempts);
    expect(t.mails).toHaveLength(10);
  });
});

describe('server errors carry no internals', () => {
  it('answers 500 with the generic pt-BR message when the database fails', async () => {
    const spy = vi.spyOn(t.db.db, 'select').mockImplementation(() => {
      throw new Error('relation "users" column password_hash at 10.0.0.1:5432');
    });
    try {
      const res = await login(DEMO.gerente, DEMO.password);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ Message: MSG.genericError });
      expect(res.body).not.toMatch(/password_hash|10\.0\.0\.1|relation|stack|at /);
    } finally {
      spy.mockRestore();
    }
    expect((await login(DEMO.gerente, DEMO.password)).statusCode).toBe(200);
  });

  it('keeps a failing session lookup to the generic message as well', async () => {
    const token = await t.login(DEMO.gerente);
    const spy = vi.spyOn(t.db.db, 'select').mockImplementation(() => {
      throw Object.assign(new Error('SSL SYSCALL error: EOF detected'), { code: 'XX000' });
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/account/userinfo', headers: t.auth(token) });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ Message: MSG.genericError });
    } finally {
      spy.mockRestore();
    }
  });

  it('treats a corrupt stored hash like a wrong password', async () => {
    await sqlFor(t, DEMO.gerente, `update users set password_hash = 'x' where email = :email`);
    expectError(await login(DEMO.gerente, DEMO.password), 400, MSG.badCredentials);
  });
});
