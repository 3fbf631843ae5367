/**
 * The session a successful sign-in makes (spec 000 §3), built without touching the browser: the
 * app's sign-in (auth-api.ts `establishSession`) and the end-to-end tests' API sign-in
 * (tests/e2e/fixtures.ts `signInAs`) both call `sessionFromLogin` with their own way of asking the
 * server, so a test session cannot drift from the one the app writes.
 */
import type { LoginSuccess, UserInfo } from '../../../shared/contract/auth';
import { mergeRoles } from '../../../shared/roles';
import { placeToCurrent, type CurrentPlace, type Session } from '../../lib/session';

/** How the session asks the server for the user's profile and a place's roles. */
export interface SessionSources {
  /** api/account/userinfo; may throw (the sign-in answer then stands in). */
  userInfo(token: string): Promise<UserInfo>;
  /** The roles of a place; null when the call does not answer 200 (the extra roles are then skipped). */
  placeRoles(localId: string, token: string): Promise<string[] | null>;
}

export function sessionFrom(token: string, info: UserInfo, current: CurrentPlace | null, placeRoles: string[] | null): Session {
  return {
    token,
    userName: info.usuarioMeep.nome,
    userId: info.usuarioMeep.usuarioId,
    email: info.usuarioMeep.email,
    locations: info.locais.map((l) => ({ id: l.id, name: l.nome, tipo: l.tipo, origemPropostaCliente: l.origemPropostaCliente })),
    currentLocation: current,
    isAdmin: info.isAdmin,
    baseRoles: info.roles,
    roles: mergeRoles(info.roles, placeRoles),
    desktopApp: info.configuracaoUsuarioMeep.desktopApp,
    portalLegado: info.configuracaoUsuarioMeep.portalLegado,
    usuarioId: info.usuarioMeep.usuarioId,
    nome: info.usuarioMeep.nome,
    papeis: '',
    localCorrente: current,
  };
}

/**
 * After a successful sign-in: the profile refreshed from userinfo and the roles of the current
 * place (the first place by default) merged in. Not yet saved (session.ts `saveSession` does that).
 */
export async function sessionFromLogin(res: LoginSuccess, sources: SessionSources): Promise<Session> {
  const token = res.access_token;
  let info: UserInfo = res;
  try {
    info = await sources.userInfo(token);
  } catch {
    // The sign-in answer already carries the same facts.
  }
  const first = info.locais[0] ? placeToCurrent(info.locais[0]) : null;
  const roles = first ? await sources.placeRoles(first.localId, token) : null;
  return sessionFrom(token, info, first, roles);
}
