/** Queries and calls of the food configuration screen (spec 000 §7 "Food configuration"). */
import { queryOptions } from '@tanstack/react-query';
import {
  addressLocal,
  catalogueStoreCategoryList,
  cepLookup,
  cityList,
  FOOD_CONFIG_API,
  foodConfiguration,
  linkAvailability,
  storefrontHost,
  stateList,
  type AddressUpdate,
  type FoodConfigurationSave,
} from '../../../../shared/contract/food-config';
import { api } from '../../../lib/api-client';
import { queryArea } from '../../../lib/get-query';

/** Query keys of the food configuration (not persisted offline: it is edited online only). */
export const foodConfigQueries = queryArea('food-config', (get) => ({
  config: (localId: string) =>
    ({ ...get(['config', localId], FOOD_CONFIG_API.configuration(localId), foodConfiguration), staleTime: 0 }),
  address: (localId: string) =>
    ({ ...get(['address', localId], FOOD_CONFIG_API.address(localId), addressLocal), staleTime: 0 }),
  states: () =>
    ({ ...get(['states'], FOOD_CONFIG_API.states, stateList), staleTime: Infinity }),
  cities: (stateId: number | null) =>
    ({ ...get(['cities', stateId], FOOD_CONFIG_API.cities(stateId!), cityList), enabled: stateId != null, staleTime: Infinity }),
  storeCategories: () =>
    ({ ...get(['store-categories'], FOOD_CONFIG_API.storeCategories, catalogueStoreCategoryList), staleTime: 5 * 60_000, retry: false }),
  venueStoreCategories: (localId: string) =>
    ({ ...get(['store-categories', localId], FOOD_CONFIG_API.venueStoreCategories(localId), catalogueStoreCategoryList), staleTime: 5 * 60_000, retry: false }),
  storefrontHost: () =>
    ({ ...get(['storefront-host'], FOOD_CONFIG_API.storefrontHost, storefrontHost), staleTime: 3600_000 }),
  linkAvailability: (localId: string, url: string) =>
    queryOptions({
      queryKey: ['food-config', 'link', localId, url] as const,
      queryFn: ({ signal }) => api(FOOD_CONFIG_API.linkAvailability, { query: { url, localId }, schema: linkAvailability, signal }),
      staleTime: 10_000,
      retry: false,
    }),
}));

export const saveFoodConfiguration = (body: FoodConfigurationSave) =>
  api(FOOD_CONFIG_API.saveConfiguration, { method: 'POST', body, schema: foodConfiguration });

export const saveAddress = (body: AddressUpdate) => api(FOOD_CONFIG_API.saveAddress, { method: 'POST', body, schema: addressLocal });

export const lookupCep = (cep: string, signal?: AbortSignal) => api(FOOD_CONFIG_API.cep(cep), { schema: cepLookup, signal });
