/**
 * The venue of a finance call written as the spec writes it (spec 001 §7: no venue parameter).
 * Ours (`localId`) stays optional: given, the call is scoped to it exactly as before (an object of
 * another venue is "not found"). Without it the venue follows from the object the call is about; an
 * object of a venue the user does not belong to answers the same "not found", so nobody learns that
 * it exists, and a member without the call's role gets 403.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { memberships } from '../../db/schema/auth';
import { HttpError } from '../../lib/http-error';
import { requireUser, requireVenue, type VenueAccess } from '../../plugins/auth';

export async function venueOfObject(
  db: Db,
  req: FastifyRequest,
  opts: { given?: string | null; role: string; notFound: string; lookup: () => Promise<string | null | undefined> },
): Promise<VenueAccess> {
  if (opts.given) return requireVenue(db, req, opts.given.toLowerCase(), opts.role);
  const venueId = await opts.lookup();
  if (!venueId) throw new HttpError(404, opts.notFound);
  const user = requireUser(req);
  const [m] = await db.select({ id: memberships.venueId }).from(memberships).where(and(eq(memberships.userId, user.id), eq(memberships.venueId, venueId)));
  if (!m) throw new HttpError(404, opts.notFound);
  return requireVenue(db, req, venueId, opts.role);
}
