/**
 * Session endpoints (userinfo, validate, Logout), roles of a place, positions, share tokens, and the
 * bearer-token guard itself.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { requireVenue } from '../../src/server/plugins/auth';
import { SESSION_TTL_HOURS, SHARE_TOKEN_TTL_SECONDS } from '../../src/shared/constants';
import {
  loginSuccess,
  placeRolesResponse,
  rolesByPositionResponse,
  shareTokenCreateResponse,
  userInfo,
  validateTokenResponse,
} from '../../src/shared/contract/auth';
import { MSG } from '../../src/shared/messages';
import { VENUE_ROLES } from '../../src/shared/roles';
import { DEMO, useTestApp } from '../setup/server';
import { expectError, rows, sqlFor } from './helpers';

const t = useTestApp();

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? t.auth(token) : {} });
const post = (url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: token ? t.auth(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('GET api/account/userinfo', () => {
  it('answers the user, places, settings and roles of the session', async () => {
    const token = await t.login(DEMO.escola);
    const res = await get('/api/account/userinfo', token);
    expect(res.statusCode).toBe(200);
    const body = userInfo.parse(res.json());
    expect(body).toEqual({
      usuarioMeep: { usuarioId: expect.any(String), nome: 'Elisa Escola', email: DEMO.escola },
      locais: [{ id: t.seed.venues.school, nome: 'Colégio Horizonte', tipo: 4, origemPropostaCliente: 1 }],
      configuracaoUsuarioMeep: { desktopApp: false, portalLegado: true },
      roles: '',
      isAdmin: false,
    });
  });

  it('reflects changes made after sign-in (it reads the database, not the token)', async () => {
    const token = await t.login(DEMO.gerente);
    await sqlFor(t, DEMO.gerente, `update users set desktop_app = true, name = 'Gustavo G.' where email = :email`);
    const body = (await get('/api/account/userinfo', token)).json();
    expect(body.usuarioMeep.nome).toBe('Gustavo G.');
    expect(body.configuracaoUsuarioMeep.desktopApp).toBe(true);
  });

  it('is reachable with the path in any case', async () => {
    const token = await t.login(DEMO.gerente);
    for (const url of ['/API/ACCOUNT/USERINFO', '/Api/Account/UserInfo', '/api/account/userinfo/']) {
      const res = await get(url, token);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().usuarioMeep.email).toBe(DEMO.gerente);
    }
  });

  it('answers 401 without a token, with a malformed header, and with an unknown token', async () => {
    expectError(await get('/api/account/userinfo'), 401, MSG.unauthorized);
    const token = await t.login(DEMO.gerente);
    for (const authorization of [`Basic ${token}`, 'Bearer', 'Bearer    ', token, `Bearer ${token}x`, 'Bearer desconhecido']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/account/userinfo', headers: { authorization } });
      expectError(res, 401, MSG.unauthorized);
    }
  });

  it('accepts the scheme in any case', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await t.app.inject({ method: 'GET', url: '/api/account/userinfo', headers: { authorization: `bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 once the session has expired', async () => {
    const token = await t.login(DEMO.gerente);
    expect((await get('/api/account/userinfo', token)).statusCode).toBe(200);
    await t.db.exec(`update sessions set expires_at = now() - interval '1 second'`);
    expectError(await get('/api/account/userinfo', token), 401, MSG.unauthorized);
    expectError(await post('/api/Account/validate', token), 401, MSG.unauthorized);
  });
});

describe('POST /api/Account/validate', () => {
  it('confirms a live token and tells when it expires', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await post('/api/Account/validate', token);
    expect(res.statusCode).toBe(200);
    const body = validateTokenResponse.parse(res.json());
    const [session] = await rows<{ expires_at: Date | string; ttl: number }>(
      t,
      'select expires_at, extract(epoch from expires_at - created_at)::int as ttl from sessions',
    );
    expect(new Date(body.expiresAt).getTime()).toBe(new Date(session.expires_at).getTime());
    expect(Math.abs(session.ttl - SESSION_TTL_HOURS * 3600)).toBeLessThanOrEqual(5);
  });

  it('answers 401 without a valid token', async () => {
    expectError(await post('/api/Account/validate'), 401, MSG.unauthorized);
    expectError(await post('/API/ACCOUNT/VALIDATE', 'nao-existe'), 401, MSG.unauthorized);
  });
});

describe('POST api/Account/Logout', () => {
  it('revokes the token (204), after which it answers 401 everywhere', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await post('/api/Account/Logout', token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await get('/api/account/userinfo', token), 401, MSG.unauthorized);
    expectError(await post('/api/Account/validate', token), 401, MSG.unauthorized);
    expectError(await post('/api/Account/Logout', token), 401, MSG.unauthorized);
    const [session] = await rows<{ revoked_at: unknown }>(t, 'select revoked_at from sessions');
    expect(session.revoked_at).not.toBeNull();
  });

  it('ends only the session it was called with', async () => {
    const first = await t.login(DEMO.gerente);
    const second = await t.login(DEMO.gerente);
    expect((await post('/api/account/logout', first)).statusCode).toBe(204);
    expect((await get('/api/account/userinfo', first)).statusCode).toBe(401);
    expect((await get('/api/account/userinfo', second)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expectError(await post('/api/Account/Logout'), 401, MSG.unauthorized);
  });
});

describe('GET api/Acesso/PapeisDoLocal/:localId', () => {
  it('answers the roles the user holds at an own venue, as items with Name', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await get(`/api/Acesso/PapeisDoLocal/${t.seed.venues.restaurant}`, token);
    expect(res.statusCode).toBe(200);
    const body = placeRolesResponse.parse(res.json());
    expect(body.items.map((i) => i.Name)).toEqual([...VENUE_ROLES]);
  });

  it('answers only the roles of that place for a limited user', async () => {
    const token = await t.login(DEMO.cozinha);
    const res = await get(`/api/acesso/papeisdolocal/${t.seed.venues.restaurant}`, token);
    expect(res.json()).toEqual({ items: [{ Name: 'Painel' }] });
    const suporte = await t.login(DEMO.suporte);
    const body = (await get(`/api/Acesso/PapeisDoLocal/${t.seed.venues.restaurant}`, suporte)).json();
    expect(body.items.map((i: { Name: string }) => i.Name)).toEqual(['SuporteMeep', 'MeepFoodConfiguration', 'Painel', 'IntegracaoIfoodKds']);
  });

  it('answers an empty list when the membership grants no role', async () => {
    await sqlFor(t, DEMO.cozinha, `update memberships set roles = '' where user_id = (select id from users where email = :email)`);
    const token = await t.login(DEMO.cozinha);
    expect((await get(`/api/Acesso/PapeisDoLocal/${t.seed.venues.restaurant}`, token)).json()).toEqual({ items: [] });
  });

  it('accepts the venue id in upper case', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await get(`/api/Acesso/PapeisDoLocal/${t.seed.venues.restaurant.toUpperCase()}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().items.length).toBe(VENUE_ROLES.length);
  });

  it('answers 403 for another venue', async () => {
    const token = await t.login(DEMO.gerente);
    expectError(await get(`/api/Acesso/PapeisDoLocal/${t.seed.venues.school}`, token), 403, MSG.accessDenied);
    const escola = await t.login(DEMO.escola);
    expectError(await get(`/api/Acesso/PapeisDoLocal/${t.seed.venues.restaurant}`, escola), 403, MSG.accessDenied);
  });

  it('answers 403 for a venue that does not exist and for garbage ids', async () => {
    const token = await t.login(DEMO.gerente);
    for (const id of [
      '00000000-0000-0000-0000-000000000000',
      'abc',
      'not-a-uuid',
      '------------------------------------',
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      '9d0ad138-ca86-4824-bb1b4-263e9ff1410',
      `${t.seed.venues.restaurant}0`,
      "1' or '1'='1",
    ]) {
      const res = await get(`/api/Acesso/PapeisDoLocal/${encodeURIComponent(id)}`, token);
      expectError(res, 403, MSG.accessDenied);
    }
  });

  it('answers 401 without a token', async () => {
    expectError(await get(`/api/Acesso/PapeisDoLocal/${t.seed.venues.restaurant}`), 401, MSG.unauthorized);
  });
});

describe('GET api/Acesso/BuscarPapeisPorCargo?ownerId=', () => {
  it('answers the positions of the venue, each with its roles', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await get(`/api/Acesso/BuscarPapeisPorCargo?ownerId=${t.seed.venues.restaurant}`, token);
    expect(res.statusCode).toBe(200);
    const body = rolesByPositionResponse.parse(res.json());
    const byCargo = Object.fromEntries(body.map((p) => [p.Cargo, p.Papeis.map((r) => r.Name)]));
    // "Bar": the demo's composed profile of the paired bar tablet (staff seed).
    expect(Object.keys(byCargo).sort()).toEqual(['Administrador', 'Bar', 'Cozinha', 'Garçom', 'Gerente', 'Suporte']);
    expect(byCargo.Bar).toEqual(['IntegracaoIfoodKds', 'Painel']);
    expect(byCargo.Cozinha).toEqual(['Painel']);
    expect(byCargo['Garçom']).toEqual(['Garcom']);
    expect(byCargo.Suporte).toEqual(['IntegracaoIfoodKds', 'MeepFoodConfiguration', 'Painel', 'SuporteMeep']);
    expect(byCargo.Gerente).toEqual([...VENUE_ROLES].sort());
  });

  it('answers only the positions of the venue asked for', async () => {
    const token = await t.login(DEMO.escola);
    const body = (await get(`/api/acesso/buscarpapeisporcargo?ownerId=${t.seed.venues.school}`, token)).json();
    expect(body.map((p: { Cargo: string }) => p.Cargo).sort()).toEqual(['Administrador', 'Gerente']);
  });

  it('groups members without a position under "Sem cargo"', async () => {
    await sqlFor(t, DEMO.cozinha, `update memberships set position = '' where user_id = (select id from users where email = :email)`);
    const token = await t.login(DEMO.gerente);
    const body = (await get(`/api/Acesso/BuscarPapeisPorCargo?ownerId=${t.seed.venues.restaurant}`, token)).json();
    expect(body).toContainEqual({ Cargo: 'Sem cargo', Papeis: [{ Name: 'Painel' }] });
  });

  it('answers 403 for another venue or a garbage id', async () => {
    const token = await t.login(DEMO.gerente);
    expectError(await get(`/api/Acesso/BuscarPapeisPorCargo?ownerId=${t.seed.venues.school}`, token), 403, MSG.accessDenied);
    expectError(await get(`/api/Acesso/BuscarPapeisPorCargo?ownerId=xyz`, token), 403, MSG.accessDenied);
  });

  it('an empty ownerId answers for the session’s current place (issue 40)', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await get(`/api/Acesso/BuscarPapeisPorCargo?ownerId=`, token);
    expect(res.statusCode, res.body).toBe(200);
    const named = (await get(`/api/Acesso/BuscarPapeisPorCargo?ownerId=${t.seed.venues.restaurant}`, token)).json();
    expect(res.json()).toEqual(named);
  });

  it('answers 400 with `errors` without ownerId', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await get('/api/Acesso/BuscarPapeisPorCargo', token);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.Message).toBe('Informe o parâmetro "ownerId".');
    expect(body.errors[0].path).toBe('querystring.ownerId');
  });

  it('answers 401 without a token', async () => {
    expectError(await get(`/api/Acesso/BuscarPapeisPorCargo?ownerId=${t.seed.venues.restaurant}`), 401, MSG.unauthorized);
  });
});

describe('api/sharetoken', () => {
  it('creates a one-time token that signs in once through the public GET', async () => {
    const token = await t.login(DEMO.gerente);
    const created = await post('/api/sharetoken', token, { localId: t.seed.venues.restaurant });
    expect(created.statusCode).toBe(201);
    const { token: share, expiresAt } = shareTokenCreateResponse.parse(created.json());
    const [stored] = await rows<{ expires_at: Date | string; token_hash: string; kind: string }>(t, 'select * from one_time_tokens');
    expect(stored.kind).toBe('share');
    expect(stored.token_hash).not.toBe(share);
    expect(new Date(expiresAt).getTime()).toBe(new Date(stored.expires_at).getTime());

    const first = await get(`/api/sharetoken/${share}`);
    expect(first.statusCode).toBe(200);
    const session = loginSuccess.parse(first.json());
    expect(session.usuarioMeep.email).toBe(DEMO.gerente);
    expect(session.access_token).not.toBe(token);
    expect((await get('/api/account/userinfo', session.access_token)).statusCode).toBe(200);

    expectError(await get(`/api/sharetoken/${share}`), 404, MSG.shareTokenInvalid);
  });

  it(`has a short life (${SHARE_TOKEN_TTL_SECONDS} s)`, async () => {
    const token = await t.login(DEMO.gerente);
    expect((await post('/api/sharetoken', token, {})).statusCode).toBe(201);
    const [row] = await rows<{ ttl: number }>(t, `select extract(epoch from expires_at - now())::int as ttl from one_time_tokens`);
    expect(row.ttl).toBeLessThanOrEqual(SHARE_TOKEN_TTL_SECONDS);
    expect(row.ttl).toBeGreaterThan(SHARE_TOKEN_TTL_SECONDS - 60);
  });

  it('is created without a body as well', async () => {
    const token = await t.login(DEMO.gerente);
    const created = await t.app.inject({ method: 'POST', url: '/api/sharetoken', headers: t.auth(token) });
    expect(created.statusCode).toBe(201);
    const share = created.json().token as string;
    expect((await get(`/api/sharetoken/${share}`)).statusCode).toBe(200);
  });

  it('keeps the case of the token in the path', async () => {
    const token = await t.login(DEMO.gerente);
    const share = (await post('/api/sharetoken', token, {})).json().token as string;
    expect(share).toMatch(/[A-Z]/);
    expectError(await get(`/api/sharetoken/${share.toLowerCase()}`), 404, MSG.shareTokenInvalid);
    expect((await get(`/API/SHARETOKEN/${share}`)).statusCode).toBe(200);
  });

  it('answers 404 for an expired token', async () => {
    const token = await t.login(DEMO.gerente);
    const share = (await post('/api/sharetoken', token, {})).json().token as string;
    await t.db.exec(`update one_time_tokens set expires_at = now() - interval '1 second'`);
    expectError(await get(`/api/sharetoken/${share}`), 404, MSG.shareTokenInvalid);
  });

  it('answers 404 for an unknown token and for a password-reset token', async () => {
    expectError(await get('/api/sharetoken/nao-existe'), 404, MSG.shareTokenInvalid);
    const rec = await post('/api/Account/SolicitarRecuperacaoSenha', undefined, { cpfOuEmail: DEMO.gerente });
    expect(rec.statusCode).toBe(200);
    await t.app.jobs.drain();
    const reset = /token=([^\s]+)/.exec(t.mails[0].text)![1];
    expectError(await get(`/api/sharetoken/${reset}`), 404, MSG.shareTokenInvalid);
  });

  it('refuses an over-long or malformed token with a pt-BR message', async () => {
    const long = await get(`/api/sharetoken/${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ Message: 'Endereço longo demais.' });
    const bad = await get('/api/sharetoken/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ Message: 'Endereço inválido.' });
  });

  it("answers 403 when asked for another venue's id, and creates nothing", async () => {
    const token = await t.login(DEMO.gerente);
    expectError(await post('/api/sharetoken', token, { localId: t.seed.venues.school }), 403, MSG.accessDenied);
    expectError(await post('/api/sharetoken', token, { localId: 'garbage' }), 403, MSG.accessDenied);
    expect(await rows(t, 'select token_hash from one_time_tokens')).toHaveLength(0);
  });

  it('answers 401 to create without a session', async () => {
    expectError(await post('/api/sharetoken', undefined, {}), 401, MSG.unauthorized);
  });
});

describe('the bearer-token guard', () => {
  it('answers 401 for unknown /api paths without a token and 404 with one', async () => {
    expectError(await get('/api/nada/aqui'), 401, MSG.unauthorized);
    const token = await t.login(DEMO.gerente);
    expectError(await get('/api/nada/aqui', token), 404, 'Recurso não encontrado.');
  });

  it('protects every non-public /api route however its path is spelled', async () => {
    // A throwaway route that, unlike the real ones, does not check the user itself: only the guard protects it.
    const app = await buildApp({
      db: t.db,
      mailer: { send: async () => {}, describe: () => 'nada' },
      config: { publicUrl: 'http://portal.test', frameAllowedOrigins: [] },
    });
    app.get('/api/teste/privado', async () => ({ segredo: 42 }));
    try {
      for (const url of ['/api/teste/privado', '/API/Teste/Privado', '//api/teste/privado', '/api//teste/privado', '/%61pi/teste/privado', '/%41PI/teste/privado']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
        expect(res.body, url).not.toContain('segredo');
      }
      const token = await t.login(DEMO.gerente);
      expect((await app.inject({ method: 'GET', url: '//api/teste/privado', headers: t.auth(token) })).json()).toEqual({ segredo: 42 });
    } finally {
      await app.close();
    }
  });

  it('lets a route require a role at the venue: session roles and place roles both count', async () => {
    const app = await buildApp({
      db: t.db,
      mailer: { send: async () => {}, describe: () => 'nada' },
      config: { publicUrl: 'http://portal.test', frameAllowedOrigins: [] },
    });
    app.get<{ Params: { id: string } }>('/api/teste/config/:id', async (req) => requireVenue(t.db.db, req, req.params.id, 'MeepFoodConfiguration'));
    app.get<{ Params: { id: string } }>('/api/teste/suporte/:id', async (req) => requireVenue(t.db.db, req, req.params.id, 'Admin, SuporteMeep'));
    const call = async (email: string, url: string) =>
      app.inject({ method: 'GET', url, headers: t.auth(await t.login(email)) });
    const { restaurant, school } = t.seed.venues;
    try {
      // The kitchen tablet holds only Painel there.
      expectError(await call(DEMO.cozinha, `/api/teste/config/${restaurant}`), 403, MSG.accessDenied);
      const gerente = await call(DEMO.gerente, `/api/teste/config/${restaurant}`);
      expect(gerente.statusCode).toBe(200);
      expect(gerente.json().venueId).toBe(restaurant);
      // Any one of a comma-separated requirement: SuporteMeep comes from the place...
      const suporte = await call(DEMO.suporte, `/api/teste/suporte/${restaurant}`);
      expect(suporte.statusCode).toBe(200);
      expect(suporte.json().roles.split(';')).toContain('SuporteMeep');
      expectError(await call(DEMO.gerente, `/api/teste/suporte/${restaurant}`), 403, MSG.accessDenied);
      // ...or from the user's global roles (the admin's Admin is not a place role).
      const admin = await call(DEMO.admin, `/api/teste/suporte/${school}`);
      expect(admin.statusCode).toBe(200);
      expect(admin.json().roles.split(';')).toEqual(expect.arrayContaining(['Admin', 'MeepFoodConfiguration']));
      // A role held at one venue does not open another.
      expectError(await call(DEMO.gerente, `/api/teste/config/${school}`), 403, MSG.accessDenied);
    } finally {
      await app.close();
    }
  });

  it('answers 500 with the generic message and no internals when a handler throws', async () => {
    const app = await buildApp({
      db: t.db,
      mailer: { send: async () => {}, describe: () => 'nada' },
      config: { publicUrl: 'http://portal.test', frameAllowedOrigins: [] },
    });
    app.get('/api/teste/quebra', async () => {
      throw new Error('duplicate key value violates unique constraint "users_email_unique" host=10.0.0.1');
    });
    app.get('/api/teste/quebra-status', async () => {
      throw Object.assign(new Error('upstream timeout at http://internal:9000'), { statusCode: 502 });
    });
    try {
      const token = await t.login(DEMO.gerente);
      for (const url of ['/api/teste/quebra', '/api/teste/quebra-status']) {
        const res = await app.inject({ method: 'GET', url, headers: t.auth(token) });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ Message: MSG.genericError });
        expect(res.body).not.toMatch(/users_email|10\.0\.0\.1|internal:9000|stack/);
      }
    } finally {
      await app.close();
    }
  });
});
