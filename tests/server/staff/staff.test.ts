/** Operadores (issue 24): list, invite, change profile, remove, profiles composed from role names, audit. */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/messages';
import { VENUE_ROLES } from '../../../src/shared/roles';
import { STAFF_MSG } from '../../../src/shared/staff';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';
import { inviteAndSend, inviteTokenOf, NEW_PASSWORD, placeRoles, staffOf } from './helpers';

const t = useTestApp();

async function asGerente() {
  return { token: await t.login(DEMO.gerente), venue: t.seed.venues.restaurant };
}
const invite = (token: string, body: Record<string, unknown>) => inviteAndSend(t, token, body);
const list = (token: string, venue: string) => staffOf(t, token, venue);
const history = async (token: string, venue: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/Operador/Historico?localId=${venue}`, headers: t.auth(token) })).json().itens as Array<{ autor: string; acao: string; descricao: string; data: string }>;

describe('GET api/Operador', () => {
  it('lists the people of the place with their profile, and refuses devices and other places', async () => {
    const { token, venue } = await asGerente();
    const { pessoas } = await list(token, venue);
    const byEmail = new Map(pessoas.map((p) => [p.email, p]));
    expect(byEmail.get(DEMO.gerente)).toMatchObject({ nome: 'Gustavo Gerente', perfil: 'Gerente', perfilNome: 'Gerente', voce: true, pendente: false });
    expect(byEmail.get(DEMO.cozinha)).toMatchObject({ perfil: 'Cozinha', papeis: ['Painel'] });
    expect(byEmail.get(DEMO.garcom)).toMatchObject({ perfil: 'Garcom', perfilNome: 'Garçom' });
    expect(byEmail.get('patricia.garconete@balcao.dev')).toMatchObject({ pendente: true, perfil: 'Garcom' });
    // Devices are listed apart from people.
    expect(byEmail.size).toBe(pessoas.length);
    expect(pessoas.some((p) => p.nome === 'Tablet do bar')).toBe(false);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Operador?localId=${venue}`, headers: t.auth(await t.login(DEMO.cozinha)) }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Operador?localId=${t.seed.venues.school}`, headers: t.auth(token) }), 403, MSG.accessDenied);
  });
});

describe('POST api/Operador/Convidar', () => {
  it('invites a new person: a single-use, expiring link sets the password; then they sign in to this place with the profile', async () => {
    const { token, venue } = await asGerente();
    const res = await invite(token, { localId: venue, nome: 'Marta Garçonete', email: ' Marta@Exemplo.com.br ', perfil: 'Garcom' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ Message: STAFF_MSG.invited });
    const mail = t.mails.find((m) => m.to === 'marta@exemplo.com.br')!;
    expect(mail.subject).toBe('Convite para Restaurante Sabor da Casa no Balcão');
    expect(mail.text).toContain('com o perfil Garçom');
    const pending = (await list(token, venue)).pessoas.find((p) => p.email === 'marta@exemplo.com.br');
    expect(pending).toMatchObject({ pendente: true, perfil: 'Garcom' });
    // No password yet: nothing signs in.
    expect((await t.app.inject({ method: 'POST', url: '/api/mfa/login', payload: { username: 'marta@exemplo.com.br', password: '!' } })).statusCode).toBe(400);

    const link = inviteTokenOf(mail);
    const set = await t.app.inject({ method: 'POST', url: '/api/Account/RedefinirSenha', payload: { token: link, senha: NEW_PASSWORD, confirmarSenha: NEW_PASSWORD } });
    expect(set.statusCode, set.body).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/Account/RedefinirSenha', payload: { token: link, senha: NEW_PASSWORD, confirmarSenha: NEW_PASSWORD } });
    expect(again.statusCode).toBe(400);
    const marta = await t.login('marta@exemplo.com.br', NEW_PASSWORD);
    expect(await placeRoles(t, marta, venue)).toEqual(['Garcom']);
    expect((await list(token, venue)).pessoas.find((p) => p.email === 'marta@exemplo.com.br')).toMatchObject({ pendente: false });
    const [line] = await history(token, venue);
    expect(line).toMatchObject({ autor: 'Gustavo Gerente', acao: 'Convite', descricao: 'Convidou Marta Garçonete (marta@exemplo.com.br) como Garçom' });
  });

  it('inviting again someone who never came sends a new link and only the newest works; the invitation is queued with the change', async () => {
    const { token, venue } = await asGerente();
    expect((await invite(token, { localId: venue, nome: 'Rui Runner', email: 'rui@x.com', perfil: 'Garcom' })).statusCode).toBe(201);
    const jobs = await rows<{ name: string; payload: Record<string, unknown> }>(t, "select name, payload from jobs where name = 'staff.invite-mail'");
    expect(jobs).toHaveLength(1);
    // Ids and the inviter's display name only: the job reads the rest (no e-mail address in the queue).
    expect(Object.keys(jobs[0].payload).sort()).toEqual(['inviter', 'profileLabel', 'userId', 'venueId']);
    const first = inviteTokenOf(t.mails.find((m) => m.to === 'rui@x.com')!);
    const again = await invite(token, { localId: venue, nome: 'Rui Runner', email: 'rui@x.com', perfil: 'Garcom' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ Message: STAFF_MSG.inviteResent });
    const mails = t.mails.filter((m) => m.to === 'rui@x.com');
    expect(mails).toHaveLength(2);
    const newest = inviteTokenOf(mails[1]);
    expect(newest).not.toBe(first);
    const old = await t.app.inject({ method: 'POST', url: '/api/Account/RedefinirSenha', payload: { token: first, senha: NEW_PASSWORD, confirmarSenha: NEW_PASSWORD } });
    expect(old.statusCode).toBe(400);
    const set = await t.app.inject({ method: 'POST', url: '/api/Account/RedefinirSenha', payload: { token: newest, senha: NEW_PASSWORD, confirmarSenha: NEW_PASSWORD } });
    expect(set.statusCode, set.body).toBe(200);
  });

  it('an existing account is only invited (consent: invitations.test.ts); a member already there answers 409', async () => {
    const { token, venue } = await asGerente();
    const res = await invite(token, { localId: venue, nome: 'Eva Escola', email: DEMO.escola, perfil: 'Cozinha' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ Message: STAFF_MSG.invited });
    const escola = await t.login(DEMO.escola);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Acesso/PapeisDoLocal/${venue}`, headers: t.auth(escola) }), 403, MSG.accessDenied);
    expectError(await invite(token, { localId: venue, nome: 'X', email: DEMO.cozinha, perfil: 'Cozinha' }), 409, STAFF_MSG.alreadyMember);
  });

  it('answers 400 for bad input, 403 for a device, another place, or a profile beyond the caller', async () => {
    const { token, venue } = await asGerente();
    expectError(await invite(token, { localId: venue, nome: 'Ana', email: 'não é e-mail', perfil: 'Garcom' }), 400, STAFF_MSG.emailInvalid, true);
    expectError(await invite(token, { localId: venue, nome: ' ', email: 'ana@x.com', perfil: 'Garcom' }), 400, STAFF_MSG.personNameRequired, true);
    expectError(await invite(token, { localId: venue, nome: 'Ana', email: 'ana@x.com', perfil: 'Dono' }), 400, STAFF_MSG.profileUnknown);
    expectError(await invite(await t.login(DEMO.cozinha), { localId: venue, nome: 'Ana', email: 'ana@x.com', perfil: 'Garcom' }), 403, MSG.accessDenied);
    expectError(await invite(token, { localId: t.seed.venues.school, nome: 'Ana', email: 'ana@x.com', perfil: 'Garcom' }), 403, MSG.accessDenied);

    // A person with a composed profile (stores only) cannot make a manager.
    const set = await t.app.inject({ method: 'POST', url: '/api/Operador/Perfis', headers: t.auth(token), payload: { localId: venue, nome: 'Lojas', papeis: ['CadastroLoja'] } });
    expect(set.statusCode, set.body).toBe(201);
    await invite(token, { localId: venue, nome: 'Lia Lojista', email: 'lia@x.com', perfil: set.json().id });
    const link = inviteTokenOf(t.mails.find((m) => m.to === 'lia@x.com')!);
    await t.app.inject({ method: 'POST', url: '/api/Account/RedefinirSenha', payload: { token: link, senha: NEW_PASSWORD, confirmarSenha: NEW_PASSWORD } });
    const lia = await t.login('lia@x.com', NEW_PASSWORD);
    expectError(await invite(lia, { localId: venue, nome: 'Ana', email: 'ana@x.com', perfil: 'Gerente' }), 403, STAFF_MSG.beyondYourRoles);
    expect((await invite(lia, { localId: venue, nome: 'Ana', email: 'ana@x.com', perfil: set.json().id })).statusCode).toBe(201);
  });
});

describe('PUT api/Operador/Perfil and DELETE api/Operador/{usuarioId}', () => {
  it('changes a profile (roles apply at once) and removes a person, who loses this place at once but keeps their session', async () => {
    const { token, venue } = await asGerente();
    const garcom = await t.login(DEMO.garcom);
    const garcomId = (await list(token, venue)).pessoas.find((p) => p.email === DEMO.garcom)!.usuarioId as string;
    const change = await t.app.inject({ method: 'PUT', url: '/api/Operador/Perfil', headers: t.auth(token), payload: { localId: venue, usuarioId: garcomId, perfil: 'Cozinha' } });
    expect(change.statusCode, change.body).toBe(200);
    expect(await placeRoles(t, garcom, venue)).toEqual(['Painel']);
    expect((await history(token, venue))[0].descricao).toBe('Mudou o perfil de Gabriel Garçom de Garçom para Cozinha');

    const del = await t.app.inject({ method: 'DELETE', url: `/api/Operador/${garcomId}?localId=${venue}`, headers: t.auth(token) });
    expect(del.statusCode, del.body).toBe(200);
    // The place is gone for them at once; the session is theirs (issue 37: other places go on).
    expectError(await t.app.inject({ method: 'GET', url: `/api/Acesso/PapeisDoLocal/${venue}`, headers: t.auth(garcom) }), 403, MSG.accessDenied);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/userinfo', headers: t.auth(garcom) })).statusCode).toBe(200);
    expect((await list(token, venue)).pessoas.some((p) => p.email === DEMO.garcom)).toBe(false);
    expect((await history(token, venue))[0]).toMatchObject({ acao: 'Remoção', autor: 'Gustavo Gerente' });
  });

  it('refuses oneself, unknown people, bad profiles, devices and other places', async () => {
    const { token, venue } = await asGerente();
    const people = (await list(token, venue)).pessoas;
    const me = people.find((p) => p.voce)!.usuarioId as string;
    const cozinhaId = people.find((p) => p.email === DEMO.cozinha)!.usuarioId as string;
    const put = (tok: string, body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/Operador/Perfil', headers: t.auth(tok), payload: body });
    expectError(await put(token, { localId: venue, usuarioId: me, perfil: 'Cozinha' }), 400, STAFF_MSG.notYourself);
    expectError(await put(token, { localId: venue, usuarioId: cozinhaId, perfil: 'Dono' }), 400, STAFF_MSG.profileUnknown);
    expectError(await put(token, { localId: venue, usuarioId: 'x', perfil: 'Garcom' }), 404, STAFF_MSG.personNotFound);
    expectError(await put(await t.login(DEMO.cozinha), { localId: venue, usuarioId: cozinhaId, perfil: 'Gerente' }), 403, MSG.accessDenied);
    expectError(await put(token, { localId: t.seed.venues.school, usuarioId: cozinhaId, perfil: 'Garcom' }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/Operador/${me}?localId=${venue}`, headers: t.auth(token) }), 400, STAFF_MSG.notYourself);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/Operador/${cozinhaId}?localId=${t.seed.venues.school}`, headers: t.auth(token) }), 403, MSG.accessDenied);
    // The school's manager cannot touch the restaurant's people.
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/Operador/${cozinhaId}?localId=${venue}`, headers: t.auth(await t.login(DEMO.escola)) }), 403, MSG.accessDenied);
  });
});

describe('profiles composed on /configuracoes/acessos', () => {
  it('creates, lists, updates (holders get the new roles) and deletes a profile once unused', async () => {
    const { token, venue } = await asGerente();
    const created = await t.app.inject({ method: 'POST', url: '/api/Operador/Perfis', headers: t.auth(token), payload: { localId: venue, nome: 'Caixa', papeis: ['CadastroLink', 'CadastroLoja'] } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const listed = (await t.app.inject({ method: 'GET', url: `/api/Operador/Perfis?localId=${venue}`, headers: t.auth(token) })).json();
    expect(listed.papeis).toEqual([...VENUE_ROLES]);
    expect(listed.perfis.map((p: { nome: string }) => p.nome)).toEqual(['Gerente', 'Cozinha', 'Garçom', 'Bar', 'Caixa']);
    expect(listed.perfis.find((p: { nome: string }) => p.nome === 'Bar')).toMatchObject({ fixo: false, emUso: 1, dispositivo: true });
    expect(listed.perfis.find((p: { id: string }) => p.id === 'Cozinha')).toMatchObject({ fixo: true, emUso: 1, dispositivo: true });

    await invite(token, { localId: venue, nome: 'Carla Caixa', email: 'carla@x.com', perfil: id });
    const link = inviteTokenOf(t.mails.find((m) => m.to === 'carla@x.com')!);
    await t.app.inject({ method: 'POST', url: '/api/Account/RedefinirSenha', payload: { token: link, senha: NEW_PASSWORD, confirmarSenha: NEW_PASSWORD } });
    const carla = await t.login('carla@x.com', NEW_PASSWORD);
    expect(await placeRoles(t, carla, venue)).toEqual(['CadastroLink', 'CadastroLoja']);

    const upd = await t.app.inject({ method: 'PUT', url: `/api/Operador/Perfis/${id}`, headers: t.auth(token), payload: { localId: venue, nome: 'Caixa e lojas', papeis: ['CadastroLoja'] } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(await placeRoles(t, carla, venue)).toEqual(['CadastroLoja']);
    expect((await list(token, venue)).pessoas.find((p) => p.email === 'carla@x.com')).toMatchObject({ perfil: id, perfilNome: 'Caixa e lojas' });

    expectError(await t.app.inject({ method: 'DELETE', url: `/api/Operador/Perfis/${id}?localId=${venue}`, headers: t.auth(token) }), 409, STAFF_MSG.roleSetInUse(1));
    const carlaId = (await list(token, venue)).pessoas.find((p) => p.email === 'carla@x.com')!.usuarioId as string;
    await t.app.inject({ method: 'DELETE', url: `/api/Operador/${carlaId}?localId=${venue}`, headers: t.auth(token) });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/Operador/Perfis/${id}?localId=${venue}`, headers: t.auth(token) });
    expect(del.statusCode, del.body).toBe(200);
    expect((await history(token, venue)).map((h) => h.acao).slice(0, 3)).toEqual(['Perfil excluído', 'Remoção', 'Perfil alterado']);
  });

  it('answers 400 for unknown roles, empty sets, built-in profiles; 409 for a taken name; 403 for devices and other places', async () => {
    const { token, venue } = await asGerente();
    const post = (tok: string, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/Operador/Perfis', headers: t.auth(tok), payload: body });
    expectError(await post(token, { localId: venue, nome: 'X', papeis: ['Admin'] }), 400, STAFF_MSG.roleSetRoleUnknown, true);
    expectError(await post(token, { localId: venue, nome: 'X', papeis: [] }), 400, STAFF_MSG.roleSetRolesRequired, true);
    expectError(await post(token, { localId: venue, nome: 'gerente', papeis: ['Painel'] }), 409, STAFF_MSG.roleSetNameTaken);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/Operador/Perfis/Gerente', headers: t.auth(token), payload: { localId: venue, nome: 'G', papeis: ['Painel'] } }), 400, STAFF_MSG.builtInProfile);
    expectError(await post(await t.login(DEMO.cozinha), { localId: venue, nome: 'X', papeis: ['Painel'] }), 403, MSG.accessDenied);
    expectError(await post(token, { localId: t.seed.venues.school, nome: 'X', papeis: ['Painel'] }), 403, MSG.accessDenied);
  });
});
