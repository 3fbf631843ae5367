/** The OpenAPI document: generated from the shared schemas, public, and holding every route. */
import { describe, expect, it } from 'vitest';
import { DOCS_PREFIX, OPENAPI_PATH } from '../../src/server/plugins/openapi';
import { useTestApp } from '../setup/server';

const t = useTestApp();

const toOpenApi = (url: string) => url.replace(/:([A-Za-z0-9_]+)\??/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is public and lists every registered route with its method', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const routes = t.app.registeredRoutes.filter(
      (r) => r.url !== OPENAPI_PATH && r.url !== '/' && !r.url.startsWith(DOCS_PREFIX) && !r.url.includes('*'),
    );
    expect(routes.length).toBeGreaterThan(80);
    const missing = routes.filter((r) => !doc.paths[toOpenApi(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('carries the shared schemas: the sign-in body and a query', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    const login = doc.paths['/api/mfa/login'].post;
    expect(JSON.stringify(login.requestBody)).toContain('username');
    expect(JSON.stringify(login.requestBody)).toContain('password');
    const states = doc.paths['/api/workflow/states'].get;
    expect(states.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toContain('query:localClienteId');
  });

  it('has a browsable page for integrators at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });
});
