/**
 * The OpenAPI document passes an independent linter: Redocly's "recommended" rules (operationId and
 * summary on every operation, valid 3.0.3 schemas — `nullable` only beside a `type` —, `servers`…).
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../src/server/plugins/openapi';
import { useTestApp } from '../setup/server';

const t = useTestApp();

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
