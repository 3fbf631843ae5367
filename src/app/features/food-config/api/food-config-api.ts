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

/** Query keys of the food configuration (not persisted offline: it is edited online only). */
export const foodConfigQueries = {
  all: ['food-config'] as const,
  config: (localId: string) =>
    queryOptions({
      queryKey: ['food-config', 'config', localId] as const,
      queryFn: () => api(FOOD_CONFIG_API.configuration(localId), { schema: foodConfiguration }),
      staleTime: 0,
    }),
  address: (localId: string) =>
    queryOptions({
      queryKey: ['food-config', 'address', localId] as const,
      queryFn: () => api(FOOD_CONFIG_API.address(localId), { schema: addressLocal }),
      staleTime: 0,
    }),
  states: () =>
    queryOptions({
      queryKey: ['food-config', 'states'] as const,
      queryFn: () => api(FOOD_CONFIG_API.states, { schema: stateList }),
      staleTime: Infinity,
    }),
  cities: (stateId: number | null) =>
    queryOptions({
      queryKey: ['food-config', 'cities', stateId] as const,
      queryFn: () => api(FOOD_CONFIG_API.cities(stateId!), { schema: cityList }),
      enabled: stateId != null,
      staleTime: Infinity,
    }),
  storeCategories: () =>
    queryOptions({
      queryKey: ['food-config', 'store-categories'] as const,
      queryFn: () => api(FOOD_CONFIG_API.storeCategories, { schema: catalogueStoreCategoryList }),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  venueStoreCategories: (localId: string) =>
    queryOptions({
      queryKey: ['food-config', 'store-categories', localId] as const,
      queryFn: () => api(FOOD_CONFIG_API.venueStoreCategories(localId), { schema: catalogueStoreCategoryList }),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  storefrontHost: () =>
    queryOptions({
      queryKey: ['food-config', 'storefront-host'] as const,
      queryFn: () => api(FOOD_CONFIG_API.storefrontHost, { schema: storefrontHost }),
      staleTime: 3600_000,
    }),
  linkAvailability: (localId: string, url: string) =>
    queryOptions({
      queryKey: ['food-config', 'link', localId, url] as const,
      queryFn: ({ signal }) => api(FOOD_CONFIG_API.linkAvailability, { query: { url, localId }, schema: linkAvailability, signal }),
      staleTime: 10_000,
      retry: false,
    }),
};

export const saveFoodConfiguration = (body: FoodConfigurationSave) =>
  api(FOOD_CONFIG_API.saveConfiguration, { method: 'POST', body, schema: foodConfiguration });

export const saveAddress = (body: AddressUpdate) => api(FOOD_CONFIG_API.saveAddress, { method: 'POST', body, schema: addressLocal });

export const lookupCep = (cep: string, signal?: AbortSignal) => api(FOOD_CONFIG_API.cep(cep), { schema: cepLookup, signal });
