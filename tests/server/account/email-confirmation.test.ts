/**
 * Sign-up confirms the e-mail (issue 37): a 6-digit code e-mailed at sign-up; until it comes back
 * the account cannot create a place nor accept invitations; codes expire and spend themselves after
 * five wrong tries; resends are limited (one per minute, five per hour).
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, EMAIL_CODE_MAX_ATTEMPTS } from '../../../src/shared/account';
import { MSG } from '../../../src/shared/messages';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError } from '../helpers';
import { emailCodeFor, newAccount, placeBody } from '../staff/helpers';

const t = useTestApp();
const EMAIL = 'nova@exemplo.com';
const confirm = (token: string, codigo: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/Account/MinhaConta/ConfirmarEmail', headers: t.auth(token), payload: { codigo } });
const resend = (token: string) => t.app.inject({ method: 'POST', url: '/api/Account/MinhaConta/ConfirmarEmail/Reenviar', headers: t.auth(token) });
const me = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/Account/MinhaConta', headers: t.auth(token) })).json();
const createPlace = (token: string) => t.app.inject({ method: 'POST', url: '/api/Local/Cadastrar', headers: t.auth(token), payload: placeBody() });

describe('e-mail confirmation', () => {
  it('a new account is unconfirmed, cannot create a place, confirms with the e-mailed code, then can', async () => {
    const token = await newAccount(t, EMAIL, '52998224725', false);
    expect((await me(token)).emailConfirmado).toBe(false);
    expectError(await createPlace(token), 403, ACCOUNT_MSG.emailNotConfirmed);
    const code = await emailCodeFor(t, EMAIL);
    const ok = await confirm(token, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect([ok.statusCode, ok.json()]).toEqual([200, { Message: ACCOUNT_MSG.emailConfirmed }]);
    expect((await me(token)).emailConfirmado).toBe(true);
    expect((await createPlace(token)).statusCode).toBe(201);
    // Again: nothing to do.
    expect((await confirm(token, code)).json()).toEqual({ Message: ACCOUNT_MSG.emailAlreadyConfirmed });
  });

  it('demo accounts count as confirmed (the migration default)', async () => {
    expect((await me(await t.login(DEMO.gerente))).emailConfirmado).toBe(true);
  });

  it('answers 400 with the pt-BR message for a malformed code, a wrong one, an expired one; five wrong tries spend the code', async () => {
    const token = await newAccount(t, EMAIL, '52998224725', false);
    const code = await emailCodeFor(t, EMAIL);
    expectError(await confirm(token, 'abc'), 400, ACCOUNT_MSG.emailCodeFormat, true);
    expectError(await confirm(token, 12), 400, ACCOUNT_MSG.emailCodeFormat, true);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < EMAIL_CODE_MAX_ATTEMPTS; i++) expectError(await confirm(token, wrong), 400, ACCOUNT_MSG.emailCodeWrong, true);
    // The right code no longer works: the tries are spent.
    expectError(await confirm(token, code), 400, ACCOUNT_MSG.emailCodeWrong, true);

    // A new code, expired: refused.
    await t.db.exec(`delete from rate_limits where key like 'email-code:%'`);
    expect((await resend(token)).statusCode).toBe(200);
    const fresh = await emailCodeFor(t, EMAIL);
    await t.db.exec(`update email_confirmations set expires_at = now() - interval '1 second'`);
    expectError(await confirm(token, fresh), 400, ACCOUNT_MSG.emailCodeWrong, true);
    expect((await me(token)).emailConfirmado).toBe(false);
  });

  it('resends: one per minute and five per hour (429 with the wait), and only the newest code works', async () => {
    const token = await newAccount(t, EMAIL, '52998224725', false);
    const first = await emailCodeFor(t, EMAIL);
    const r1 = await resend(token);
    expect([r1.statusCode, r1.json()]).toEqual([200, { Message: ACCOUNT_MSG.emailCodeSent }]);
    const r2 = await resend(token);
    expect(r2.statusCode).toBe(429);
    expect(r2.json().Message).toMatch(/Muitas tentativas|tente novamente/i);
    const second = await emailCodeFor(t, EMAIL);
    for (let i = 0; i < 3; i++) {
      await t.db.exec(`delete from rate_limits where key like 'email-code:minute:%'`);
      expect((await resend(token)).statusCode).toBe(200);
    }
    await t.db.exec(`delete from rate_limits where key like 'email-code:minute:%'`);
    expect((await resend(token)).statusCode).toBe(200);
    await t.db.exec(`delete from rate_limits where key like 'email-code:minute:%'`);
    // Sixth in the hour.
    expect((await resend(token)).statusCode).toBe(429);
    const newest = await emailCodeFor(t, EMAIL);
    if (first !== newest) expectError(await confirm(token, first), 400, ACCOUNT_MSG.emailCodeWrong, true);
    if (second !== newest) expectError(await confirm(token, second), 400, ACCOUNT_MSG.emailCodeWrong, true);
    expect((await confirm(token, newest)).statusCode).toBe(200);
  });

  it('needs a session: 401 without a token', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/Account/MinhaConta/ConfirmarEmail', payload: { codigo: '123456' } }), 401, MSG.unauthorized);
    expectError(await t.app.inject({ method: 'POST', url: '/api/Account/MinhaConta/ConfirmarEmail/Reenviar' }), 401, MSG.unauthorized);
  });
});
