import { describe, expect, it } from 'vitest';
import { useTestApp } from '../setup/server';

const t = useTestApp();

describe('GET /api/health', () => {
  it('answers ok after checking the database, without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('answers 503 without internals when the database is gone', async () => {
    const exec = t.db.exec;
    t.db.exec = async () => {
      throw new Error('connection refused at 10.0.0.1:5432');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/API/Health' });
      expect(res.statusCode).toBe(503);
      expect(res.body).not.toContain('10.0.0.1');
    } finally {
      t.db.exec = exec;
    }
  });
});
