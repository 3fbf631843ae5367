import { describe, expect, it } from 'vitest';
import { loginFormError } from '../login-form';
import { MSG } from '../messages';
import {
  frameAuthMessage,
  loginRequest,
  loginResponse,
  mfaSendCodeRequest,
  mfaValidateRequest,
  recoveryRequest,
  registerRequest,
  resetPasswordRequest,
} from './auth';

/** The messages of a failed parse, in order, as "path: message". */
function issues(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } }, value: unknown): string[] {
  const r = schema.safeParse(value);
  if (r.success) return [];
  return r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const validPerson = {
  cpf: '529.982.247-25',
  nome: 'José da Silva',
  email: 'jose@example.com',
  senha: 'Cadastro#2026',
  confirmarSenha: 'Cadastro#2026',
};

describe('loginFormError (spec 000 §5)', () => {
  it('answers the three messages in the spec order', () => {
    expect(loginFormError('', '')).toBe('Insira seu e-mail e senha.');
    expect(loginFormError('', 'x')).toBe('Insira seu e-mail.');
    expect(loginFormError('a@b.com', '')).toBe('Insira sua senha.');
    expect(loginFormError('a@b.com', 'x')).toBeNull();
  });

  it('treats an e-mail of spaces as empty but not a password of spaces', () => {
    expect(loginFormError('   ', '')).toBe(MSG.loginBothEmpty);
    expect(loginFormError('   ', 'x')).toBe(MSG.loginEmailEmpty);
    expect(loginFormError('a@b.com', '   ')).toBeNull();
  });
});

describe('loginRequest', () => {
  it('trims the username and keeps the password as typed', () => {
    expect(loginRequest.parse({ username: ' a@b.com ', password: ' x ' })).toEqual({ username: 'a@b.com', password: ' x ' });
  });

  it('answers the spec messages for empty fields', () => {
    expect(issues(loginRequest, { username: ' ', password: '' })).toEqual([
      `username: ${MSG.loginEmailEmpty}`,
      `password: ${MSG.loginPasswordEmpty}`,
    ]);
  });

  it('tells the two answers of the first step apart', () => {
    expect(loginResponse.safeParse({ RequiredMFA: true, username: 'a@b.com' }).success).toBe(true);
    expect(loginResponse.safeParse({ RequiredMFA: false, username: 'a@b.com' }).success).toBe(false);
  });
});

describe('mfaValidateRequest: the code', () => {
  it('is trimmed and uppercased before it is checked', () => {
    expect(mfaValidateRequest.parse({ code: ' ab2cd3 ', username: 'a@b.com' })).toEqual({ code: 'AB2CD3', username: 'a@b.com' });
    expect(mfaValidateRequest.parse({ code: 'Ab2Cd3', username: 'a@b.com' }).code).toBe('AB2CD3');
  });

  it('must be six letters or digits, else "Código inválido"', () => {
    for (const code of ['', 'ABC12', 'ABC1234', 'ABC 12', 'ABC-12', 'ÁBC123']) {
      expect(issues(mfaValidateRequest, { code, username: 'a@b.com' }), code).toEqual(['code: Código inválido']);
    }
  });

  it('needs a username', () => {
    expect(issues(mfaValidateRequest, { code: 'ABC123', username: '  ' })).toEqual([`username: ${MSG.loginEmailEmpty}`]);
    expect(issues(mfaSendCodeRequest, { username: '' })).toEqual([`username: ${MSG.loginEmailEmpty}`]);
  });
});

describe('registerRequest (spec 000 §9)', () => {
  it('accepts a valid person and normalises CPF, name and e-mail', () => {
    expect(registerRequest.parse({ ...validPerson, nome: ' José da Silva ', email: ' Jose@Example.COM ' })).toEqual({
      ...validPerson,
      cpf: '52998224725',
      email: 'jose@example.com',
    });
  });

  it('answers the password rule with the spec text', () => {
    expect(MSG.registerPasswordRule).toBe(
      'Senha deve conter no mínimo 8 caracteres, letras minúsculas e maiúsculas, números e pelo menos um dos seguintes caracteres especiais @@, !, #, $, %, ?, &.',
    );
    expect(issues(registerRequest, { ...validPerson, senha: 'fraca', confirmarSenha: 'fraca' })).toEqual([`senha: ${MSG.registerPasswordRule}`]);
    const long = `Ab#1${'x'.repeat(27)}`;
    expect(issues(registerRequest, { ...validPerson, senha: long, confirmarSenha: long })).toContain(`senha: ${MSG.registerPasswordRule}`);
  });

  it('answers "Nome não pode conter caracteres especiais"', () => {
    expect(issues(registerRequest, { ...validPerson, nome: 'Jo$é' })).toEqual(['nome: Nome não pode conter caracteres especiais']);
  });

  it('answers "Preencha com um CPF válido"', () => {
    expect(issues(registerRequest, { ...validPerson, cpf: '529.982.247-24' })).toEqual(['cpf: Preencha com um CPF válido']);
    expect(issues(registerRequest, { ...validPerson, cpf: '123' })).toEqual(['cpf: Preencha com um CPF válido']);
  });

  it('answers "Formato do e-mail inválido"', () => {
    expect(issues(registerRequest, { ...validPerson, email: 'jose@' })).toEqual(['email: Formato do e-mail inválido']);
  });

  it('answers "Preencha todos os campos corretamente para cadastrar" for each missing or blank field, alone', () => {
    for (const field of Object.keys(validPerson)) {
      const { [field as keyof typeof validPerson]: _, ...rest } = validPerson;
      expect(issues(registerRequest, rest), `missing ${field}`).toEqual([`${field}: ${MSG.registerAllRequired}`]);
      expect(issues(registerRequest, { ...validPerson, [field]: '  ' }), `blank ${field}`).toContain(`${field}: ${MSG.registerAllRequired}`);
    }
  });

  it('limits the name to 250 characters', () => {
    expect(registerRequest.safeParse({ ...validPerson, nome: 'A'.repeat(250) }).success).toBe(true);
    expect(issues(registerRequest, { ...validPerson, nome: 'A'.repeat(251) })).toEqual([`nome: ${MSG.registerAllRequired}`]);
  });

  it('refuses a confirmation that differs from the password', () => {
    expect(issues(registerRequest, { ...validPerson, confirmarSenha: 'Cadastro#2027' })).toEqual([`confirmarSenha: ${MSG.passwordsDiffer}`]);
  });
});

describe('recoveryRequest and resetPasswordRequest', () => {
  it('needs a CPF or e-mail', () => {
    expect(issues(recoveryRequest, { cpfOuEmail: '  ' })).toEqual([`cpfOuEmail: ${MSG.recoveryRequired}`]);
    expect(recoveryRequest.parse({ cpfOuEmail: ' 529.982.247-25 ' })).toEqual({ cpfOuEmail: '529.982.247-25' });
  });

  it('checks the token length and the new password', () => {
    const ok = { token: 'x'.repeat(43), senha: 'Nova#Chave1', confirmarSenha: 'Nova#Chave1' };
    expect(resetPasswordRequest.safeParse(ok).success).toBe(true);
    expect(issues(resetPasswordRequest, { ...ok, token: 'curto' })).toEqual([`token: ${MSG.resetInvalidLink}`]);
    expect(issues(resetPasswordRequest, { ...ok, senha: 'fraca', confirmarSenha: 'fraca' })).toEqual([`senha: ${MSG.registerPasswordRule}`]);
    expect(issues(resetPasswordRequest, { ...ok, confirmarSenha: 'Nova#Chave2' })).toEqual([`confirmarSenha: ${MSG.passwordsDiffer}`]);
  });
});

describe('frameAuthMessage', () => {
  it('needs a token and a route starting with /', () => {
    const msg = { token: 't', roles: 'Painel', localCorrente: { localId: 'l', nomeLocal: 'Loja' }, route: '/dashboard' };
    expect(frameAuthMessage.safeParse(msg).success).toBe(true);
    expect(frameAuthMessage.safeParse({ ...msg, route: 'dashboard' }).success).toBe(false);
    expect(frameAuthMessage.safeParse({ ...msg, token: '' }).success).toBe(false);
  });
});
