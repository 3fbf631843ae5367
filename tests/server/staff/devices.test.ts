/** Devices paired by code (issue 24): create, pair once, revoke (401 at once, live stream closed), limits. */
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/messages';
import { DEVICE_PAIR_LIMIT_PER_ADDRESS, STAFF_MSG } from '../../../src/shared/staff';
import { DEMO, useTestApp } from '../../setup/server';
import { expect429, expectError, sqlFor } from '../helpers';
import { placeRoles } from './helpers';
import { ticketedStreamUrl } from '../stream-ticket-helpers';

const t = useTestApp();
let base: string | null = null;
afterAll(() => {
  base = null;
});

const create = (token: string, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/Dispositivo', headers: t.auth(token), payload: body });
const pair = (codigo: string, ip = '127.0.0.1') => t.app.inject({ method: 'POST', url: '/api/Dispositivo/Parear', payload: { codigo }, remoteAddress: ip });

describe('POST api/Dispositivo and api/Dispositivo/Parear', () => {
  it('gives an 8-character code for 10 minutes; pairing answers like the sign-in for that place and profile only; once', async () => {
    const token = await t.login(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const res = await create(token, { localId: venue, nome: 'Tablet da cozinha 2', perfil: 'Cozinha' });
    expect(res.statusCode, res.body).toBe(201);
    const { id, codigo, expiraEm } = res.json();
    expect(codigo).toMatch(/^[A-Z2-9]{8}$/);
    const ttl = new Date(expiraEm).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    const listed = (await t.app.inject({ method: 'GET', url: `/api/Operador?localId=${venue}`, headers: t.auth(token) })).json();
    expect(listed.dispositivos.find((d: { id: string }) => d.id === id)).toMatchObject({ nome: 'Tablet da cozinha 2', perfil: 'Cozinha', perfilNome: 'Cozinha', status: 'aguardando' });
    // The demo's bar tablet is there too, paired with a composed profile.
    expect(listed.dispositivos.find((d: { nome: string }) => d.nome === 'Tablet do bar')).toMatchObject({ perfilNome: 'Bar', status: 'pareado' });
    // Devices are not people.
    expect(listed.pessoas.some((p: { nome: string }) => p.nome === 'Tablet da cozinha 2')).toBe(false);

    // Typed as read aloud: lower case, with a dash.
    const paired = await pair(`${codigo.slice(0, 4).toLowerCase()}-${codigo.slice(4)}`);
    expect(paired.statusCode, paired.body).toBe(200);
    const body = paired.json();
    expect(body.token_type).toBe('bearer');
    expect(body.locais).toEqual([expect.objectContaining({ id: venue, nome: 'Restaurante Sabor da Casa' })]);
    expect(body.roles).toBe('');
    expect(await placeRoles(t, body.access_token, venue)).toEqual(['Painel']);
    // The board answers; the staff list (a manager's) does not.
    expect((await t.app.inject({ method: 'GET', url: `/api/kds?localClienteId=${venue}&modo=ativos`, headers: t.auth(body.access_token) })).statusCode).toBe(200);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Operador?localId=${venue}`, headers: t.auth(body.access_token) }), 403, MSG.accessDenied);
    expectError(await pair(codigo), 400, STAFF_MSG.deviceCodeInvalid);
    const after = (await t.app.inject({ method: 'GET', url: `/api/Operador?localId=${venue}`, headers: t.auth(token) })).json();
    expect(after.dispositivos.find((d: { id: string }) => d.id === id)).toMatchObject({ status: 'pareado', codigoExpiraEm: null });
    const audit = (await t.app.inject({ method: 'GET', url: `/api/Operador/Historico?localId=${venue}`, headers: t.auth(token) })).json().itens;
    expect(audit.slice(0, 2).map((a: { acao: string; autor: string }) => [a.acao, a.autor])).toEqual([
      ['Pareamento', 'Tablet da cozinha 2'],
      ['Novo dispositivo', 'Gustavo Gerente'],
    ]);
  });

  it('an expired code does not pair', async () => {
    const token = await t.login(DEMO.gerente);
    const { codigo } = (await create(token, { localId: t.seed.venues.restaurant, nome: 'Celular do garçom', perfil: 'Garcom' })).json();
    await sqlFor(t, DEMO.gerente, `update paired_devices set code_expires_at = now() - interval '1 second' where code_hash is not null`);
    expectError(await pair(codigo), 400, STAFF_MSG.deviceCodeInvalid);
  });

  it('answers 400 for bad input and non-device profiles, 403 for a device or another place', async () => {
    const token = await t.login(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    expectError(await create(token, { localId: venue, nome: '', perfil: 'Cozinha' }), 400, STAFF_MSG.deviceNameRequired, true);
    expectError(await create(token, { localId: venue, nome: 'Tablet', perfil: 'Gerente' }), 400, STAFF_MSG.deviceProfileNotDevice);
    expectError(await create(token, { localId: venue, nome: 'Tablet', perfil: 'Dono' }), 400, STAFF_MSG.profileUnknown);
    expectError(await create(await t.login(DEMO.cozinha), { localId: venue, nome: 'Tablet', perfil: 'Cozinha' }), 403, MSG.accessDenied);
    expectError(await create(token, { localId: t.seed.venues.school, nome: 'Tablet', perfil: 'Cozinha' }), 403, MSG.accessDenied);
    expectError(await pair('abc'), 400, STAFF_MSG.deviceCodeFormat, true);
  });

  it('limits wrong codes per address', async () => {
    for (let i = 0; i < DEVICE_PAIR_LIMIT_PER_ADDRESS; i++) expectError(await pair('AAAAAAAA', '10.0.0.9'), 400, STAFF_MSG.deviceCodeInvalid);
    expect429(await pair('AAAAAAAA', '10.0.0.9'), 15 * 60, MSG.tooManyAttempts);
    // Another address is not affected.
    expectError(await pair('AAAAAAAA', '10.0.0.10'), 400, STAFF_MSG.deviceCodeInvalid);
  });
});

describe('DELETE api/Dispositivo/{id}', () => {
  it('ends the device session at once: 401 on the next call, and its open board stream closes', async () => {
    const token = await t.login(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const { id, codigo } = (await create(token, { localId: venue, nome: 'Tablet da cozinha 2', perfil: 'Cozinha' })).json();
    const device = (await pair(codigo)).json().access_token as string;
    base ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ctrl = new AbortController();
    const stream = await fetch(await ticketedStreamUrl(base, t.app, device, venue), { signal: ctrl.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();

    // Another place's manager cannot revoke it, nor learn it exists (issue 37: the same 404 as a random id).
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/Dispositivo/${id}`, headers: t.auth(await t.login(DEMO.escola)) }), 404, STAFF_MSG.deviceNotFound);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/Dispositivo/${id}`, headers: t.auth(device) }), 403, MSG.accessDenied);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/Dispositivo/${id}`, headers: t.auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ended).toBe(true);
    expectError(await t.app.inject({ method: 'GET', url: '/api/account/userinfo', headers: t.auth(device) }), 401, MSG.unauthorized);
    const listed = (await t.app.inject({ method: 'GET', url: `/api/Operador?localId=${venue}`, headers: t.auth(token) })).json();
    expect(listed.dispositivos.some((d: { id: string }) => d.id === id)).toBe(false);
    const [line] = (await t.app.inject({ method: 'GET', url: `/api/Operador/Historico?localId=${venue}`, headers: t.auth(token) })).json().itens;
    expect(line).toMatchObject({ acao: 'Revogação', autor: 'Gustavo Gerente', descricao: 'Revogou o dispositivo Tablet da cozinha 2' });
    ctrl.abort();
  });

  it('answers 404 for an id that is not one', async () => {
    const token = await t.login(DEMO.gerente);
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/Dispositivo/nada', headers: t.auth(token) }), 404, STAFF_MSG.deviceNotFound);
  });
});
