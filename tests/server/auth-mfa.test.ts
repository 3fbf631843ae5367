/** Second factor: POST api/mfa/validate and POST api/mfa/sendcodetoemail. */
import { describe, expect, it } from 'vitest';
import {
  LOGIN_LIMIT_PER_ADDRESS,
  LOGIN_LIMIT_WINDOW_SECONDS,
  MFA_MAX_ATTEMPTS,
  MFA_RESEND_SECONDS,
} from '../../src/shared/constants';
import { loginSuccess, mfaSendCodeResponse } from '../../src/shared/contract/auth';
import { MSG } from '../../src/shared/messages';
import { DEMO, useTestApp } from '../setup/server';
import { codeOf, expect429, expectError, rows, sqlFor } from './helpers';


/** Requests from another client address (TRUST_PROXY is off in tests: headers name no address). */
function from(headers: Record<string, string>) {
  const { 'x-forwarded-for': remoteAddress, ...rest } = headers;
  return { headers: rest, ...(remoteAddress ? { remoteAddress } : {}) };
}

const t = useTestApp();

/** First step for the MFA user; returns the code e-mailed. */
async function startMfa(): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/mfa/login', payload: { username: DEMO.mfa, password: DEMO.password } });
  expect(res.json()).toEqual({ RequiredMFA: true, username: DEMO.mfa });
  return codeOf(t.mails.at(-1)!);
}

function validate(code: string, username: string = DEMO.mfa, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/mfa/validate', payload: { code, username }, ...from(headers) });
}

function resend(username: string = DEMO.mfa) {
  return t.app.inject({ method: 'POST', url: '/api/mfa/sendcodetoemail', payload: { username } });
}

/** A well-formed code that differs from `code`. */
function otherThan(code: string): string {
  return code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
}

const moveSentAtBack = (seconds: number) =>
  sqlFor(t, DEMO.mfa, `update mfa_challenges set sent_at = now() - interval '${seconds} seconds' where user_id = (select id from users where email = :email)`);

describe('POST api/mfa/validate', () => {
  it('opens a session for the right code', async () => {
    const code = await startMfa();
    const res = await validate(code);
    expect(res.statusCode).toBe(200);
    const body = loginSuccess.parse(res.json());
    expect(body.usuarioMeep.email).toBe(DEMO.mfa);
    expect(body.locais.map((l) => l.id)).toEqual([t.seed.venues.restaurant]);
    const info = await t.app.inject({ method: 'GET', url: '/api/account/userinfo', headers: t.auth(body.access_token) });
    expect(info.statusCode).toBe(200);
    expect(info.json().usuarioMeep.nome).toBe('Marcos Gerente');
    // The challenge is gone.
    expect(await rows(t, 'select user_id from mfa_challenges')).toHaveLength(0);
  });

  it('uppercases and trims the code, and accepts the username in any case', async () => {
    const code = await startMfa();
    const res = await validate(`  ${code.toLowerCase()} `, 'MFA@Balcao.dev');
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toEqual(expect.any(String));
  });

  it('accepts a code typed in mixed case', async () => {
    const code = await startMfa();
    const mixed = [...code].map((c, i) => (i % 2 ? c.toLowerCase() : c)).join('');
    expect((await validate(mixed)).statusCode).toBe(200);
  });

  it('answers 400 "Código inválido" for a wrong code and counts the attempt', async () => {
    const code = await startMfa();
    expectError(await validate(otherThan(code)), 400, MSG.invalidCode);
    const [row] = await rows<{ attempts: number }>(t, 'select attempts from mfa_challenges');
    expect(row.attempts).toBe(1);
    // The right code still works afterwards.
    expect((await validate(code)).statusCode).toBe(200);
  });

  it('answers 400 "Código inválido" with `errors` for a malformed code, without counting it', async () => {
    await startMfa();
    for (const bad of ['', 'ABC', 'ABCDEFG', 'AB CDE', 'ABC-12', 'ÁBCDEF']) {
      const body = expectError(await validate(bad), 400, MSG.invalidCode, true);
      expect(body.errors[0].path).toBe('body.code');
    }
    const [row] = await rows<{ attempts: number }>(t, 'select attempts from mfa_challenges');
    expect(row.attempts).toBe(0);
  });

  it('answers 400 for an empty username', async () => {
    const body = expectError(await validate('ABCDEF', ''), 400, MSG.loginEmailEmpty, true);
    expect(body.errors).toEqual([{ path: 'body.username', message: MSG.loginEmailEmpty }]);
  });

  it(`burns the code after ${MFA_MAX_ATTEMPTS} wrong tries: the right code then fails`, async () => {
    const code = await startMfa();
    for (let i = 1; i < MFA_MAX_ATTEMPTS; i++) expectError(await validate(otherThan(code)), 400, MSG.invalidCode);
    expectError(await validate(otherThan(code)), 400, MSG.codeBurned);
    expectError(await validate(code), 400, MSG.codeBurned);
    expect(await rows(t, 'select id from sessions')).toHaveLength(0);
  });

  it('fails for an expired code, even the right one', async () => {
    const code = await startMfa();
    await t.db.exec(`update mfa_challenges set expires_at = now() - interval '1 second'`);
    expectError(await validate(code), 400, MSG.codeExpired);
    expect(await rows(t, 'select id from sessions')).toHaveLength(0);
  });

  it('accepts a code a moment before it expires', async () => {
    const code = await startMfa();
    await t.db.exec(`update mfa_challenges set expires_at = now() + interval '5 seconds'`);
    expect((await validate(code)).statusCode).toBe(200);
  });

  it('is single-use', async () => {
    const code = await startMfa();
    expect((await validate(code)).statusCode).toBe(200);
    expectError(await validate(code), 400, MSG.invalidCode);
    expect(await rows(t, 'select id from sessions')).toHaveLength(1);
  });

  it('answers "Código inválido" for a user without a pending code and for an unknown user', async () => {
    expectError(await validate('ABCDEF', DEMO.gerente), 400, MSG.invalidCode);
    expectError(await validate('ABCDEF', 'ninguem@balcao.dev'), 400, MSG.invalidCode);
  });

  it("does not accept one user's code for another user", async () => {
    const code = await startMfa();
    await sqlFor(t, DEMO.gerente, `update users set mfa_enabled = true where email = :email`);
    const other = await t.app.inject({ method: 'POST', url: '/api/mfa/login', payload: { username: DEMO.gerente, password: DEMO.password } });
    expect(other.json().RequiredMFA).toBe(true);
    const gerenteCode = codeOf(t.mails.at(-1)!);
    expect(gerenteCode).not.toBe(code); // 1 in 32^6 that this ever fails
    expectError(await validate(code, DEMO.gerente), 400, MSG.invalidCode);
    expect((await validate(gerenteCode, DEMO.gerente)).json().usuarioMeep.email).toBe(DEMO.gerente);
    expect((await validate(code)).json().usuarioMeep.email).toBe(DEMO.mfa);
  });

  it(`answers 429 after ${LOGIN_LIMIT_PER_ADDRESS} failed validations from one address`, async () => {
    const addr = { 'x-forwarded-for': '203.0.113.20' };
    for (let i = 0; i < LOGIN_LIMIT_PER_ADDRESS; i++) {
      expectError(await validate('ABCDEF', `ninguem${i}@balcao.dev`, addr), 400, MSG.invalidCode);
    }
    const code = await startMfa();
    expect429(await validate(code, DEMO.mfa, addr), LOGIN_LIMIT_WINDOW_SECONDS, MSG.tooManyAttempts);
    // Another address can still finish the sign-in.
    expect((await validate(code, DEMO.mfa, { 'x-forwarded-for': '198.51.100.20' })).statusCode).toBe(200);
  });
});

describe('POST api/mfa/sendcodetoemail', () => {
  it(`answers 429 with the wait message before ${MFA_RESEND_SECONDS} s`, async () => {
    await startMfa();
    const res = await resend();
    expect429(res, MFA_RESEND_SECONDS, MSG.codeResendWait);
    expect(t.mails).toHaveLength(1);
  });

  it('tells the remaining wait in seconds', async () => {
    await startMfa();
    await moveSentAtBack(45);
    const wait = expect429(await resend(), MFA_RESEND_SECONDS, MSG.codeResendWait);
    expect(wait).toBeLessThanOrEqual(MFA_RESEND_SECONDS - 44);
  });

  it('e-mails a new code after the wait; the old one no longer works', async () => {
    const first = await startMfa();
    await moveSentAtBack(MFA_RESEND_SECONDS + 1);
    const res = await resend();
    expect(res.statusCode).toBe(200);
    expect(mfaSendCodeResponse.parse(res.json())).toEqual({ Message: MSG.codeSent, resendInSeconds: MFA_RESEND_SECONDS });
    expect(t.mails).toHaveLength(2);
    expect(t.mails[1].to).toBe(DEMO.mfa);
    const second = codeOf(t.mails[1]);
    expect(second).not.toBe(first); // 1 in 32^6 that this ever fails
    expectError(await validate(first), 400, MSG.invalidCode);
    expect((await validate(second)).statusCode).toBe(200);
  });

  it('restarts the wait after a resend', async () => {
    await startMfa();
    await moveSentAtBack(MFA_RESEND_SECONDS + 1);
    expect((await resend()).statusCode).toBe(200);
    expect429(await resend(), MFA_RESEND_SECONDS, MSG.codeResendWait);
  });

  it('gives a burned code a fresh allowance with the new code', async () => {
    const first = await startMfa();
    for (let i = 0; i < MFA_MAX_ATTEMPTS; i++) await validate(otherThan(first));
    expectError(await validate(first), 400, MSG.codeBurned);
    await moveSentAtBack(MFA_RESEND_SECONDS + 1);
    expect((await resend()).statusCode).toBe(200);
    const second = codeOf(t.mails.at(-1)!);
    expect((await validate(second)).statusCode).toBe(200);
  });

  it('answers 400 when there is no sign-in in progress', async () => {
    expectError(await resend(), 400, MSG.codeNoChallenge);
    expectError(await resend(DEMO.gerente), 400, MSG.codeNoChallenge);
    expectError(await resend('ninguem@balcao.dev'), 400, MSG.codeNoChallenge);
    expect(t.mails).toHaveLength(0);
  });

  it('answers 400 once the code was used', async () => {
    const code = await startMfa();
    expect((await validate(code)).statusCode).toBe(200);
    expectError(await resend(), 400, MSG.codeNoChallenge);
  });

  it('answers 400 when the password was checked too long ago', async () => {
    await startMfa();
    await sqlFor(
      t,
      DEMO.mfa,
      `update mfa_challenges set sent_at = now() - interval '16 minutes', password_verified_at = now() - interval '16 minutes'`,
    );
    expectError(await resend(), 400, MSG.codeNoChallenge);
    expect(t.mails).toHaveLength(1);
  });

  it('answers 400 with `errors` for an empty username', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/mfa/sendcodetoemail', payload: { username: ' ' } });
    const body = expectError(res, 400, MSG.loginEmailEmpty, true);
    expect(body.errors[0].path).toBe('body.username');
  });
});
