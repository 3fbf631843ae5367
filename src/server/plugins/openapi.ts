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
import { errorBody } from '../../shared/contract/common';
import { KDS_EVENT, KDS_PATHS } from '../../shared/orders';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** The pt-BR verb of a generated summary, by HTTP method. */
const VERB: Record<string, string> = { get: 'Consulta', post: 'Envia', put: 'Atualiza', patch: 'Altera', delete: 'Remove', head: 'Consulta', options: 'Opções de' };

/** `post /api/Local/{id}/Cadastrar` → `postApiLocalByIdCadastrar`: stable, readable, unique once suffixed. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith('{') ? `By${seg.slice(1, -1)}` : seg))
    .flatMap((seg) => seg.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * OpenAPI 3.0.3 allows `nullable` only beside a `type`; the zod transform writes
 * `{ nullable: true, anyOf: [...] }` for a nullable union. The same meaning, valid: each member nullable.
 */
function fixNullable(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(fixNullable);
  const o = node as Record<string, unknown>;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = o[key];
    if (o.nullable === true && !('type' in o) && Array.isArray(members)) {
      delete o.nullable;
      o[key] = members.map((m) => (m && typeof m === 'object' && !('$ref' in m) ? { ...m, nullable: true } : m));
    }
  }
  for (const v of Object.values(o)) fixNullable(v);
}

/** GET /api/kds/events: Server-Sent Events (orders-events.test.ts and kds-hub.ts are its contract). */
const EVENT_STREAM_200 = {
  description:
    'Fluxo de eventos (Server-Sent Events) do painel de pedidos do local: cada mudança de pedido chega como um evento com `id` ' +
    '(reenviado em `Last-Event-ID` ao reconectar, para receber o que faltou), `event` (o tipo) e `data` (JSON). Tipos: ' +
    `\`${Object.values(KDS_EVENT).join('`, `')}\` (novo pedido, mudança de pedido, status da impressora; \`ready\` ao conectar e ` +
    '`reset` quando o que faltou não pode ser reenviado: recarregue a lista). Comentários `:` mantêm a conexão viva. A URL leva ' +
    'um ticket de uso único (POST do ticket de fluxo), nunca o token.',
  content: { 'text/event-stream': { schema: { type: 'string', example: `id: 42\nevent: ${KDS_EVENT.orderCreated}\ndata: {"Pedido":{"Id":"…","Codigo":"1234"}}\n\n` } } },
};

type OpenApiDoc = { servers?: unknown[]; paths?: Record<string, Record<string, { operationId?: string; summary?: string } | undefined>> };

/**
 * What every operation carries for integrators and linters: a unique operationId, a pt-BR summary
 * (the route's own `schema.summary` when it has one, otherwise "<verbo>: <caminho>"), valid nullables
 * and a server (the same origin that serves the document).
 */
export function completeOpenApi<T extends OpenApiDoc>(doc: T): T {
  doc.servers = doc.servers?.length ? doc.servers : [{ url: '/', description: 'Este servidor' }];
  const used = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      let id = op.operationId ?? operationIdOf(method, path);
      for (let n = 2; used.has(id); n++) id = `${operationIdOf(method, path)}${n}`;
      used.add(id);
      op.operationId = id;
      op.summary ??= `${VERB[method] ?? method.toUpperCase()}: ${path.replace(/^\/api\//, '')}`;
    }
  }
  // The board's event stream (not JSON: zod cannot describe it) documents its 200 by hand.
  const events = doc.paths?.[KDS_PATHS.events]?.get as { responses?: Record<string, unknown> } | undefined;
  if (events) events.responses = { '200': EVENT_STREAM_200, ...events.responses };
  fixNullable(doc.paths);
  fixNullable((doc as { components?: unknown }).components);
  return doc;
}

/**
 * The 4xx every route answers by construction, documented where a route names none: a route with
 * params, query or body validates them (400, the pt-BR `{ Message, errors }`), and a route that is not
 * public needs its token (401). Routes that name their own 4xx keep them as they are.
 */
function documentErrors(route: { url: string; schema?: Record<string, unknown>; config?: unknown }): void {
  const schema = route.schema;
  if (!schema || schema.hide || route.url === OPENAPI_PATH) return;
  const response = (schema.response ?? {}) as Record<string | number, unknown>;
  if (Object.keys(response).some((code) => /^4\d\d$/.test(String(code)))) return;
  const extra: Record<number, typeof errorBody> = {};
  if (schema.params || schema.querystring || schema.body) extra[400] = errorBody;
  if (!(route.config as { public?: boolean } | undefined)?.public) extra[401] = errorBody;
  if (Object.keys(extra).length) schema.response = { ...response, ...extra };
}

export const openApiPlugin = fp(async (app: FastifyInstance) => {
  // The docs' own routes need no token.
  app.addHook('onRoute', (route) => {
    if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) route.config = { ...(route.config ?? {}), public: true };
    documentErrors(route as unknown as Parameters<typeof documentErrors>[0]);
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
    transformObject: (documentObject) => completeOpenApi(('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as OpenApiDoc),
  });
  app.get(OPENAPI_PATH, { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: false, uiConfig: { docExpansion: 'list', deepLinking: false } });
});
