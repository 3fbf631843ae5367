/**
 * Bearer-token authentication and venue scoping. Every route needs a valid session unless its
 * config says `public: true`. Handlers reach a venue only through `requireVenue`, which checks that
 * the user belongs to it and holds the role the route needs there (session roles ∪ place roles).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '../../shared/messages';
import { hasAccess, mergeRoles } from '../../shared/roles';
import { mayCall } from '../../shared/permissions';
import type { Db, DbHandle } from '../db/client';
import { memberships, sessions, users } from '../db/schema/auth';
import { sha256 } from '../lib/crypto';
import { HttpError } from '../lib/http-error';
import { SessionStreams } from '../lib/session-events';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  roles: string;
  isAdmin: boolean;
  sessionId: string;
  sessionExpiresAt: Date;
}

export interface VenueAccess {
  venueId: string;
  /** Session roles merged with the roles of this place. */
  roles: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Open event streams per session; `revoke()` ends sessions and their streams in every process. */
    sessionStreams: SessionStreams;
  }
  interface FastifyContextConfig {
    /** Reachable without a bearer token. */
    public?: boolean;
    /**
     * Query parameter that may carry the token instead of the Authorization header, for the few
     * clients that cannot send headers (EventSource). Checked exactly like a bearer token.
     */
    queryToken?: string;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return m ? m[1].trim() : null;
}

/** The signed-in user; throws 401 when there is none. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, MSG.unauthorized);
  return request.user;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a request is for the API. A matched route is judged by its registered path, since the
 * router also matches spellings such as "//api/x" or "/%61pi/x"; an unmatched one by its URL.
 */
function isApiRequest(request: FastifyRequest): boolean {
  let path = request.routeOptions.url ?? request.url;
  if (request.routeOptions.url === undefined) {
    try {
      path = decodeURIComponent(path);
    } catch {
      /* keep it as sent */
    }
  }
  return path.replace(/\/{2,}/g, '/').toLowerCase().startsWith('/api/');
}

/**
 * Checks that the user belongs to the venue and holds `role` there (comma-separated, any of them,
 * empty = membership is enough). Another venue's id answers 403 whether or not it exists.
 */
export async function requireVenue(db: Db, request: FastifyRequest, venueId: string | undefined, role = ''): Promise<VenueAccess> {
  const user = requireUser(request);
  // A strict UUID: anything else would make the database raise (500) instead of answering 403.
  if (!venueId || !UUID_RE.test(venueId)) throw new HttpError(403, MSG.accessDenied);
  const [m] = await db
    .select({ roles: memberships.roles })
    .from(memberships)
    .where(and(eq(memberships.userId, user.id), eq(memberships.venueId, venueId)));
  if (!m) throw new HttpError(403, MSG.accessDenied);
  const roles = mergeRoles(user.roles, m.roles);
  if (!hasAccess(roles, role)) throw new HttpError(403, MSG.accessDenied);
  // Least privilege (src/shared/permissions.ts) with the roles held in this venue.
  const routeUrl = request.routeOptions?.url;
  if (routeUrl && !mayCall(roles, request.method, routeUrl)) throw new HttpError(403, MSG.accessDenied);
  return { venueId, roles };
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; handle?: DbHandle }) => {
  app.decorateRequest('user', null);
  const streams = new SessionStreams(opts.handle ?? ({ db: opts.db, listen: async () => async () => {}, notify: async () => {} } as unknown as DbHandle));
  await streams.start();
  app.decorate('sessionStreams', streams);
  app.addHook('onClose', async () => streams.stop());
  app.addHook('onRequest', async (request, reply) => {
    const queryToken = request.routeOptions.config?.queryToken;
    const fromQuery = queryToken ? (request.query as Record<string, unknown>)[queryToken] : undefined;
    const token = bearerToken(request) ?? (typeof fromQuery === 'string' && fromQuery ? fromQuery : null);
    if (token) {
      const [row] = await opts.db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          roles: users.roles,
          isAdmin: users.isAdmin,
          sessionId: sessions.id,
          sessionExpiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
      request.user = row ?? null;
      // A stream lives on after this check: remember it so that ending the session ends it.
      if (row && (queryToken || /text\/event-stream/i.test(request.headers.accept ?? ''))) streams.track(row.sessionId, reply.raw);
    }
    if (!request.user && !request.routeOptions.config?.public && isApiRequest(request)) {
      // Unknown /api paths also answer 401 without a token, so they reveal nothing.
      throw new HttpError(401, MSG.unauthorized);
    }
  });
});
