/**
 * Request hygiene that every route gets without touching its file:
 * - the registered routes are collected (role matrix, fuzz test and OpenAPI walk the same list);
 * - query parameter names bind case-insensitively to the names the route's schema declares, as
 *   the backend we mirror does (`?LocalClienteId=` reaches `localClienteId`);
 * - text with NUL or other control characters is refused with 400 naming the field (the database
 *   would raise on NUL), and absurdly deep JSON with 400, before any schema or handler runs;
 * - least privilege (src/shared/permissions.ts): the route's rule is checked against every role
 *   the user holds; `requireVenue` checks it again with the roles of the venue in question.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '../../shared/messages';
import { mayCall, permissionFor } from '../../shared/permissions';
import { mergeRoles } from '../../shared/roles';
import { HttpError } from '../lib/http-error';
import { isWrapper, zodDef } from '../lib/zod-def';

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the security plugin (HEAD twins left out). */
    registeredRoutes: RegisteredRoute[];
  }
  interface FastifyContextConfig {
    /** Lower-case query name → the name the route's schema declares (filled by the security plugin). */
    queryNames?: Record<string, string>;
  }
}

/** C0 controls except tab, line feed and carriage return, plus DEL and the C1 block. */
// eslint-disable-next-line no-control-regex
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const MAX_DEPTH = 32;

export const messages = {
  controlCharacters: (field: string) => `O campo "${field}" contém caracteres não permitidos.`,
  tooDeep: 'Os dados enviados têm níveis demais.',
};

/** The keys an object schema (possibly wrapped in optional/pipe/union...) declares. */
export function schemaKeys(schema: unknown, depth = 0): string[] {
  const def = zodDef(schema);
  if (!def || depth > 8) return [];
  if (isWrapper(def)) return schemaKeys(def.innerType, depth + 1);
  switch (def.type) {
    case 'object':
      return Object.keys((def.shape as Record<string, unknown>) ?? {});
    case 'pipe':
      return schemaKeys(def.in, depth + 1);
    case 'intersection':
      return [...schemaKeys(def.left, depth + 1), ...schemaKeys(def.right, depth + 1)];
    case 'union':
      return (def.options as unknown[]).flatMap((o) => schemaKeys(o, depth + 1));
    default:
      return [];
  }
}

/** The readable name of a field path: its last non-index part. */
export function fieldName(path: Array<string | number>): string {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string' && !/^\d+$/.test(String(path[i]))) return String(path[i]);
  return path.length ? String(path[path.length - 1]) : 'corpo';
}

/** First field whose text (or key) has a forbidden control character, or the depth overflow. */
export function findBadText(value: unknown, root: string): { field: string } | { tooDeep: true } | null {
  const stack: Array<{ v: unknown; path: Array<string | number>; depth: number }> = [{ v: value, path: [], depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (CONTROL_RE.test(v)) return { field: path.length ? fieldName(path) : root };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) return { tooDeep: true };
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: [...path, i], depth: depth + 1 }));
      continue;
    }
    // Buffers, streams and multipart file parts are not text (query objects have their own prototype).
    if (ArrayBuffer.isView(v) || typeof (v as { pipe?: unknown }).pipe === 'function' || 'file' in v) continue;
    for (const [k, item] of Object.entries(v)) {
      if (CONTROL_RE.test(k)) return { field: fieldName([...path, k]) };
      stack.push({ v: item, path: [...path, k], depth: depth + 1 });
    }
  }
  return null;
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify's automatic HEAD twin of a GET route is the same route.
      if (method === 'HEAD' && routes.some((r) => r.method === 'GET' && r.url === route.url)) continue;
      routes.push({ method, url: route.url, public: Boolean(route.config?.public), schema: route.schema });
    }
    const keys = schemaKeys(route.schema?.querystring);
    if (keys.length) {
      route.config = { ...(route.config ?? {}), queryNames: Object.fromEntries(keys.map((k) => [k.toLowerCase(), k])) };
    }
  });

  app.addHook('preValidation', async (request) => {
    // Least privilege first: a refused caller learns nothing about the input's shape.
    const url = request.routeOptions.url;
    if (request.user && url && !request.routeOptions.config?.public) {
      const rule = permissionFor(request.method, url);
      if (!(rule && rule.device && !rule.role)) {
        // Every role the user holds anywhere: the session's and those of all their places.
        const roles = mergeRoles(request.user.roles, request.user.placeRoles);
        if (!mayCall(roles, request.method, url)) throw new HttpError(403, MSG.accessDenied);
      }
    }

    const names = request.routeOptions.config?.queryNames;
    const query = request.query as Record<string, unknown> | undefined;
    if (names && query && typeof query === 'object') {
      let renamed: Record<string, unknown> | null = null;
      for (const key of Object.keys(query)) {
        const declared = names[key.toLowerCase()];
        if (declared && declared !== key && !(declared in query)) {
          renamed ??= { ...query };
          renamed[declared] = renamed[key];
          delete renamed[key];
        }
      }
      if (renamed) request.query = renamed;
    }

    for (const [part, value] of [
      ['parâmetro', request.params],
      ['parâmetro', request.query],
      ['campo', request.body],
    ] as const) {
      const bad = findBadText(value, part === 'campo' ? 'corpo' : 'parâmetro');
      if (!bad) continue;
      if ('tooDeep' in bad) throw new HttpError(400, messages.tooDeep);
      throw new HttpError(400, part === 'campo' ? messages.controlCharacters(bad.field) : `O parâmetro "${bad.field}" contém caracteres não permitidos.`, {
        errors: [{ path: bad.field, message: 'Caracteres não permitidos.' }],
      });
    }
  });
});
