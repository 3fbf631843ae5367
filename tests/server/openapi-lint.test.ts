/**
 * The OpenAPI document passes an independent linter: Redocly's "recommended" rules (operationId and
 * summary on every operation, valid 3.0.3 schemas — `nullable` only beside a `type` —, `servers`…);
 * and it says what integrators get back (issue 38): the board's event stream documents its 200
 * (text/event-stream), and every operation its 4xx answers with the pt-BR error body ({ Message }).
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../src/server/plugins/openapi';
import { KDS_PATHS } from '../../src/shared/orders';
import { useTestApp } from '../setup/server';

const t = useTestApp();
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

describe('OpenAPI lint (Redocly recommended)', () => {
  it('reports no error', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        'operation-operationId': 'error',
        'operation-operationId-unique': 'error',
        'operation-summary': 'error',
        // The spec writes one path with a trailing slash (POST api/ServiceSchedule/, spec 001); the router ignores it either way.
        'no-path-trailing-slash': 'off',
      },
    });
    const problems = await lintFromString({ source: res.body, absoluteRef: '/openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer ?? ''}`);
    expect(errors).toEqual([]);
    const doc = res.json();
    // Summaries are pt-BR; the servers entry points at this origin.
    expect(doc.paths['/api/mfa/login'].post.summary).toBe('Envia: mfa/login');
    expect(doc.paths['/api/mfa/login'].post.operationId).toBe('postApiMfaLogin');
    expect(doc.servers).toEqual([{ url: '/', description: 'Este servidor' }]);
  }, 60_000);
});


describe('OpenAPI responses', () => {
  it('GET /api/kds/events documents its 200 event stream and its 4xx', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    const op = doc.paths[KDS_PATHS.events].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/event-stream']);
    expect(op.responses['200'].description).toMatch(/pedido/i);
    for (const code of ['400', '401', '403']) expect(op.responses[code], code).toBeDefined();
  });

  it('every operation documents at least one 4xx answer with the { Message } body', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    const missing: string[] = [];
    for (const [path, item] of Object.entries<Record<string, { responses?: Record<string, any> }>>(doc.paths)) {
      for (const m of METHODS) {
        const op = item[m];
        if (!op) continue;
        // The health check and the runtime configuration take no input and no token: 200 or 503 only.
        if (path === '/api/health' || path === '/runtime-config.json') continue;
        const four = Object.entries(op.responses ?? {}).filter(([code]) => /^4\d\d$/.test(code));
        const withMessage = four.some(([, r]) => JSON.stringify(r).includes('Message'));
        if (!withMessage) missing.push(`${m.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
