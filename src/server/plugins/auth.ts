/**
 * Bearer-token authentication and venue scoping. Every route needs a valid session unless its
 * config says `public: true`. Handlers reach a venue only through `requireVenue`, which checks that
 * the user belongs to it and holds the role the route needs there (session roles ∪ place roles).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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
import { streamTickets } from '../db/schema/stream-tickets';
import { venues } from '../db/schema/venues';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  roles: string;
  isAdmin: boolean;
  sessionId: string;
  sessionExpiresAt: Date;
  /** The roles the user holds in any of its places (distinct, semicolon-separated), read with the session. */
  placeRoles: string;
  /**
   * [venue id, roles] of the user's places, read with the session: all of them, or, when the list
   * is longer than PLACES_READ_WITH_SESSION, only a part, and a venue is then looked up.
   */
  places: Array<[string, string]>;
  /**
   * The session's current place (docs/decisions/auth.md "Current place"): the last of the user's
   * places a call named, else the user's first place (memberships.sortOrder, then name); null
   * without any place. A call that names no place answers for it.
   */
  currentPlace: string | null;
}

/**
 * A user's places (up to this many) come with the session's own query, so that `requireVenue` needs
 * no second read on every request; a support account in more places is checked with a query.
 */
const PLACES_READ_WITH_SESSION = 50;

export interface VenueAccess {
  venueId: string;
  /** Session roles merged with the roles of this place. */
  roles: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    /** The venue of the stream ticket this request was opened with (route config `streamTicket`). */
    streamTicketVenue: string | null;
  }
  interface FastifyInstance {
    /** Open event streams per session; `revoke()` ends sessions and their streams in every process. */
    sessionStreams: SessionStreams;
  }
  interface FastifyContextConfig {
    /** Reachable without a bearer token. */
    public?: boolean;
    /**
     * Query parameter that may carry a single-use stream ticket (src/shared/contract/stream-ticket.ts)
     * instead of the Authorization header, for EventSource, which cannot send headers. The bearer
     * token itself is never accepted in a URL.
     */
    streamTicket?: string;
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

/** Query, body and route parameters that name a place: localId, localClienteId, localClientId (any case). */
const PLACE_PARAM_RE = /^local(cliente?)?id$/i;

function namedPlace(source: unknown): string | null {
  if (!source || typeof source !== 'object' || Array.isArray(source)) return null;
  for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
    if (PLACE_PARAM_RE.test(k) && typeof v === 'string' && UUID_RE.test(v.trim())) return v.trim().toLowerCase();
  }
  return null;
}

/**
 * Makes `venueId` the session's current place when it is one of the user's places and not already
 * current (one UPDATE only on a change). Called for every call that names a place; routes whose
 * place travels under another name (H06's `id`, a multipart `LocalId`) call it themselves.
 */
export async function rememberPlace(db: Db, request: FastifyRequest, venueId: string | null | undefined): Promise<void> {
  const user = request.user;
  if (!user || !venueId || !UUID_RE.test(venueId)) return;
  const lower = venueId.toLowerCase();
  if (lower === user.currentPlace) return;
  const member =
    user.places.length <= PLACES_READ_WITH_SESSION
      ? user.places.some(([id]) => id === lower)
      : (await db.select({ id: memberships.venueId }).from(memberships).where(and(eq(memberships.userId, user.id), eq(memberships.venueId, lower)))).length > 0;
  if (!member) return;
  await db.update(sessions).set({ currentVenueId: lower }).where(eq(sessions.id, user.sessionId));
  user.currentPlace = lower;
}

/**
 * Checks that the user belongs to the venue and holds `role` there (comma-separated, any of them,
 * empty = membership is enough). Another venue's id answers 403 whether or not it exists.
 */
export async function requireVenue(db: Db, request: FastifyRequest, venueId: string | null | undefined, role = ''): Promise<VenueAccess> {
  const user = requireUser(request);
  // A call that names no place answers for the session's current place (docs/decisions/auth.md).
  if (venueId === undefined || venueId === null || venueId === '') venueId = user.currentPlace ?? undefined;
  // A strict UUID: anything else would make the database raise (500) instead of answering 403.
  if (!venueId || !UUID_RE.test(venueId)) throw new HttpError(403, MSG.accessDenied);
  const lower = venueId.toLowerCase();
  const [m] =
    user.places.length <= PLACES_READ_WITH_SESSION
      ? user.places.filter(([id]) => id === lower).map(([, roles]) => ({ roles }))
      : await db
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

/**
 * For a route that reaches an object by its id (issue 37, "uniform answers"): the object's venue
 * when the user belongs to it (then the role decides, 403 as usual), else the same 404 a random id
 * gets, so another place's real id and an id that exists nowhere answer alike.
 */
export async function requireVenueOf(db: Db, request: FastifyRequest, venueId: string | null | undefined, role: string, notFound: string): Promise<VenueAccess> {
  const user = requireUser(request);
  if (!venueId || !UUID_RE.test(venueId)) throw new HttpError(404, notFound);
  const lower = venueId.toLowerCase();
  const member =
    user.places.length <= PLACES_READ_WITH_SESSION
      ? user.places.some(([id]) => id === lower)
      : (await db.select({ v: memberships.venueId }).from(memberships).where(and(eq(memberships.userId, user.id), eq(memberships.venueId, venueId)))).length > 0;
  if (!member) throw new HttpError(404, notFound);
  return requireVenue(db, request, venueId, role);
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; handle?: DbHandle }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('streamTicketVenue', null);
  const streams = new SessionStreams(opts.handle ?? ({ db: opts.db, listen: async () => async () => {}, notify: async () => {} } as unknown as DbHandle));
  await streams.start();
  app.decorate('sessionStreams', streams);
  app.addHook('onClose', async () => streams.stop());
  const userColumns = {
    id: users.id,
    email: users.email,
    name: users.name,
    roles: users.roles,
    isAdmin: users.isAdmin,
    sessionId: sessions.id,
    sessionExpiresAt: sessions.expiresAt,
    // Least privilege's first check (plugins/security.ts) needs the roles of every place, and
    // `requireVenue` the roles of one: both come with this query rather than in more per request.
    placeRoles: sql<string>`coalesce((select string_agg(distinct ${memberships.roles}, ';') from ${memberships} where ${memberships.userId} = ${users.id}), '')`,
    places: sql<Array<[string, string]>>`(select coalesce(json_agg(json_build_array(p.venue_id, p.roles)), '[]'::json) from (select ${memberships.venueId} as venue_id, ${memberships.roles} as roles from ${memberships} where ${memberships.userId} = ${users.id} limit ${PLACES_READ_WITH_SESSION + 1}) p)`,
    // The place the session last named while the user still belongs to it, else the first place in
    // the order sign-in lists them (auth.repository userInfoFor: sortOrder, then name).
    currentPlace: sql<string | null>`coalesce(
      (select cm.venue_id::text from ${memberships} cm where cm.user_id = ${users.id} and cm.venue_id = ${sessions.currentVenueId}),
      (select fm.venue_id::text from ${memberships} fm join ${venues} fv on fv.id = fm.venue_id where fm.user_id = ${users.id} order by fm.sort_order, fv.name limit 1))`,
  };
  const validSession = and(isNull(sessions.revokedAt), sql`${sessions.expiresAt} > now()`);
  // Every request with a token runs this: built once (a prepared statement where the driver has them).
  const sessionByToken = opts.db
    .select(userColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), validSession))
    .prepare('session_by_token');
  app.addHook('onRequest', async (request, reply) => {
    const ticketParam = request.routeOptions.config?.streamTicket;
    const token = bearerToken(request);
    if (token) {
      const [row] = await sessionByToken.execute({ hash: sha256(token) });
      request.user = row ?? null;
    } else if (ticketParam) {
      const ticket = (request.query as Record<string, unknown>)[ticketParam];
      if (typeof ticket === 'string' && ticket && ticket.length <= 200) {
        // Used once: of two requests with one ticket only the first gets its session.
        const [used] = await opts.db
          .update(streamTickets)
          .set({ usedAt: new Date() })
          .where(and(eq(streamTickets.tokenHash, sha256(ticket)), isNull(streamTickets.usedAt), gt(streamTickets.expiresAt, new Date())))
          .returning({ sessionId: streamTickets.sessionId, venueId: streamTickets.venueId });
        if (used) {
          const [row] = await opts.db
            .select(userColumns)
            .from(sessions)
            .innerJoin(users, eq(users.id, sessions.userId))
            .where(and(eq(sessions.id, used.sessionId), validSession));
          request.user = row ?? null;
          request.streamTicketVenue = row ? used.venueId : null;
        }
      }
    }
    // A stream lives on after this check: remember it so that ending the session ends it.
    if (request.user && (ticketParam || /text\/event-stream/i.test(request.headers.accept ?? ''))) streams.track(request.user.sessionId, reply.raw);
    if (!request.user && !request.routeOptions.config?.public && isApiRequest(request)) {
      // Unknown /api paths also answer 401 without a token, so they reveal nothing.
      throw new HttpError(401, MSG.unauthorized);
    }
  });
  // A call that names one of the user's places makes it the session's current place (after the
  // schemas have read the parameters; before the handler, so the same request already sees it).
  app.addHook('preHandler', async (request) => {
    if (!request.user) return;
    const named = namedPlace(request.params) ?? namedPlace(request.query) ?? namedPlace(request.body);
    if (named) await rememberPlace(opts.db, request, named);
  });
});
