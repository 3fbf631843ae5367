/** Reloads the session's places (after creating or joining one) and makes one current, with its roles. */
import { placeRolesResponse, userInfo } from '../../shared/contract/auth';
import { mergeRoles } from '../../shared/roles';
import { api } from './api-client';
import { getSession, placeToCurrent, saveSession } from './session';

/** Reloads the places of the session and makes `localId` current, with its roles. */
export async function enterPlace(localId: string): Promise<void> {
  const s = getSession();
  if (!s) return;
  const info = await api('api/account/userinfo', { schema: userInfo });
  const place = info.locais.find((l) => l.id === localId) ?? info.locais[0];
  const roles = place ? (await api(`api/Acesso/PapeisDoLocal/${place.id}`, { schema: placeRolesResponse })).items.map((i) => i.Name) : [];
  const current = place ? placeToCurrent(place) : null;
  saveSession({
    ...s,
    locations: info.locais.map((l) => ({ id: l.id, name: l.nome, tipo: l.tipo, origemPropostaCliente: l.origemPropostaCliente })),
    currentLocation: current,
    baseRoles: info.roles,
    roles: mergeRoles(info.roles, roles),
    usuarioId: s.userId,
    nome: s.userName,
    papeis: '',
    localCorrente: current,
  });
}
