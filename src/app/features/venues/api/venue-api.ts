/** Creating a place (issue 24) and making it the current place of the session. */
import { FOOD_CONFIG_API, cepLookup } from '../../../../shared/contract/food-config';
import { createPlaceResponse, VENUE_PATHS, type CreatePlaceRequest } from '../../../../shared/contract/venues';
import { api } from '../../../lib/api-client';

export const createPlace = (body: CreatePlaceRequest) => api(VENUE_PATHS.create, { method: 'POST', body, schema: createPlaceResponse });

/** The postal-code lookup the food configuration uses (api/Local/BuscarCep, ViaCEP behind the server). */
export const lookupCep = (cep: string, signal?: AbortSignal) => api(FOOD_CONFIG_API.cep(cep), { schema: cepLookup, signal });

/** Shared with Minha conta's invitations (a place joined by accepting one). */
export { enterPlace } from '../../../lib/enter-place';
