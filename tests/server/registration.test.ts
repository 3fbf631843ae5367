/** api/Account/Register, api/Account/SolicitarRecuperacaoSenha and api/Account/RedefinirSenha. */
import { describe, expect, it } from 'vitest';
import { LOGIN_LIMIT_WINDOW_SECONDS, NAME_MAX } from '../../src/shared/constants';
import { MSG } from '../../src/shared/messages';
import { DEMO, useTestApp } from '../setup/server';
import { expect429, expectError, resetTokenOf, rows, sqlFor } from './helpers';


/** Requests from another client address (TRUST_PROXY is off in tests: headers name no address). */
function from(headers: Record<string, string>) {
  const { 'x-forwarded-for': remoteAddress, ...rest } = headers;
  return { headers: rest, ...(remoteAddress ? { remoteAddress } : {}) };
}

const t = useTestApp();

/** Spec 000 §9, copied verbatim (the "@@" included). */
const SPEC_PASSWORD_MESSAGE =
  'Senha deve conter no mínimo 8 caracteres, letras minúsculas e maiúsculas, números e pelo menos um dos seguintes caracteres especiais @@, !, #, $, %, ?, &.';

const VALID_CPF = '529.982.247-25';
const OTHER_CPF = '111.444.777-35';

const person = (over: Record<string, unknown> = {}) => ({
  cpf: VALID_CPF,
  nome: 'José da Silva',
  email: 'jose.silva@example.com',
  senha: 'Cadastro#2026',
  confirmarSenha: 'Cadastro#2026',
  ...over,
});

function register(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/Account/Register', payload, ...from(headers) });
}
function recover(cpfOuEmail: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/Account/SolicitarRecuperacaoSenha', payload: { cpfOuEmail }, ...from(headers) });
}
function reset(token: string, senha: string, confirmarSenha = senha) {
  return t.app.inject({ method: 'POST', url: '/api/Account/RedefinirSenha', payload: { token, senha, confirmarSenha } });
}
/** The e-mails sent once the queued jobs ran (the request answers before the e-mail is made). */
async function sent() {
  await t.app.jobs.drain();
  return t.mails;
}
function login(username: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/mfa/login', payload: { username, password } });
}

describe('POST api/Account/Register', () => {
  it('creates the account (201) and the new user can sign in', async () => {
    const res = await register(person());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ Message: MSG.registerSuccess });

    const [user] = await rows<{ cpf: string; email: string; name: string; password_hash: string; legacy_portal: boolean; mfa_enabled: boolean; is_admin: boolean; roles: string }>(
      t,
      `select * from users where email = 'jose.silva@example.com'`,
    );
    expect(user).toMatchObject({ cpf: '52998224725', name: 'José da Silva', legacy_portal: false, is_admin: false, roles: '' });
    expect(user.password_hash).toMatch(/^scrypt\$/);
    expect(user.password_hash).not.toContain('Cadastro#2026');

    const signIn = await login('jose.silva@example.com', 'Cadastro#2026');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({
      usuarioMeep: { nome: 'José da Silva', email: 'jose.silva@example.com' },
      locais: [],
      roles: '',
      isAdmin: false,
    });
  });

  it('is reachable with the path in any case', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/register', payload: person() });
    expect(res.statusCode).toBe(201);
  });

  it('normalises the fields: CPF to digits, e-mail to lower case, name trimmed', async () => {
    expect((await register(person({ cpf: '529 982 247 25', email: '  Jose.Silva@Example.COM ', nome: '  José da Silva  ' }))).statusCode).toBe(201);
    const [user] = await rows<{ cpf: string; email: string; name: string }>(t, `select cpf, email, name from users where cpf = '52998224725'`);
    expect(user).toEqual({ cpf: '52998224725', email: 'jose.silva@example.com', name: 'José da Silva' });
    expect((await login('JOSE.SILVA@example.com', 'Cadastro#2026')).statusCode).toBe(200);
  });

  it('accepts accented names, apostrophes and hyphens', async () => {
    expect((await register(person({ nome: "Maria-Clara D'Ávila Conceição" }))).statusCode).toBe(201);
  });

  it('answers a taken e-mail exactly like a new sign-up (no account discovery) and e-mails the owner instead', async () => {
    const fresh = await register(person());
    expect(fresh.statusCode).toBe(201);
    const taken = await register(person({ cpf: OTHER_CPF, email: 'JOSE.SILVA@example.com', senha: 'Outra#Chave2027', confirmarSenha: 'Outra#Chave2027' }));
    expect(taken.statusCode).toBe(201);
    expect(taken.body).toBe(fresh.body);
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    const demo = await register(person({ cpf: OTHER_CPF, email: DEMO.gerente }));
    expect(demo.body).toBe(fresh.body);
    const [row] = await rows<{ n: number }>(t, `select count(*)::int as n from users where cpf = '11144477735'`);
    expect(row.n).toBe(0);
    // The first account keeps its password.
    expect((await login('jose.silva@example.com', 'Cadastro#2026')).statusCode).toBe(200);
    expectError(await login('jose.silva@example.com', 'Outra#Chave2027'), 400, MSG.badCredentials);

    await t.app.jobs.drain();
    // The new account's confirmation code (issue 37), then the notices: one per taken sign-up.
    const confirmations = t.mails.filter((m) => m.subject.startsWith('Confirme seu e-mail'));
    expect(confirmations.map((m) => m.to)).toEqual(['jose.silva@example.com']);
    expect(t.mails.filter((m) => !confirmations.includes(m)).map((m) => m.to).sort()).toEqual([DEMO.gerente, 'jose.silva@example.com']);
    const notice = t.mails.find((m) => m.to === DEMO.gerente)!;
    expect(notice.subject).toBe('Tentativa de cadastro com os seus dados no Balcão');
    expect(notice.text).toContain('Gustavo Gerente');
    expect(notice.text).toContain('Alguém tentou criar uma conta no Balcão com o seu e-mail ou o seu CPF.');
    // A new sign-up gets no such notice.
    const queued = await rows<{ name: string }>(t, `select name from jobs where name like 'auth.%'`);
    expect(queued.map((j) => j.name).sort()).toEqual(['auth.confirm-email-mail', 'auth.signup-attempt-mail', 'auth.signup-attempt-mail']);
  });

  it('treats a taken CPF, however it is formatted, the same way and tells the CPF owner', async () => {
    expect((await register(person())).statusCode).toBe(201);
    const again = await register(person({ cpf: '52998224725', email: 'outro@example.com' }));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ Message: MSG.registerSuccess });
    // The first account is untouched; no second one exists.
    expect((await login('jose.silva@example.com', 'Cadastro#2026')).statusCode).toBe(200);
    expectError(await login('outro@example.com', 'Cadastro#2026'), 400, MSG.badCredentials);
    await t.app.jobs.drain();
    // The first sign-up's confirmation code, and the notice to the CPF's owner.
    expect(t.mails.map((m) => [m.to, m.subject.startsWith('Confirme seu e-mail')])).toEqual([
      ['jose.silva@example.com', true],
      ['jose.silva@example.com', false],
    ]);
  });

  it('sends at most three "someone tried" notices per account an hour', async () => {
    for (let i = 0; i < 5; i++) expect((await register(person({ cpf: CPFS[i], email: DEMO.gerente }))).statusCode).toBe(201);
    await t.app.jobs.drain();
    expect(t.mails.filter((m) => m.to === DEMO.gerente)).toHaveLength(3);
  });

  describe('validation (spec 000 §9)', () => {
    it('refuses weak passwords with the spec message, exactly', async () => {
      expect(MSG.registerPasswordRule).toBe(SPEC_PASSWORD_MESSAGE);
      for (const senha of [
        'Ab#1234', // 7 characters
        `Ab#1${'x'.repeat(27)}`, // 31 characters
        'abcdef#1', // no upper case
        'ABCDEF#1', // no lower case
        'Abcdefg#', // no digit
        'Abcdefg1', // no special
        'Abcdef1*', // special not in @!#$%?&
        'Minha#Senha1', // "senha"
        'PassWord#12', // "password"
        'Balcao#2026', // product name
        'BALCÃO#2026a', // product name with accent
        'Meep#2026a', // product name
      ]) {
        const res = await register(person({ senha, confirmarSenha: senha }));
        const body = expectError(res, 400, SPEC_PASSWORD_MESSAGE, true);
        expect(body.errors, senha).toContainEqual({ path: 'body.senha', message: SPEC_PASSWORD_MESSAGE });
      }
      expect(await rows(t, `select id from users where email = 'jose.silva@example.com'`)).toHaveLength(0);
    });

    it('accepts every allowed special character and the length limits', async () => {
      const specials = ['@', '!', '#', '$', '%', '?', '&'];
      for (const [i, c] of specials.entries()) {
        const senha = `Abcde1${c}x`;
        const res = await register(person({ senha, confirmarSenha: senha, email: `p${i}@example.com`, cpf: CPFS[i] }));
        expect(res.statusCode, senha).toBe(201);
      }
      const thirty = `Ab#1${'x'.repeat(26)}`;
      expect(thirty).toHaveLength(30);
      expect((await register(person({ senha: thirty, confirmarSenha: thirty }))).statusCode).toBe(201);
    });

    it('refuses special characters in the name', async () => {
      for (const nome of ['João#', 'Ana 2', 'Maria@Silva', 'Pedro_Souza', '<script>', 'Zé.']) {
        const body = expectError(await register(person({ nome })), 400, MSG.registerNameSpecial, true);
        expect(body.errors).toEqual([{ path: 'body.nome', message: MSG.registerNameSpecial }]);
      }
    });

    it(`refuses an empty name or one over ${NAME_MAX} characters`, async () => {
      const empty = expectError(await register(person({ nome: '   ' })), 400, MSG.registerAllRequired, true);
      expect(empty.errors).toEqual([{ path: 'body.nome', message: MSG.registerAllRequired }]);
      expect((await register(person({ nome: 'A'.repeat(NAME_MAX) }))).statusCode).toBe(201);
      expectError(await register(person({ nome: 'A'.repeat(NAME_MAX + 1), email: 'b@example.com', cpf: OTHER_CPF })), 400, MSG.registerAllRequired, true);
    });

    it('refuses an invalid CPF with "Preencha com um CPF válido"', async () => {
      for (const cpf of ['529.982.247-24', '111.111.111-11', '1234', '5299822472', '529982247255', 'abc.def.ghi-jk']) {
        const body = expectError(await register(person({ cpf })), 400, 'Preencha com um CPF válido', true);
        expect(body.errors, cpf).toEqual([{ path: 'body.cpf', message: 'Preencha com um CPF válido' }]);
      }
    });

    it('refuses a malformed e-mail with "Formato do e-mail inválido"', async () => {
      for (const email of ['jose', 'jose@', '@example.com', 'jose@example', 'jo se@example.com', 'jose@@example.com']) {
        const body = expectError(await register(person({ email })), 400, 'Formato do e-mail inválido', true);
        expect(body.errors, email).toEqual([{ path: 'body.email', message: 'Formato do e-mail inválido' }]);
      }
    });

    it('answers "Preencha todos os campos corretamente para cadastrar" for missing or empty fields', async () => {
      for (const field of ['cpf', 'nome', 'email', 'senha', 'confirmarSenha']) {
        const missing = person();
        delete (missing as Record<string, unknown>)[field];
        const body = expectError(await register(missing), 400, MSG.registerAllRequired, true);
        expect(body.errors, `missing ${field}`).toContainEqual({ path: `body.${field}`, message: MSG.registerAllRequired });

        const empty = expectError(await register(person({ [field]: '' })), 400, MSG.registerAllRequired, true);
        expect(empty.errors, `empty ${field}`).toContainEqual({ path: `body.${field}`, message: MSG.registerAllRequired });
      }
      const all = expectError(await register({}), 400, MSG.registerAllRequired, true);
      expect(all.errors.map((e: { path: string }) => e.path)).toEqual(['body.cpf', 'body.nome', 'body.email', 'body.senha', 'body.confirmarSenha']);
      expect(new Set(all.errors.map((e: { message: string }) => e.message))).toEqual(new Set([MSG.registerAllRequired]));
    });

    it('reports every invalid field at once', async () => {
      const body = expectError(await register({ cpf: '123', nome: 'Jo$é', email: 'x', senha: 'fraca', confirmarSenha: 'fraca' }), 400, 'Preencha com um CPF válido', true);
      expect(body.errors).toEqual([
        { path: 'body.cpf', message: 'Preencha com um CPF válido' },
        { path: 'body.nome', message: MSG.registerNameSpecial },
        { path: 'body.email', message: 'Formato do e-mail inválido' },
        { path: 'body.senha', message: SPEC_PASSWORD_MESSAGE },
      ]);
    });

    it('refuses a confirmation that differs from the password', async () => {
      const body = expectError(await register(person({ confirmarSenha: 'Cadastro#2027' })), 400, MSG.passwordsDiffer, true);
      expect(body.errors).toEqual([{ path: 'body.confirmarSenha', message: MSG.passwordsDiffer }]);
    });
  });

  it('answers 429 once an address has registered too often', async () => {
    const addr = { 'x-forwarded-for': '203.0.113.50' };
    await t.db.exec(`insert into rate_limits (key, count, reset_at) values ('register:addr:203.0.113.50', 20, now() + interval '30 minutes')`);
    expect429(await register(person(), addr), 3600, MSG.tooManyAttempts);
    expect(await rows(t, `select id from users where email = 'jose.silva@example.com'`)).toHaveLength(0);
    expect((await register(person(), { 'x-forwarded-for': '198.51.100.50' })).statusCode).toBe(201);
  });

  it('counts each registration attempt of an address', async () => {
    const addr = { 'x-forwarded-for': '203.0.113.51' };
    await register(person(), addr);
    await register(person(), addr); // a taken e-mail counts too
    const [row] = await rows<{ count: number }>(t, `select count from rate_limits where key = 'register:addr:203.0.113.51'`);
    expect(row.count).toBe(2);
  });
});

/** Valid CPFs for tests that register several people. */
const CPFS = ['11144477735', '12345678909', '98765432100', '39053344705', '86288366757', '71428793860', '35379838405'];

describe('POST api/Account/SolicitarRecuperacaoSenha', () => {
  it('answers the masked e-mail for a known e-mail and e-mails a reset link', async () => {
    const res = await recover(DEMO.gerente);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'ge*****@balcao.dev' });
    expect(res.body).not.toContain('gerente@');
    expect((await sent())).toHaveLength(1);
    expect((await sent())[0].to).toBe(DEMO.gerente);
    expect((await sent())[0].subject).toBe('Redefinição de senha do Balcão');
    expect((await sent())[0].text).toContain('Gustavo Gerente');
    expect((await sent())[0].text).toMatch(/http:\/\/portal\.test\/redefinirSenha\?token=[A-Za-z0-9_%-]{20,}/);
    // Only a hash of the token is stored.
    const token = resetTokenOf((await sent())[0]);
    const [stored] = await rows<{ token_hash: string; kind: string }>(t, 'select token_hash, kind from one_time_tokens');
    expect(stored.kind).toBe('reset');
    expect(stored.token_hash).not.toBe(token);
  });

  it('finds the user by CPF, with or without punctuation, answering no e-mail for a CPF', async () => {
    await sqlFor(t, DEMO.escola, `update users set cpf = '52998224725' where email = :email`);
    for (const cpf of [VALID_CPF, '52998224725']) {
      const res = await recover(cpf);
      expect(res.statusCode, cpf).toBe(200);
      // A CPF's answer never tells whether it is registered, nor whose e-mail it has.
      expect(res.json()).toEqual({ email: '' });
    }
    expect((await sent()).map((m) => m.to)).toEqual([DEMO.escola, DEMO.escola]);
  });

  it('finds the user by e-mail in any case', async () => {
    const res = await recover('  Gerente@BALCAO.dev ');
    expect(res.json()).toEqual({ email: 'ge*****@balcao.dev' });
    expect((await sent())).toHaveLength(1);
  });

  it('answers an unknown e-mail or CPF exactly like a known one and sends nothing (no account discovery)', async () => {
    const unknown = await recover('ninguem@balcao.dev');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ email: 'ni*****@balcao.dev' });
    expect(unknown.body).not.toMatch(/Não encontramos/);
    const cpf = await recover(OTHER_CPF);
    expect(cpf.statusCode).toBe(200);
    expect(cpf.json()).toEqual({ email: '' });
    expect((await recover('qualquer coisa')).json()).toEqual({ email: '' });
    expect((await sent())).toHaveLength(0);
  });

  it('answers before any work: a known and an unknown account each queue one job holding only an id', async () => {
    await recover(DEMO.gerente);
    await recover('ninguem@balcao.dev');
    const [gerente] = await rows<{ id: string }>(t, `select id from users where email = '${DEMO.gerente}'`);
    const jobs = await rows<{ payload: unknown }>(t, `select payload from jobs where name = 'auth.recovery-mail' order by id`);
    expect(jobs.map((j) => j.payload)).toEqual([{ userId: gerente.id }, { userId: null }]);
    expect(JSON.stringify(jobs)).not.toContain('@');
    expect((await sent()).map((m) => m.to)).toEqual([DEMO.gerente]);
    expect(await rows(t, `select 1 from one_time_tokens where kind = 'reset'`)).toHaveLength(1);
  });

  it('a link whose e-mail could not be sent never works, and the retry sends a new one', async () => {
    const original = t.mails.push.bind(t.mails);
    let failures = 1;
    t.mails.push = (...m) => {
      if (failures-- > 0) throw new Error('smtp down');
      return original(...m);
    };
    try {
      await recover(DEMO.gerente);
      await t.app.jobs.drain();
      expect(t.mails).toHaveLength(0);
      expect(await rows(t, `select 1 from one_time_tokens where kind = 'reset' and used_at is null`)).toHaveLength(0);
      await t.db.exec(`update jobs set run_at = now() where name = 'auth.recovery-mail'`);
      const token = resetTokenOf((await sent())[0]);
      expect((await reset(token, 'NovaChave#2027')).statusCode).toBe(200);
    } finally {
      t.mails.push = original;
    }
  });

  it('answers 400 with `errors` when empty', async () => {
    for (const value of ['', '   ']) {
      const body = expectError(await recover(value), 400, MSG.recoveryRequired, true);
      expect(body.errors).toEqual([{ path: 'body.cpfOuEmail', message: MSG.recoveryRequired }]);
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/Account/SolicitarRecuperacaoSenha', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('body.cpfOuEmail');
  });

  it('answers 429 after five requests for the same account, known or not', async () => {
    for (let i = 0; i < 5; i++) expect((await recover(DEMO.gerente)).statusCode).toBe(200);
    expect429(await recover(DEMO.gerente), LOGIN_LIMIT_WINDOW_SECONDS, MSG.tooManyAttempts);
    expect((await sent())).toHaveLength(5);
    // From another address (the per-address limit is ten), an unknown account behaves the same.
    const other = { 'x-forwarded-for': '198.51.100.61' };
    for (let i = 0; i < 5; i++) expect((await recover('ninguem@balcao.dev', other)).statusCode).toBe(200);
    expect429(await recover('ninguem@balcao.dev', other), LOGIN_LIMIT_WINDOW_SECONDS, MSG.tooManyAttempts);
    // Other accounts are not affected.
    expect((await recover(DEMO.escola, other)).statusCode).toBe(200);
  });

  it('sends at most five links per account in a window, whether asked by e-mail or by CPF', async () => {
    await sqlFor(t, DEMO.escola, `update users set cpf = '52998224725' where email = :email`);
    for (let i = 0; i < 4; i++) await recover(DEMO.escola);
    for (let i = 0; i < 3; i++) expect((await recover(VALID_CPF)).json()).toEqual({ email: '' });
    expect((await sent())).toHaveLength(5);
  });

  it('answers 429 after ten requests from one address', async () => {
    const addr = { 'x-forwarded-for': '203.0.113.60' };
    for (let i = 0; i < 10; i++) expect((await recover(`ninguem${i}@balcao.dev`, addr)).statusCode).toBe(200);
    expect429(await recover(DEMO.gerente, addr), LOGIN_LIMIT_WINDOW_SECONDS, MSG.tooManyAttempts);
    expect((await sent())).toHaveLength(0);
    expect((await recover(DEMO.gerente, { 'x-forwarded-for': '198.51.100.60' })).statusCode).toBe(200);
  });
});

describe('POST api/Account/RedefinirSenha', () => {
  async function resetToken(email: string = DEMO.gerente): Promise<string> {
    expect((await recover(email)).statusCode).toBe(200);
    return resetTokenOf((await sent()).at(-1)!);
  }

  it('sets the new password: the old one fails, the new one works, open sessions end', async () => {
    const before = await t.login(DEMO.gerente);
    const token = await resetToken();
    const res = await reset(token, 'NovaChave#2027');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Message: MSG.resetSuccess });

    expectError(await login(DEMO.gerente, DEMO.password), 400, MSG.badCredentials);
    expect((await login(DEMO.gerente, 'NovaChave#2027')).statusCode).toBe(200);
    expectError(await t.app.inject({ method: 'GET', url: '/api/account/userinfo', headers: t.auth(before) }), 401, MSG.unauthorized);
    // Other accounts keep their sessions and password.
    expect((await login(DEMO.escola, DEMO.password)).statusCode).toBe(200);
  });

  it('does not accept the same link twice', async () => {
    const token = await resetToken();
    expect((await reset(token, 'NovaChave#2027')).statusCode).toBe(200);
    expectError(await reset(token, 'OutraChave#2028'), 400, MSG.resetInvalidLink);
    expect((await login(DEMO.gerente, 'NovaChave#2027')).statusCode).toBe(200);
  });

  it('only the newest link works: a newer one revokes the older ones, using one kills the rest', async () => {
    const older = await resetToken();
    const newer = await resetToken();
    const newest = await resetToken();
    expectError(await reset(older, 'OutraChave#2028'), 400, MSG.resetInvalidLink);
    expectError(await reset(newer, 'OutraChave#2028'), 400, MSG.resetInvalidLink);
    expect((await reset(newest, 'NovaChave#2027')).statusCode).toBe(200);
    expectError(await reset(newest, 'OutraChave#2028'), 400, MSG.resetInvalidLink);
    expect((await login(DEMO.gerente, 'NovaChave#2027')).statusCode).toBe(200);
    // Another account's link is not touched by these.
    const escola = await resetToken(DEMO.escola);
    await resetToken();
    expect((await reset(escola, 'NovaChave#2027')).statusCode).toBe(200);
  });

  it('a link used before a newer one is sent still works once, then the newer one works too', async () => {
    const first = await resetToken();
    expect((await reset(first, 'NovaChave#2027')).statusCode).toBe(200);
    const second = await resetToken();
    expect((await reset(second, 'OutraChave#2028')).statusCode).toBe(200);
    expect((await login(DEMO.gerente, 'OutraChave#2028')).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const token = await resetToken();
    await t.db.exec(`update one_time_tokens set expires_at = now() - interval '1 second'`);
    expectError(await reset(token, 'NovaChave#2027'), 400, MSG.resetInvalidLink);
    expect((await login(DEMO.gerente, DEMO.password)).statusCode).toBe(200);
  });

  it('refuses an unknown, short or share token', async () => {
    expectError(await reset('x'.repeat(43), 'NovaChave#2027'), 400, MSG.resetInvalidLink);
    const short = expectError(await reset('abc', 'NovaChave#2027'), 400, MSG.resetInvalidLink, true);
    expect(short.errors[0].path).toBe('body.token');
    const session = await t.login(DEMO.gerente);
    const share = (await t.app.inject({ method: 'POST', url: '/api/sharetoken', headers: t.auth(session), payload: {} })).json().token;
    expectError(await reset(share, 'NovaChave#2027'), 400, MSG.resetInvalidLink);
  });

  it('refuses a weak password with the spec message, and the link stays usable', async () => {
    const token = await resetToken();
    for (const senha of ['Curt#1a', 'semdigito#A', 'Minha#senha1', 'Abcdefg1']) {
      const body = expectError(await reset(token, senha), 400, SPEC_PASSWORD_MESSAGE, true);
      expect(body.errors, senha).toContainEqual({ path: 'body.senha', message: SPEC_PASSWORD_MESSAGE });
    }
    expect((await reset(token, 'NovaChave#2027')).statusCode).toBe(200);
  });

  it('refuses a confirmation that differs', async () => {
    const token = await resetToken();
    expectError(await reset(token, 'NovaChave#2027', 'NovaChave#2028'), 400, MSG.passwordsDiffer, true);
    expect((await login(DEMO.gerente, DEMO.password)).statusCode).toBe(200);
  });

  it('is public and reachable in any case', async () => {
    const token = await resetToken();
    const res = await t.app.inject({
      method: 'POST',
      url: '/API/ACCOUNT/REDEFINIRSENHA',
      payload: { token, senha: 'NovaChave#2027', confirmarSenha: 'NovaChave#2027' },
    });
    expect(res.statusCode).toBe(200);
  });
});
