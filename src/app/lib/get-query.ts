import { queryOptions } from '@tanstack/react-query';
import type { $ZodType } from 'zod/v4/core';
import { api, type RequestOptions } from './api-client';

/**
 * The query of one GET call whose answer is checked against its shared schema:
 * `getQuery(['area', 'what', id], PATHS.what(id), schema)`. `request` carries the call's query
 * string (or an empty `token` for a public call); query options (staleTime, refetchInterval, retry…)
 * go on top: `{ ...getQuery(…), staleTime: 0 }`.
 */
export const getQuery = <const K extends readonly unknown[], S extends $ZodType>(queryKey: K, path: string, schema: S, request: Omit<RequestOptions<S>, 'schema'> = {}) =>
  queryOptions({ queryKey, queryFn: () => api(path, { ...request, schema }) });
