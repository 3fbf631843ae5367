import { queryOptions } from '@tanstack/react-query';
import type { $ZodType } from 'zod/v4/core';
import { registryMessage, registrySaved } from '../../shared/contract/registry';
import { api } from './api-client';

/** The three paths of a place's small registry, as the shared contract names them. */
export interface RegistryPaths {
  list: (localId: string) => string;
  create: string;
  one: (id: string) => string;
}

/**
 * The calls of a place's small registry (bank accounts, payment methods, customer and product
 * categories): the list query under `[key, 'list', localId]` (`queries.all` is `[key]`, to refresh
 * every list), `save` (POST without an id, PUT with one) and `remove`; each answer is checked
 * against the shared schema.
 */
export function registryApi<Input, L extends $ZodType>(key: string, paths: RegistryPaths, listSchema: L) {
  return {
    queries: {
      all: [key] as const,
      list: (localId: string) =>
        queryOptions({
          queryKey: [key, 'list', localId] as const,
          queryFn: () => api(paths.list(localId), { schema: listSchema }),
        }),
    },
    save: (body: Input, id?: string) =>
      id ? api(paths.one(id), { method: 'PUT', body, schema: registrySaved }) : api(paths.create, { method: 'POST', body, schema: registrySaved }),
    remove: (id: string) => api(paths.one(id), { method: 'DELETE', schema: registryMessage }),
  };
}
