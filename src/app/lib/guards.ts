/** Route guards used in beforeLoad: a session, and the role the route table names for a path. */
import { redirect } from '@tanstack/react-router';
import { hasAccess } from '../../shared/roles';
import { getSession, type Session } from './session';

export function requireSession(href: string): Session {
  const s = getSession();
  if (!s?.token) throw redirect({ to: '/login', search: { redirect: href } });
  return s;
}

/** Redirects to /acessonegado when the session lacks the role the route table requires for `path`. */
export async function requireRouteRole(session: Session, path: string): Promise<void> {
  // The route table loads with the first signed-in page, not with the sign-in screen.
  const { matchPortalRoute } = await import('../../shared/route-table');
  const match = matchPortalRoute(path);
  if (match && !hasAccess(session.roles, match.route.role)) throw redirect({ to: '/acessonegado' });
}
