/** Creating a place (issue 24) and making it the current place of the session. */
import { placeRolesResponse, userInfo } from '../../../../shared/contract/auth';
import { FOOD_CONFIG_API, cepLookup } from '../../../../shared/contract/food-config';
import { createPlaceResponse, VENUE_PATHS, type CreatePlaceRequest } from '../../../../shared/contract/venues';
import { mergeRoles } from '../../../../shared/roles';
import { api } from '../../../lib/api-client';
import { getSession, placeToCurrent, saveSession } from '../../../lib/session';

export const createPlace = (body: CreatePlaceRequest) => api(VENUE_PATHS.create, { method: 'POST', body, schema: createPlaceResponse });

/** The postal-code lookup the food configuration uses (api/Local/BuscarCep, ViaCEP behind the server). */
export const lookupCep = (cep: string, signal?: AbortSignal) => api(FOOD_CONFIG_API.cep(cep), { schema: cepLookup, signal });

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
