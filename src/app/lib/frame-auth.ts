/**
 * When the portal is embedded in a frame, the host posts the auth data (roles string, current place,
 * target route). Accepted only from FRAME_ALLOWED_ORIGINS. The roles are split, merged with the roles
 * fetched for the place (skipped when that call fails), stored, and the portal navigates to the route.
 */
import { mergeRoles } from '../../shared/roles';
import { runtimeConfig } from './runtime-config';
import { getSession, isInFrame, saveSession, type Session } from './session';

export function listenForFrameAuth(navigate: (to: string) => void): () => void {
  if (!isInFrame()) return () => {};
  const onMessage = async (event: MessageEvent) => {
    if (!runtimeConfig().frameAllowedOrigins.includes(event.origin)) return;
    // Loaded only inside a frame, on the first message: the contract and the calls it needs.
    const [{ frameAuthMessage }, { fetchPlaceRoles }] = await Promise.all([
      import('../../shared/contract/auth'),
      import('../features/auth/api/auth-api'),
    ]);
    const parsed = frameAuthMessage.safeParse(event.data);
    if (!parsed.success) return;
    const m = parsed.data;
    const current = {
      localId: m.localCorrente.localId,
      nomeLocal: m.localCorrente.nomeLocal,
      origemPropostaCliente: m.localCorrente.origemPropostaCliente ?? 1,
    };
    const previous = getSession();
    const placeRoles = await fetchPlaceRoles(current.localId, m.token);
    const session: Session = {
      token: m.token,
      userName: m.nome ?? previous?.userName ?? '',
      userId: m.usuarioId ?? previous?.userId ?? '',
      locations: previous?.locations?.length ? previous.locations : [{ id: current.localId, name: current.nomeLocal }],
      currentLocation: current,
      isAdmin: false,
      baseRoles: mergeRoles(m.roles),
      roles: mergeRoles(m.roles, placeRoles),
      desktopApp: false,
      portalLegado: true,
      usuarioId: '',
      nome: '',
      papeis: '',
      localCorrente: current,
    };
    saveSession(session);
    navigate(m.route);
  };
  const handler = (e: MessageEvent) => void onMessage(e);
  window.addEventListener('message', handler);
  return () => window.removeEventListener('message', handler);
}
