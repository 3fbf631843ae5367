/**
 * The session kept in local storage (spec 000 §3): token, user, places, current place, admin flag
 * and the semicolon-separated roles (session roles merged with the current place's). Never the
 * password. `baseRoles` keeps the session's own roles so another place's roles can be merged anew.
 */
import { localStore } from './local-store';
import type { Place } from '../../shared/contract/auth';

export interface CurrentPlace {
  localId: string;
  nomeLocal: string;
  origemPropostaCliente: number;
  tipo?: number;
}

export interface Session {
  token: string;
  userName: string;
  userId: string;
  email?: string;
  locations: Array<{ id: string; name: string; tipo?: number; origemPropostaCliente?: number }>;
  currentLocation: CurrentPlace | null;
  isAdmin: boolean;
  /** Merged roles, semicolon-separated. */
  roles: string;
  baseRoles: string;
  desktopApp: boolean;
  portalLegado: boolean;
  // The same facts under the names the legacy pages read.
  usuarioId: string;
  nome: string;
  papeis: string;
  localCorrente: CurrentPlace | null;
}

export const SESSION_KEY = 'balcao.session';
type Listener = (s: Session | null) => void;
const listeners = new Set<Listener>();

export function getSession(): Session | null {
  try {
    const raw = localStore.get(SESSION_KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

/** The session as stored: the same facts also under the names the legacy pages read. */
export function storedSession(s: Session): Session {
  return { ...s, usuarioId: s.userId, nome: s.userName, papeis: s.roles, localCorrente: s.currentLocation };
}

export function saveSession(s: Session): Session {
  const full = storedSession(s);
  localStore.set(SESSION_KEY, JSON.stringify(full));
  listeners.forEach((l) => l(full));
  return full;
}

/** Clears the session and everything the app stored for it (spec: a 401 clears local storage). */
export function clearSession(): void {
  const desktop = localStore.get(DESKTOP_FLAG_KEY);
  const config = localStore.get('balcao.runtimeConfig');
  localStore.clear();
  if (desktop) localStore.set(DESKTOP_FLAG_KEY, desktop);
  if (config) localStore.set('balcao.runtimeConfig', config);
  listeners.forEach((l) => l(null));
}

export function onSessionChange(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function placeToCurrent(p: Place): CurrentPlace {
  return { localId: p.id, nomeLocal: p.nome, origemPropostaCliente: p.origemPropostaCliente, tipo: p.tipo };
}

/**
 * The desktop-app flag (spec 000 §1): set by the desktop kitchen app, which opens the portal with
 * ?app=desktop; it sends the user to the order board after sign-in.
 */
export const DESKTOP_FLAG_KEY = 'balcao.desktopApp';
export function isDesktopApp(s: Session | null): boolean {
  return localStore.get(DESKTOP_FLAG_KEY) === 'true' || Boolean(s?.desktopApp);
}

export function isInFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}
