import { BOARD_PATH, isBoardDevice, isWaiterDevice, WAITER_PATH } from '../../../shared/permissions';
import { hasAccess } from '../../../shared/roles';
import { runtimeConfig } from '../../lib/runtime-config';
import { clearSession, isDesktopApp, isInFrame, type Session } from '../../lib/session';

/**
 * Where to go after sign-in: the redirect asked for, the board for the desktop app and for a board
 * device account (roles only the board's: the kitchen tablet), else /dashboard.
 */
export function landingPath(session: Session, redirect?: string): string {
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.toLowerCase().startsWith('/login') && redirect !== '/') return redirect;
  if (isWaiterDevice(session.roles) && !isDesktopApp(session)) return WAITER_PATH;
  return isDesktopApp(session) || isBoardDevice(session.roles) ? BOARD_PATH : '/dashboard';
}

/**
 * Spec 000 §6: users without Admin or SuporteMeep and without the legacy-portal flag go to the beta
 * portal, with local storage cleared; never when embedded in a frame, and only when BETA_PORTAL_URL
 * is configured. Returns true when the browser is being sent away.
 */
export function redirectToBetaPortal(session: Session): boolean {
  const beta = runtimeConfig().betaPortalUrl;
  if (!beta || isInFrame() || session.portalLegado || hasAccess(session.roles, 'Admin,SuporteMeep')) return false;
  clearSession();
  window.location.assign(beta);
  return true;
}
