/**
 * Joining a place needs consent (issue 37): an invitation to an existing account is pending until
 * that person accepts it (Minha conta → Convites); Convidar answers the same for a known and an
 * unknown e-mail; removing someone ends only that place.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '../../../src/shared/account';
import { MSG } from '../../../src/shared/messages';
import { STAFF_MSG } from '../../../src/shared/staff';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';
import { createPlace, inviteAndSend, newAccount, staffOf } from './helpers';

const t = useTestApp();

const invite = (token: string, body: Record<string, unknown>) => inviteAndSend(t, token, body);
const people = async (token: string, venue: string) => (await staffOf(t, token, venue)).pessoas;
const myInvitations = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/Account/MinhaConta/Convites', headers: t.auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().convites as Array<{ id: string; local: string; perfilNome: string; convidadoPor: string }>;
};
const accept = (token: string, id: string) => t.app.inject({ method: 'POST', url: `/api/Account/MinhaConta/Convites/${id}/Aceitar`, headers: t.auth(token) });
const decline = (token: string, id: string) => t.app.inject({ method: 'POST', url: `/api/Account/MinhaConta/Convites/${id}/Recusar`, headers: t.auth(token) });
const rolesIn = (token: string, venue: string) => t.app.inject({ method: 'GET', url: `/api/Acesso/PapeisDoLocal/${venue}`, headers: t.auth(token) });

/** A stranger: a new account with a place of its own (any CNPJ). */
async function stranger() {
  const token = await newAccount(t, 'estranho@exemplo.com');
  const venue = await createPlace(t, token, { nome: 'Lugar do Estranho' });
  return { token, venue };
}

describe('Convidar: the same answer for a known and an unknown e-mail', () => {
  it('answers 201 "Convite enviado por e-mail." for both, 200 on a second invitation for both, and lists both as pending under the typed name', async () => {
    const s = await stranger();
    const known = await invite(s.token, { localId: s.venue, nome: 'Alguém', email: DEMO.cozinha, perfil: 'Cozinha' });
    const unknown = await invite(s.token, { localId: s.venue, nome: 'Ninguém', email: 'ninguem@exemplo.com', perfil: 'Cozinha' });
    expect([known.statusCode, known.json()]).toEqual([201, { Message: STAFF_MSG.invited }]);
    expect([unknown.statusCode, unknown.json()]).toEqual([known.statusCode, known.json()]);
    const again = await invite(s.token, { localId: s.venue, nome: 'Alguém', email: DEMO.cozinha, perfil: 'Cozinha' });
    const againUnknown = await invite(s.token, { localId: s.venue, nome: 'Ninguém', email: 'ninguem@exemplo.com', perfil: 'Cozinha' });
    expect([again.statusCode, again.json()]).toEqual([200, { Message: STAFF_MSG.inviteResent }]);
    expect([againUnknown.statusCode, againUnknown.json()]).toEqual([again.statusCode, again.json()]);
    const list = await people(s.token, s.venue);
    const a = list.find((p) => p.email === DEMO.cozinha)!;
    const b = list.find((p) => p.email === 'ninguem@exemplo.com')!;
    // The typed name, never the account's own ("Tablet da Cozinha"); same shape for both.
    expect(a).toMatchObject({ nome: 'Alguém', pendente: true, perfil: 'Cozinha' });
    expect(b).toMatchObject({ nome: 'Ninguém', pendente: true, perfil: 'Cozinha' });
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    // The existing account got an invitation to accept, not "you are now part of".
    const mail = t.mails.filter((m) => m.to === DEMO.cozinha).at(-1)!;
    expect(mail.subject).toBe('Convite para Lugar do Estranho no Balcão');
    expect(mail.text).toContain('nada muda até você aceitar');
    expect(mail.text).toMatch(/\/aceitarConvite\?convite=[0-9a-f-]{36}/);
  });
});

describe('a pending invitation gives nothing until accepted', () => {
  it('the invited account is not a member (no roles, no data, no place in its session) until it accepts; then it is, with the profile', async () => {
    const s = await stranger();
    expect((await invite(s.token, { localId: s.venue, nome: 'Cozinha', email: DEMO.cozinha, perfil: 'Gerente' })).statusCode).toBe(201);
    const kitchen = await t.login(DEMO.cozinha);
    expectError(await rolesIn(kitchen, s.venue), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Operador?localId=${s.venue}`, headers: t.auth(kitchen) }), 403, MSG.accessDenied);
    const info = (await t.app.inject({ method: 'GET', url: '/api/account/userinfo', headers: t.auth(kitchen) })).body;
    expect(info).not.toContain(s.venue);
    expect(await rows(t, `select 1 from memberships where venue_id = '${s.venue}' and user_id = (select id from users where email = '${DEMO.cozinha}')`)).toHaveLength(0);

    const [inv] = await myInvitations(kitchen);
    expect(inv).toMatchObject({ local: 'Lugar do Estranho', perfilNome: 'Gerente', convidadoPor: 'Paula Padeira' });
    // Nobody else can answer it: another account's id is 404, like a random one.
    const gerente = await t.login(DEMO.gerente);
    expectError(await accept(gerente, inv.id), 404, STAFF_MSG.invitationNotFound);
    expectError(await accept(gerente, '00000000-0000-4000-8000-000000000000'), 404, STAFF_MSG.invitationNotFound);
    expectError(await accept(gerente, 'x'), 404, STAFF_MSG.invitationNotFound);
    expect(await myInvitations(gerente)).toEqual([]);

    const ok = await accept(kitchen, inv.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ localId: s.venue, Message: STAFF_MSG.invitationAccepted('Lugar do Estranho') });
    expect((await rolesIn(kitchen, s.venue)).statusCode).toBe(200);
    expect((await people(s.token, s.venue)).find((p) => p.email === DEMO.cozinha)).toMatchObject({ pendente: false, nome: 'Tablet da Cozinha' });
    // Accepted once: a second click finds nothing.
    expectError(await accept(kitchen, inv.id), 404, STAFF_MSG.invitationNotFound);
    const audit = (await t.app.inject({ method: 'GET', url: `/api/Operador/Historico?localId=${s.venue}`, headers: t.auth(s.token) })).json().itens;
    expect(audit[0]).toMatchObject({ acao: 'Convite aceito' });
  });

  it('declining deletes it; the inviter can cancel one; an expired one cannot be accepted', async () => {
    const s = await stranger();
    await invite(s.token, { localId: s.venue, nome: 'Cozinha', email: DEMO.cozinha, perfil: 'Cozinha' });
    const kitchen = await t.login(DEMO.cozinha);
    const [inv] = await myInvitations(kitchen);
    const no = await decline(kitchen, inv.id);
    expect([no.statusCode, no.json()]).toEqual([200, { Message: STAFF_MSG.invitationDeclined }]);
    expect(await myInvitations(kitchen)).toEqual([]);
    expect((await people(s.token, s.venue)).some((p) => p.email === DEMO.cozinha)).toBe(false);

    await invite(s.token, { localId: s.venue, nome: 'Cozinha', email: DEMO.cozinha, perfil: 'Cozinha' });
    const pending = (await people(s.token, s.venue)).find((p) => p.email === DEMO.cozinha)!;
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/Operador/${pending.usuarioId}?localId=${s.venue}`, headers: t.auth(s.token) });
    expect([cancel.statusCode, cancel.json()]).toEqual([200, { Message: STAFF_MSG.invitationCancelled }]);
    expect(await myInvitations(kitchen)).toEqual([]);

    await invite(s.token, { localId: s.venue, nome: 'Cozinha', email: DEMO.cozinha, perfil: 'Cozinha' });
    const [late] = await myInvitations(kitchen);
    await t.db.exec(`update venue_invitations set expires_at = now() - interval '1 minute' where id = '${late.id}'`);
    expectError(await accept(kitchen, late.id), 404, STAFF_MSG.invitationNotFound);
    expect(await myInvitations(kitchen)).toEqual([]);
  });

  it('an account whose e-mail is not confirmed cannot accept (403 with the pt-BR message) until it confirms', async () => {
    const s = await stranger();
    const fresh = await newAccount(t, 'novata@exemplo.com', '11144477735', false);
    await invite(s.token, { localId: s.venue, nome: 'Novata', email: 'novata@exemplo.com', perfil: 'Garcom' });
    const [inv] = await myInvitations(fresh);
    expectError(await accept(fresh, inv.id), 403, ACCOUNT_MSG.emailNotConfirmed);
  });
});

describe('removing someone ends only that place', () => {
  it('a manager of one place removes a member: the person loses that place only; their session and other places go on', async () => {
    const s = await stranger();
    await invite(s.token, { localId: s.venue, nome: 'Cozinha', email: DEMO.cozinha, perfil: 'Cozinha' });
    const kitchen = await t.login(DEMO.cozinha);
    const [inv] = await myInvitations(kitchen);
    expect((await accept(kitchen, inv.id)).statusCode).toBe(200);
    const id = (await people(s.token, s.venue)).find((p) => p.email === DEMO.cozinha)!.usuarioId;
    for (let i = 0; i < 2; i++) {
      // Twice: the second is 404 (not a member any more), and nothing else happens.
      const del = await t.app.inject({ method: 'DELETE', url: `/api/Operador/${id}?localId=${s.venue}`, headers: t.auth(s.token) });
      expect(del.statusCode, del.body).toBe(i === 0 ? 200 : 404);
    }
    expectError(await rolesIn(kitchen, s.venue), 403, MSG.accessDenied);
    // The restaurant's kitchen board keeps working with the same token.
    expect((await rolesIn(kitchen, t.seed.venues.restaurant)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/kds/configuracao/${t.seed.venues.restaurant}`, headers: t.auth(kitchen) })).statusCode).toBe(200);
    expect(await rows(t, `select 1 from sessions where revoked_at is not null and user_id = (select id from users where email = '${DEMO.cozinha}')`)).toHaveLength(0);
  });

  it('a stranger cannot remove a member of a place it does not manage, nor an invited account (not a member): 403 / 404', async () => {
    const s = await stranger();
    const cozinhaId = (await rows<{ id: string }>(t, `select id from users where email = '${DEMO.cozinha}'`))[0].id;
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/Operador/${cozinhaId}?localId=${t.seed.venues.restaurant}`, headers: t.auth(s.token) }), 403, MSG.accessDenied);
    await invite(s.token, { localId: s.venue, nome: 'Cozinha', email: DEMO.cozinha, perfil: 'Cozinha' });
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/Operador/${cozinhaId}?localId=${s.venue}`, headers: t.auth(s.token) }), 404, STAFF_MSG.personNotFound);
    const kitchen = await t.login(DEMO.cozinha);
    expect((await rolesIn(kitchen, t.seed.venues.restaurant)).statusCode).toBe(200);
  });

  it('wrong role: a kitchen account cannot invite nor cancel; a signed-out call is 401', async () => {
    const kitchen = await t.login(DEMO.cozinha);
    expectError(await invite(kitchen, { localId: t.seed.venues.restaurant, nome: 'X', email: 'x@exemplo.com', perfil: 'Garcom' }), 403, MSG.accessDenied);
    expect((await t.app.inject({ method: 'GET', url: '/api/Account/MinhaConta/Convites' })).statusCode).toBe(401);
  });
});
