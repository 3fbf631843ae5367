/**
 * The postal-code (CEP) adapter and GET api/Local/BuscarCep/{cep} against a loopback fake of the
 * ViaCEP-shaped service (a real HTTP server on port 0, passed to buildApp as POSTAL_CODE_URL).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { openDb, type DbHandle } from '../../../src/server/db/client';
import { seedDemo } from '../../../src/server/db/seed';
import { createPostalCodeAdapter } from '../../../src/server/modules/food-config/postal-code';
import { cepLookup } from '../../../src/shared/contract/food-config';
import { MSG } from '../../../src/shared/messages';
import { FOOD_CONFIG_MSG } from '../../../src/shared/food-config';
import { DEMO } from '../../setup/server';
import { expectError } from '../helpers';

/** The fake postal service: answers from `answers`, counts the requests per CEP. */
const hits = new Map<string, number>();
const answers = new Map<string, { status: number; body: unknown } | 'hang'>();
let fake: http.Server;
let base = '';

const paulista = { cep: '01310-100', logradouro: 'Avenida Paulista', complemento: 'de 612 a 1510 - lado par', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' };

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const m = /^\/ws\/(\d{8})\/json\/?$/.exec(req.url ?? '');
    const cep = m?.[1] ?? 'bad';
    hits.set(cep, (hits.get(cep) ?? 0) + 1);
    const answer = answers.get(cep);
    if (answer === 'hang') return; // never answers: the adapter's timeout ends it
    const { status, body } = answer ?? { status: 400, body: '<h1>Bad Request</h1>' };
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/ws`;
});
afterAll(async () => {
  fake.closeAllConnections();
  await new Promise((r) => fake.close(r));
});
beforeEach(() => {
  hits.clear();
  answers.clear();
  answers.set('01310100', { status: 200, body: paulista });
  answers.set('99999999', { status: 200, body: { erro: true } });
  answers.set('50000000', { status: 500, body: { message: 'internal' } });
  answers.set('40000000', 'hang');
  answers.set('69900000', { status: 200, body: { cep: '69900-000', logradouro: '', bairro: '', localidade: 'Rio Branco', uf: 'AC' } });
  answers.set('12345678', { status: 200, body: { cep: '12345-678', logradouro: 'Rua Nova', bairro: 'Centro', localidade: 'Vila Inventada', uf: 'SP' } });
  answers.set('77777777', { status: 200, body: 'not json' });
});

describe('postal-code adapter', () => {
  it('maps the answer to our state and city ids', async () => {
    const adapter = createPostalCodeAdapter({ baseUrl: base });
    expect(await adapter.lookup('01310-100')).toEqual({
      kind: 'found',
      address: { cep: '01310100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', cidade: 'São Paulo', uf: 'SP', stateId: 35, cityId: 3550308 },
    });
    // Without the ibge code the city is found by name.
    expect(await adapter.lookup('69900000')).toMatchObject({ kind: 'found', address: { cidade: 'Rio Branco', stateId: 12, cityId: 1200401 } });
    // A city outside our list keeps its name, with no id.
    expect(await adapter.lookup('12345678')).toMatchObject({ kind: 'found', address: { cidade: 'Vila Inventada', uf: 'SP', stateId: 35, cityId: null } });
  });

  it('caches found and unknown CEPs, so the service is asked once', async () => {
    const adapter = createPostalCodeAdapter({ baseUrl: base });
    await adapter.lookup('01310100');
    await adapter.lookup('01310-100');
    expect(hits.get('01310100')).toBe(1);
    expect((await adapter.lookup('99999999')).kind).toBe('not-found');
    expect((await adapter.lookup('99999999')).kind).toBe('not-found');
    expect(hits.get('99999999')).toBe(1);
  });

  it('shares one request between concurrent lookups of a CEP', async () => {
    const adapter = createPostalCodeAdapter({ baseUrl: base });
    const results = await Promise.all([adapter.lookup('01310100'), adapter.lookup('01310100'), adapter.lookup('01310100')]);
    expect(results.every((r) => r.kind === 'found')).toBe(true);
    expect(hits.get('01310100')).toBe(1);
  });

  it('reports failures (5xx, not JSON, timeout, nobody listening) as unavailable and does not cache them', async () => {
    const adapter = createPostalCodeAdapter({ baseUrl: base, timeoutMs: 200 });
    expect(await adapter.lookup('50000000')).toEqual({ kind: 'unavailable' });
    expect(await adapter.lookup('77777777')).toEqual({ kind: 'unavailable' });
    expect(await adapter.lookup('40000000')).toEqual({ kind: 'unavailable' });
    answers.set('50000000', { status: 200, body: { ...paulista, cep: '50000-000', localidade: 'Recife', uf: 'PE', ibge: '2611606' } });
    expect(await adapter.lookup('50000000')).toMatchObject({ kind: 'found', address: { cidade: 'Recife', cityId: 2611606 } });
    expect(hits.get('50000000')).toBe(2);
    const closed = createPostalCodeAdapter({ baseUrl: 'http://127.0.0.1:9/ws', timeoutMs: 500 });
    expect(await closed.lookup('01310100')).toEqual({ kind: 'unavailable' });
  });

  it('never asks the service for an incomplete CEP', async () => {
    const adapter = createPostalCodeAdapter({ baseUrl: base });
    expect(await adapter.lookup('0131010')).toEqual({ kind: 'not-found' });
    expect(hits.size).toBe(0);
  });
});

describe('GET api/Local/BuscarCep/{cep}', () => {
  let db: DbHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let token = '';

  beforeAll(async () => {
    db = await openDb({});
    app = await buildApp({
      db,
      mailer: { send: async () => {}, describe: () => 'memória' },
      config: { publicUrl: 'http://portal.test', frameAllowedOrigins: [] },
      env: { POSTAL_CODE_URL: base, POSTAL_CODE_TIMEOUT_MS: '300' },
    });
    await seedDemo(db.db);
    const res = await app.inject({ method: 'POST', url: '/api/mfa/login', payload: { username: DEMO.gerente, password: DEMO.password } });
    token = res.json().access_token;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });
  const lookup = (cep: string, auth = true) =>
    app.inject({ method: 'GET', url: `/api/Local/BuscarCep/${cep}`, headers: auth ? { authorization: `Bearer ${token}` } : {} });

  it('answers street, neighbourhood, city and state with their ids', async () => {
    const res = await lookup('01310100');
    expect(res.statusCode).toBe(200);
    expect(cepLookup.parse(res.json())).toEqual({
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'SP',
      stateId: 35,
      cityId: 3550308,
    });
    expect((await lookup('01310-100')).statusCode).toBe(200);
    expect(hits.get('01310100')).toBe(1);
  });

  it('answers 404 for an unknown CEP and 502 when the service fails or is slow, without internals', async () => {
    expectError(await lookup('99999999'), 404, FOOD_CONFIG_MSG.cepNotFound);
    const failed = await lookup('50000000');
    expectError(failed, 502, FOOD_CONFIG_MSG.cepUnavailable);
    expect(failed.body).not.toContain('internal');
    expectError(await lookup('40000000'), 502, FOOD_CONFIG_MSG.cepUnavailable);
  });

  it('refuses an incomplete CEP without asking the service', async () => {
    expectError(await lookup('0131010'), 400, FOOD_CONFIG_MSG.cepInvalid);
    expectError(await lookup('abcdefgh'), 400, FOOD_CONFIG_MSG.cepInvalid);
    expect(hits.size).toBe(0);
  });

  it('needs a session', async () => {
    expectError(await lookup('01310100', false), 401, MSG.unauthorized);
  });
});
