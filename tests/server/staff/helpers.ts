/** Helpers of the venue-setup API tests (issue 24). */
import { expect } from 'vitest';
import type { Mail } from '../../../src/server/lib/mailer';
import type { TestContext } from '../../setup/server';

export const NEW_PASSWORD = 'Padaria#2026';

/** Invites, then runs the queued jobs: the e-mails leave on the job queue (staff.jobs.ts). */
export async function inviteAndSend(t: TestContext, token: string, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/Operador/Convidar', headers: t.auth(token), payload: body });
  await t.app.jobs.drain();
  return res;
}

export interface StaffPersonRow {
  usuarioId: string;
  nome: string;
  email: string;
  pendente: boolean;
  perfil: string;
  [field: string]: unknown;
}

/** The place's people and devices as GET api/Operador lists them (its 200 asserted). */
export async function staffOf(t: TestContext, token: string, venue: string): Promise<{ pessoas: StaffPersonRow[]; dispositivos: unknown[] }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/Operador?localId=${venue}`, headers: t.auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * A new account as /cadastrar makes it (no place yet); returns its token. Unless `confirm` is false,
 * it confirms the e-mail with the code the sign-up e-mailed (issue 37), as the person would.
 */
export async function newAccount(t: TestContext, email: string, cpf = '52998224725', confirm = true): Promise<string> {
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/Account/Register',
    payload: { cpf, nome: 'Paula Padeira', email, senha: NEW_PASSWORD, confirmarSenha: NEW_PASSWORD },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const token = await t.login(email, NEW_PASSWORD);
  if (confirm) await confirmEmail(t, token, email);
  return token;
}

/** The digits of the newest confirmation e-mail to `email` (runs the queued jobs first). */
export async function emailCodeFor(t: TestContext, email: string): Promise<string> {
  await t.app.jobs.drain();
  const mail = t.mails.filter((m) => m.to === email && m.subject.startsWith('Confirme seu e-mail')).at(-1);
  expect(mail, `no confirmation e-mail to ${email}`).toBeDefined();
  const m = /código para confirmar este e-mail no Balcão é: (\d{6})/.exec(mail!.text);
  expect(m, mail!.text).not.toBeNull();
  return m![1];
}

export async function confirmEmail(t: TestContext, token: string, email: string): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: '/api/Account/MinhaConta/ConfirmarEmail', headers: t.auth(token), payload: { codigo: await emailCodeFor(t, email) } });
  expect(res.statusCode, res.body).toBe(200);
}

export const placeBody = (over: Record<string, unknown> = {}) => ({
  nome: 'Padaria Pão Quente',
  tipo: 18,
  cnpj: '11.222.333/0001-81',
  cep: '01310-100',
  endereco: 'Avenida Paulista',
  numero: '1000',
  complemento: 'Loja 2',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'SP',
  ...over,
});

export async function createPlace(t: TestContext, token: string, over: Record<string, unknown> = {}): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/Local/Cadastrar', headers: t.auth(token), payload: placeBody(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** The token of the link in an invitation e-mail to a new account (/aceitarConvite?token=). */
export function inviteTokenOf(mail: Mail): string {
  const m = /\/aceitarConvite\?token=([^\s]+)/.exec(mail.text);
  expect(m, `no link in: ${mail.text}`).not.toBeNull();
  return decodeURIComponent(m![1]);
}

export async function placeRoles(t: TestContext, token: string, localId: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/Acesso/PapeisDoLocal/${localId}`, headers: t.auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Array<{ Name: string }>).map((i) => i.Name).sort();
}
