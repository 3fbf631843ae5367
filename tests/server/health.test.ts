import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { FileStoreUnavailableError } from '../../src/server/lib/file-storage';
import { APP_VERSION } from '../../src/shared/constants';
import { HEALTH_MSG } from '../../src/server/plugins/health';
import { MSG } from '../../src/shared/messages';
import { DEMO, useTestApp } from '../setup/server';

const t = useTestApp();

describe('GET /api/health', () => {
  it('answers only the status to an anonymous caller: no version, no database kind, no dependencies', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.body).not.toContain(APP_VERSION);
    expect(res.body).not.toMatch(/pglite|postgres/i);
  });

  it("gives an Admin's token each dependency, the version and the database kind", async () => {
    const token = await t.login(DEMO.admin);
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: t.auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      version: APP_VERSION,
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      dependencies: { database: { status: 'ok' }, files: { kind: 'local', status: 'ok' } },
    });
  });

  it('keeps the details from a signed-in user who is not an Admin', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: t.auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('gives the details to Bearer HEALTH_TOKEN, and only the status to a wrong token', async () => {
    const healthToken = 'monitoramento-9f3c1a7e5b2d4c6e';
    const app = await buildApp({ db: t.db, mailer: { send: async () => {}, describe: () => 'memória' }, files: t.files, env: { ...process.env, HEALTH_TOKEN: healthToken }, config: { publicUrl: 'http://portal.test', frameAllowedOrigins: [], staticDir: undefined } });
    try {
      const ok = await app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${healthToken}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'ok', version: APP_VERSION, dependencies: { database: { status: 'ok' } } });
      const wrong = await app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${healthToken}x` } });
      expect(wrong.statusCode).toBe(200);
      expect(wrong.json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
    }
  });

  it('answers 503 "banco de dados indisponível" without internals when the database is gone (status only when anonymous)', async () => {
    const token = await t.login(DEMO.admin);
    const exec = t.db.exec;
    t.db.exec = async () => {
      throw new Error('connection refused at 10.0.0.1:5432');
    };
    try {
      const anonymous = await t.app.inject({ method: 'GET', url: '/API/Health' });
      expect(anonymous.statusCode).toBe(503);
      expect(anonymous.json()).toEqual({ status: 'indisponível' });
      const res = await t.app.inject({ method: 'GET', url: '/API/Health', headers: t.auth(token) });
      expect(res.statusCode).toBe(503);
      expect(res.body).not.toContain('10.0.0.1');
      expect(res.json()).toMatchObject({ status: 'indisponível', dependencies: { database: { status: 'indisponível', message: HEALTH_MSG.databaseUnavailable }, files: { status: 'ok' } } });
    } finally {
      t.db.exec = exec;
    }
  });

  it('reports the file store separately: down is 200 "degradado" with the database still ok', async () => {
    const token = await t.login(DEMO.admin);
    const check = t.files.check;
    t.files.check = async () => {
      throw new FileStoreUnavailableError({ cause: new Error('connect ECONNREFUSED 10.0.0.2:9000') });
    };
    try {
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json()).toEqual({ status: 'degradado' });
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: t.auth(token) });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('10.0.0.2');
      expect(res.json()).toMatchObject({ status: 'degradado', dependencies: { database: { status: 'ok' }, files: { status: 'indisponível', message: HEALTH_MSG.filesUnavailable } } });
    } finally {
      t.files.check = check;
    }
  });
});

describe('a file store outage in a request', () => {
  it('is a pt-BR 503 about the file store, not "database unavailable" nor a 500', async () => {
    const token = await t.login(DEMO.gerente);
    const venueId = t.seed.venues.restaurant;
    const get = t.files.get;
    t.files.get = async () => {
      throw new FileStoreUnavailableError({ cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.2:9000'), { code: 'ECONNREFUSED' }) });
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: `/api/download/file?relativePath=downloads/${venueId}/customers/${randomUUID()}.csv`, headers: t.auth(token) });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ Message: MSG.fileStoreUnavailable });
      expect(res.body).not.toContain('10.0.0.2');
    } finally {
      t.files.get = get;
    }
  });
});
