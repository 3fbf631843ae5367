/** Sign-in and account calls (spec 000 §7 "Session"), and building the stored session from them. */
import { z } from 'zod/mini';
import {
  loginResponse,
  loginSuccess,
  mfaSendCodeResponse,
  placeRolesResponse,
  recoveryResponse,
  userInfo,
  type LoginSuccess,
  type RegisterRequest,
} from '../../../../shared/contract/auth';
import { mergeRoles } from '../../../../shared/roles';
import { api, ApiError } from '../../../lib/api-client';
import { getSession, saveSession, type CurrentPlace, type Session } from '../../../lib/session';
import { sessionFromLogin } from '../session-from-login';

export const login = (username: string, password: string) =>
  api('api/mfa/login', { method: 'POST', body: { username, password }, schema: loginResponse });

export const validateCode = (username: string, code: string) =>
  api('api/mfa/validate', { method: 'POST', body: { username, code: code.toUpperCase() }, schema: loginSuccess });

export const resendCode = (username: string) =>
  api('api/mfa/sendcodetoemail', { method: 'POST', body: { username }, schema: mfaSendCodeResponse });

export const register = (body: RegisterRequest) =>
  api('api/Account/Register', { method: 'POST', body, schema: z.object({ Message: z.string() }) });

export const requestRecovery = (cpfOuEmail: string) =>
  api('api/Account/SolicitarRecuperacaoSenha', { method: 'POST', body: { cpfOuEmail }, schema: recoveryResponse });

export const resetPassword = (token: string, senha: string, confirmarSenha: string) =>
  api('api/Account/RedefinirSenha', { method: 'POST', body: { token, senha, confirmarSenha }, schema: z.object({ Message: z.string() }) });

export const signInWithShareToken = (token: string) => api(`api/sharetoken/${encodeURIComponent(token)}`, { schema: loginSuccess });

export async function logout(): Promise<void> {
  try {
    await api('api/Account/Logout', { method: 'POST' });
  } catch {
    // Signing out must work offline too; the token expires on its own.
  }
}

/** Roles of a place; null when the call does not answer 200 (the extra roles are then skipped). */
export async function fetchPlaceRoles(localId: string, token?: string): Promise<string[] | null> {
  try {
    const r = await api(`api/Acesso/PapeisDoLocal/${localId}`, { schema: placeRolesResponse, token });
    return r.items.map((i) => i.Name);
  } catch (err) {
    if (err instanceof ApiError) return null;
    throw err;
  }
}

/** After a successful sign-in: the session built (session-from-login.ts) and saved. */
export async function establishSession(res: LoginSuccess): Promise<Session> {
  const session = await sessionFromLogin(res, {
    userInfo: (token) => api('api/account/userinfo', { schema: userInfo, token }),
    placeRoles: fetchPlaceRoles,
  });
  return saveSession(session);
}

/** Makes another of the user's places current, with that place's roles. */
export async function switchPlace(localId: string): Promise<Session | null> {
  const s = getSession();
  const place = s?.locations.find((l) => l.id === localId);
  if (!s || !place) return s;
  const roles = await fetchPlaceRoles(localId);
  const current: CurrentPlace = { localId, nomeLocal: place.name, origemPropostaCliente: place.origemPropostaCliente ?? 1, tipo: place.tipo };
  return saveSession({ ...s, currentLocation: current, roles: mergeRoles(s.baseRoles, roles) });
}
