import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FileStoreUnavailableError } from '../../src/server/lib/file-storage';
import { HEALTH_MSG } from '../../src/server/plugins/health';
import { MSG } from '../../src/shared/messages';
import { DEMO, useTestApp } from '../setup/server';

const t = useTestApp();

describe('GET /api/health', () => {
  it('answers ok after checking each dependency, without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      dependencies: { database: { status: 'ok' }, files: { kind: 'local', status: 'ok' } },
    });
  });

  it('answers 503 "banco de dados indisponível" without internals when the database is gone', async () => {
    const exec = t.db.exec;
    t.db.exec = async () => {
      throw new Error('connection refused at 10.0.0.1:5432');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/API/Health' });
      expect(res.statusCode).toBe(503);
      expect(res.body).not.toContain('10.0.0.1');
      expect(res.json()).toMatchObject({ status: 'indisponível', dependencies: { database: { status: 'indisponível', message: HEALTH_MSG.databaseUnavailable }, files: { status: 'ok' } } });
    } finally {
      t.db.exec = exec;
    }
  });

  it('reports the file store separately: down is 200 "degradado" with the database still ok', async () => {
    const check = t.files.check;
    t.files.check = async () => {
      throw new FileStoreUnavailableError({ cause: new Error('connect ECONNREFUSED 10.0.0.2:9000') });
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
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
