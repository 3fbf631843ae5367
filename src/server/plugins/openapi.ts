/**
 * The API's OpenAPI document, generated from the same shared zod schemas the routes validate with
 * (@fastify/swagger + fastify-type-provider-zod's transform), at `/api/openapi.json`, and a page
 * to browse it at `/api/docs` (@fastify/swagger-ui). Both are public: they describe paths and
 * shapes, never data. Register before the routes (swagger collects them as they are added).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../../shared/constants';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

export const openApiPlugin = fp(async (app: FastifyInstance) => {
  // The docs' own routes need no token.
  app.addHook('onRoute', (route) => {
    if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Balcão API',
        version: APP_VERSION,
        description:
          'API do Balcão. Autenticação: `Authorization: Bearer {access_token}` (POST /api/mfa/login). Erros: `{ Message, errors? }` em pt-BR.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: createJsonSchemaTransform({
      skipList: [OPENAPI_PATH, '/'],
      zodToJsonConfig: { unrepresentable: 'any' },
    }),
  });
  app.get(OPENAPI_PATH, { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: false, uiConfig: { docExpansion: 'list', deepLinking: false } });
});
