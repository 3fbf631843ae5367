/**
 * Input hygiene and the front door: control characters, query names in any case, pt-BR messages
 * that name the field, database errors as 4xx, client addresses only from trusted proxies,
 * security headers, image references, `/` on a first visit and what the log may say.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { parseTrustProxy } from '../../src/server/config';
import { logSerializers } from '../../src/server/lib/log-redaction';
import { HttpError } from '../../src/server/lib/http-error';
import { MSG } from '../../src/shared/messages';
import { DEMO, useTestApp } from '../setup/server';
import { PNG_1PX } from './products/helpers';
import { expectError } from './helpers';

const t = useTestApp();
const mailer = { send: async () => {}, describe: () => '' };

describe('control characters', () => {
  it('refuses NUL and other controls in any text with 400 naming the field, on public routes too', async () => {
    for (const [url, payload, field] of [
      ['/api/mfa/login', { username: 'gerente@balcao.dev\u0000', password: 'x' }, 'username'],
      ['/api/mfa/validate', { username: DEMO.mfa, code: 'AB\u0000CDE' }, 'code'],
      ['/api/Account/SolicitarRecuperacaoSenha', { cpfOuEmail: '\u0000' }, 'cpfOuEmail'],
      ['/api/Account/Register', { nome: 'Ana\u001b[31m', cpf: '1', email: 'a@b.c', senha: 'x', confirmarSenha: 'x' }, 'nome'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expectError(res, 400, `O campo "${field}" contém caracteres não permitidos.`);
    }
    const token = await t.login(DEMO.gerente);
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/SalesPoint/Add',
      headers: t.auth(token),
      payload: { salesPoint: { name: 'ok', managementSystemConfiguration: [{ note: 'a\u0000b' }] } },
    });
    expectError(nested, 400, 'O campo "note" contém caracteres não permitidos.');
    const query = await t.app.inject({ method: 'GET', url: `/api/kds?localClienteId=${t.seed.venues.restaurant}&keyword=a%00b`, headers: t.auth(token) });
    expectError(query, 400, 'O parâmetro "keyword" contém caracteres não permitidos.');
    const param = await t.app.inject({ method: 'GET', url: '/api/Local/BuscarCep/0100%00000', headers: t.auth(token) });
    expect(param.statusCode).toBe(400);
    expect(param.json().Message).toMatch(/caracteres não permitidos/);
  });

  it('keeps line breaks and tabs in text', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Account/SolicitarRecuperacaoSenha', payload: { cpfOuEmail: 'linha\num\tdois' } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses JSON nested deeper than any form sends', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = [deep];
    const res = await t.app.inject({ method: 'POST', url: '/api/mfa/login', payload: { username: deep, password: 'x' } });
    expectError(res, 400, 'Os dados enviados têm níveis demais.');
  });
});

describe('query parameter names and messages', () => {
  it('binds query names in any case, as the backend we mirror does', async () => {
    const token = await t.login(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    for (const name of ['localClienteId', 'LocalClienteId', 'LOCALCLIENTEID', 'localclienteid']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/workflow/states?${name}=${venue}`, headers: t.auth(token) });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json().length).toBeGreaterThan(0);
    }
  });

  it('words a missing or invalid parameter in pt-BR with its name; keeps the spec’s own messages', async () => {
    const token = await t.login(DEMO.gerente);
    expectError(await t.app.inject({ method: 'GET', url: '/api/Acesso/BuscarPapeisPorCargo', headers: t.auth(token) }), 400, 'Informe o parâmetro "ownerId".');
    const body = await t.app.inject({ method: 'POST', url: '/api/mfa/login', payload: { password: 'x' } });
    expectError(body, 400, 'Informe o campo "username".');
    // A message the contract wrote itself is kept as it is.
    expectError(await t.app.inject({ method: 'POST', url: '/api/Account/SolicitarRecuperacaoSenha', payload: { cpfOuEmail: ' ' } }), 400, MSG.recoveryRequired);
  });
});

describe('numbers within their columns', () => {
  it('refuses a price, a store order and a command timer beyond their columns with 400 naming the field', async () => {
    const headers = t.auth(await t.login(DEMO.gerente));
    const venue = t.seed.venues.restaurant;
    const wizard = await t.app.inject({ method: 'POST', url: '/api/Produto/AdicionarProdutoV2', headers, payload: { LocalClienteId: venue, Nome: 'Caro', Valor: 1e12 } });
    expect(wizard.statusCode).toBe(400);
    expect(wizard.json().Message).toContain('"Valor"');
    const store = await t.app.inject({
      method: 'POST',
      url: '/api/store/',
      headers,
      payload: { name: 'Loja', image: PNG_1PX, ownerId: venue, order: 2147483648, sectors: [], storeCategories: [], users: [], availableDay: [] },
    });
    expectError(store, 400, 'O campo "order" deve ser no máximo 2147483647.');
  });
});

describe('database errors caused by input', () => {
  it('answer 4xx with a pt-BR message, never 500', async () => {
    const app = await buildApp({ db: t.db, mailer, config: { publicUrl: 'x', frameAllowedOrigins: [] } });
    const failing = (code: string) => Object.assign(new Error('driver said something with "a customer value"'), { code });
    app.get('/api/teste/db/:code', { config: { public: true } }, async (req) => {
      throw new (class extends Error {
        cause = failing((req.params as { code: string }).code);
      })('Failed query');
    });
    app.get('/api/teste/http', { config: { public: true } }, async () => {
      throw new HttpError(418, 'Sou um bule.');
    });
    try {
      for (const [code, status] of [['22P02', 400], ['22003', 400], ['22021', 400], ['23505', 409], ['23503', 409]] as const) {
        const res = await app.inject({ method: 'GET', url: `/api/teste/db/${code}` });
        expect(res.statusCode, code).toBe(status);
        expect(res.json().Message, code).toMatch(/[ãéíóúç]|inválid|registro/i);
        expect(res.body).not.toContain('customer');
      }
      const unknown = await app.inject({ method: 'GET', url: '/api/teste/db/XX000' });
      expectError(unknown, 500, MSG.genericError);
    } finally {
      await app.close();
    }
  });
});

describe('client addresses (TRUST_PROXY)', () => {
  it('ignores X-Forwarded-For by default: rotating it does not dodge the per-address limit', async () => {
    for (let i = 0; i < 10; i++) {
      await t.app.inject({ method: 'POST', url: '/api/Account/SolicitarRecuperacaoSenha', payload: { cpfOuEmail: `a${i}@x.com` }, headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/Account/SolicitarRecuperacaoSenha', payload: { cpfOuEmail: 'b@x.com' }, headers: { 'x-forwarded-for': '198.51.100.9' } });
    expect(res.statusCode).toBe(429);
  });

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    const app = await buildApp({ db: t.db, mailer, config: { publicUrl: 'x', frameAllowedOrigins: [], trustProxy: parseTrustProxy('10.0.0.1') } });
    app.get('/api/teste/ip', { config: { public: true } }, async (req) => ({ ip: req.ip }));
    try {
      const viaProxy = await app.inject({ method: 'GET', url: '/api/teste/ip', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '203.0.113.5' } });
      expect(viaProxy.json()).toEqual({ ip: '203.0.113.5' });
      const direct = await app.inject({ method: 'GET', url: '/api/teste/ip', remoteAddress: '198.51.100.1', headers: { 'x-forwarded-for': '203.0.113.5' } });
      expect(direct.json()).toEqual({ ip: '198.51.100.1' });
    } finally {
      await app.close();
    }
  });

  it('parses TRUST_PROXY: none by default, hop counts, lists; "true" is refused', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('none')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 10.0.0.1, 10.1.0.0/16 ')).toBe('10.0.0.1,10.1.0.0/16');
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
  });
});

describe('security headers', () => {
  it('sends a CSP with frame-ancestors from FRAME_ALLOWED_ORIGINS, nosniff and no referrer', async () => {
    const app = await buildApp({
      db: t.db,
      mailer,
      config: { publicUrl: 'x', frameAllowedOrigins: ['https://erp.example.com.br'], legacyPortalUrl: 'https://legado.example.com.br/portal' },
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/runtime-config.json' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'self' https://erp.example.com.br");
      expect(csp).toContain("frame-src 'self' https://legado.example.com.br");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('image references', () => {
  it('accepts only files we stored for this venue', async () => {
    const headers = t.auth(await t.login(DEMO.gerente));
    const venue = t.seed.venues.restaurant;
    const store = (image: string) => ({
      name: 'Pizzaria do pátio',
      image,
      ownerId: venue,
      order: 3,
      sectors: [],
      storeCategories: [],
      users: [],
      availableDay: [],
    });
    for (const image of ['/api/imagens/../../etc/passwd', `/api/imagens/${venue}/../../../etc/passwd`, `/api/imagens/${venue}/${'a'.repeat(40)}.png`, '/icons/../../etc/passwd']) {
      expectError(await t.app.inject({ method: 'POST', url: '/api/store/', headers, payload: store(image) }), 400, 'Não foi possível ler a imagem. Escolha outro arquivo.');
    }
    const created = await t.app.inject({ method: 'POST', url: '/api/store/', headers, payload: store(PNG_1PX) });
    expect(created.statusCode, created.body).toBe(201);
    const again = await t.app.inject({ method: 'POST', url: '/api/store/', headers, payload: { ...store(created.json().ImageUrl), name: 'Outra' } });
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('the front door', () => {
  it('GET / answers the app shell on a first visit (no token, no service worker)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-static-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Balcão</title><div id="root"></div>');
    const app = await buildApp({ db: t.db, mailer, config: { publicUrl: 'x', frameAllowedOrigins: [], staticDir: dir } });
    try {
      for (const url of ['/', '/?x=1', '/login', '/meepFood/painel']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
        expect(res.body, url).toContain('<div id="root">');
        expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      }
    } finally {
      await app.close();
    }
  });
});

describe('the log', () => {
  it('keeps tokens and customer data out: route pattern, query names only, database values scrubbed', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const app = await buildApp({
      db: t.db,
      mailer,
      config: { publicUrl: 'x', frameAllowedOrigins: [] },
      logger: { level: 'info', serializers: logSerializers, stream } as never,
    });
    try {
      await app.inject({ method: 'GET', url: '/api/sharetoken/segredo-do-link-123' });
      await app.inject({ method: 'GET', url: '/api/kds/events?localClienteId=abc&ticket=token-secreto' });
      await app.inject({ method: 'POST', url: '/api/kds/intake?cliente=Maria%20Silva&telefone=11999990000', payload: {} });
      const log = lines.join('\n');
      expect(log).toContain('/api/sharetoken/:token');
      expect(log).toContain('ticket=…');
      expect(log).not.toContain('segredo-do-link-123');
      expect(log).not.toContain('token-secreto');
      expect(log).not.toContain('Maria');
      expect(log).not.toContain('11999990000');
    } finally {
      await app.close();
    }
    const err = logSerializers.err(Object.assign(new Error('invalid input syntax for type uuid: "cpf 123.456.789-09"'), { code: '22P02' }));
    expect(JSON.stringify(err)).not.toContain('123.456');
  });
});
