/**
 * "Minha conta" (issue 24, item 4): name, e-mail (password confirmed), password (the registration
 * rule; other sessions end), second factor, sessions with "Encerrar". Sign-up, sign-in and the
 * session calls themselves are in tests/server/account.test.ts and registration.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG as A, ACCOUNT_PASSWORD_TRIES } from '../../../src/shared/account';
import { myAccount } from '../../../src/shared/contract/account';
import { MSG } from '../../../src/shared/messages';
import { DEMO, useTestApp } from '../../setup/server';
import { expect429, expectError } from '../helpers';

const t = useTestApp();
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/Account/MinhaConta', headers: t.auth(token) });
const post = (token: string, path: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/Account/MinhaConta/${path}`, headers: t.auth(token), payload });
const NEW = 'Nova#Chave9';

describe('GET api/Account/MinhaConta', () => {
  it('answers name, e-mail, second factor and the open sessions, this one first', async () => {
    const older = await t.login(DEMO.gerente);
    const token = await t.login(DEMO.gerente);
    const body = myAccount.parse((await me(token)).json());
    expect(body).toMatchObject({ nome: 'Gustavo Gerente', email: DEMO.gerente, segundoFator: false });
    expect(body.sessoes).toHaveLength(2);
    expect(body.sessoes[0].atual).toBe(true);
    expect(body.sessoes[1].atual).toBe(false);
    expect(myAccount.parse((await me(older)).json()).sessoes[0].id).toBe(body.sessoes[1].id);
    expectError(await t.app.inject({ method: 'GET', url: '/api/Account/MinhaConta' }), 401, MSG.unauthorized);
  });
});

describe('name and e-mail', () => {
  it('changes the name; refuses a blank one or one with symbols', async () => {
    const token = await t.login(DEMO.gerente);
    expect((await post(token, 'Nome', { nome: '  Gustavo Gomes ' })).json()).toEqual({ Message: A.nameSaved });
    expect(myAccount.parse((await me(token)).json()).nome).toBe('Gustavo Gomes');
    expectError(await post(token, 'Nome', { nome: ' ' }), 400, A.nameRequired, true);
    expectError(await post(token, 'Nome', { nome: 'Gu$tavo' }), 400, MSG.registerNameSpecial, true);
  });

  it('changes the e-mail only with the current password, tells the old address, and signs in with the new one', async () => {
    const token = await t.login(DEMO.gerente);
    expectError(await post(token, 'Email', { email: 'novo@balcao.dev', senhaAtual: 'errada' }), 400, A.currentPasswordWrong, true);
    expectError(await post(token, 'Email', { email: 'novo@balcao.dev' }), 400, A.currentPasswordRequired, true);
    expectError(await post(token, 'Email', { email: 'não é e-mail', senhaAtual: DEMO.password }), 400, MSG.invalidEmail, true);
    expectError(await post(token, 'Email', { email: DEMO.cozinha, senhaAtual: DEMO.password }), 409, A.emailTaken, true);
    expectError(await post(token, 'Email', { email: DEMO.gerente.toUpperCase(), senhaAtual: DEMO.password }), 400, A.emailSame);
    expect((await post(token, 'Email', { email: ' Novo@Balcao.dev ', senhaAtual: DEMO.password })).json()).toEqual({ Message: A.emailSaved });
    expect(myAccount.parse((await me(token)).json()).email).toBe('novo@balcao.dev');
    // Sent by the job queue after the answer.
    await t.app.jobs.drain();
    expect(t.mails.map((m) => m.to)).toEqual([DEMO.gerente]);
    expect(t.mails[0].subject).toBe('O e-mail da sua conta no Balcão foi alterado');
    expect(t.mails[0].text).toContain('novo@balcao.dev');
    await expect(t.login(DEMO.gerente)).rejects.toThrow();
    expect(await t.login('novo@balcao.dev')).toBeTruthy();
  });
});

describe('POST api/Account/MinhaConta/Senha', () => {
  it('needs the current password and the registration rule; then other sessions end and this one goes on', async () => {
    const other = await t.login(DEMO.gerente);
    const token = await t.login(DEMO.gerente);
    expectError(await post(token, 'Senha', { senhaAtual: 'Errada#2026', senha: NEW, confirmarSenha: NEW }), 400, A.currentPasswordWrong, true);
    expectError(await post(token, 'Senha', { senhaAtual: DEMO.password, senha: 'fraca', confirmarSenha: 'fraca' }), 400, MSG.registerPasswordRule, true);
    expectError(await post(token, 'Senha', { senhaAtual: DEMO.password, senha: 'Balcao#2026x', confirmarSenha: 'Balcao#2026x' }), 400, MSG.registerPasswordRule, true);
    expectError(await post(token, 'Senha', { senhaAtual: DEMO.password, senha: NEW, confirmarSenha: 'Outra#Chave9' }), 400, MSG.passwordsDiffer, true);
    expectError(await post(token, 'Senha', { senhaAtual: DEMO.password, senha: DEMO.password, confirmarSenha: DEMO.password }), 400, A.passwordSame, true);
    expect((await me(other)).statusCode).toBe(200);

    expect((await post(token, 'Senha', { senhaAtual: DEMO.password, senha: NEW, confirmarSenha: NEW })).json()).toEqual({ Message: A.passwordSaved });
    expectError(await me(other), 401, MSG.unauthorized);
    expect((await me(token)).statusCode).toBe(200);
    await expect(t.login(DEMO.gerente)).rejects.toThrow();
    expect(await t.login(DEMO.gerente, NEW)).toBeTruthy();
  });

  it(`locks after ${ACCOUNT_PASSWORD_TRIES} wrong current passwords, even with the right one`, async () => {
    const token = await t.login(DEMO.gerente);
    for (let i = 0; i < ACCOUNT_PASSWORD_TRIES; i++) {
      expectError(await post(token, 'Senha', { senhaAtual: `Errada#${i}aA`, senha: NEW, confirmarSenha: NEW }), 400, A.currentPasswordWrong);
    }
    expect429(await post(token, 'Senha', { senhaAtual: DEMO.password, senha: NEW, confirmarSenha: NEW }), 900, MSG.tooManyAttempts);
    // Another account is not affected.
    const other = await t.login(DEMO.suporte);
    expect((await post(other, 'SegundoFator', { ativo: true, senhaAtual: DEMO.password })).statusCode).toBe(200);
  });
});

describe('second factor and sessions', () => {
  it('turns the e-mailed code on and off with the current password', async () => {
    const token = await t.login(DEMO.gerente);
    expectError(await post(token, 'SegundoFator', { ativo: true, senhaAtual: 'x' }), 400, A.currentPasswordWrong);
    const bad = await post(token, 'SegundoFator', { ativo: 'sim', senhaAtual: DEMO.password });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['body.ativo']);
    expect((await post(token, 'SegundoFator', { ativo: true, senhaAtual: DEMO.password })).json()).toEqual({ Message: A.mfaOn });
    expect(myAccount.parse((await me(token)).json()).segundoFator).toBe(true);
    const login = await t.app.inject({ method: 'POST', url: '/api/mfa/login', payload: { username: DEMO.gerente, password: DEMO.password } });
    expect(login.json().access_token).toBeUndefined();
    expect(t.mails.at(-1)!.to).toBe(DEMO.gerente);
    expect((await post(token, 'SegundoFator', { ativo: false, senhaAtual: DEMO.password })).json()).toEqual({ Message: A.mfaOff });
    expect(await t.login(DEMO.gerente)).toBeTruthy();
  });

  it('"Encerrar" ends one other session at once; not this one, nor another person\'s', async () => {
    const other = await t.login(DEMO.gerente);
    const token = await t.login(DEMO.gerente);
    const [current, second] = myAccount.parse((await me(token)).json()).sessoes;
    const del = (tok: string, id: string) => t.app.inject({ method: 'DELETE', url: `/api/Account/MinhaConta/Sessoes/${id}`, headers: t.auth(tok) });
    expectError(await del(token, current.id), 409, A.sessionIsCurrent);
    const stranger = await t.login(DEMO.admin);
    expectError(await del(stranger, second.id), 404, A.sessionNotFound);
    expectError(await del(token, 'nao-e-id'), 404, A.sessionNotFound);
    expect((await me(other)).statusCode).toBe(200);
    expect((await del(token, second.id)).json()).toEqual({ Message: A.sessionEnded });
    expectError(await me(other), 401, MSG.unauthorized);
    expect(myAccount.parse((await me(token)).json()).sessoes.map((s) => s.id)).toEqual([current.id]);
  });

  it('"Encerrar as outras" ends every other session of the account only', async () => {
    const a = await t.login(DEMO.gerente);
    const b = await t.login(DEMO.gerente);
    const token = await t.login(DEMO.gerente);
    const admin = await t.login(DEMO.admin);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/Account/MinhaConta/Sessoes', headers: t.auth(token) });
    expect(res.json()).toEqual({ Message: A.othersEnded(2) });
    for (const tok of [a, b]) expect((await me(tok)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(admin)).statusCode).toBe(200);
  });

  it('is open to a device account too (it acts on that account only)', async () => {
    const token = await t.login(DEMO.cozinha);
    expect(myAccount.parse((await me(token)).json()).nome).toBe('Tablet da Cozinha');
    expect((await post(token, 'Nome', { nome: 'Tablet do Balcão' })).statusCode).toBe(200);
  });
});
