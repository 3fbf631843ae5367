import { queryOptions } from '@tanstack/react-query';
import type { $ZodType } from 'zod/v4/core';
import { api, type RequestOptions } from './api-client';

type Request<S extends $ZodType> = Omit<RequestOptions<S>, 'schema'>;

/**
 * The query of one GET call whose answer is checked against its shared schema:
 * `getQuery(['area', 'what', id], PATHS.what(id), schema)`. `request` carries the call's query
 * string (or an empty `token` for a public call); query options (staleTime, refetchInterval, retry…)
 * go on top: `{ ...getQuery(…), staleTime: 0 }`.
 */
export const getQuery = <const K extends readonly unknown[], S extends $ZodType>(queryKey: K, path: string, schema: S, request: Request<S> = {}) =>
  queryOptions({ queryKey, queryFn: () => api(path, { ...request, schema }) });

/** getQuery under an area's key: `get(['what', id], …)` is the query `[area, 'what', id]`. */
export type AreaGet<A extends string> = <const K extends readonly unknown[], S extends $ZodType>(
  key: K,
  path: string,
  schema: S,
  request?: Request<S>,
) => ReturnType<typeof getQuery<readonly [A, ...K], S>>;

/**
 * The query factories of one area (a feature's `…Queries`): `queryArea('donations', (get) => ({
 * events: (localId) => get(['events', localId], PATHS.events(localId), eventList) }))`. Every key
 * `get` makes starts with the area's name, so `all` (`['donations']`) refreshes the whole area.
 */
export function queryArea<const A extends string, Q extends object>(area: A, queries: (get: AreaGet<A>) => Q): { all: readonly [A] } & Q {
  const get: AreaGet<A> = (key, path, schema, request) => getQuery([area, ...key] as const, path, schema, request);
  return { all: [area] as const, ...queries(get) };
}
