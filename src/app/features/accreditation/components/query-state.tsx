import { Alert, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One query's place on an accreditation page: a skeleton `h` pixels high while it loads, a grey
 * notice with `empty` when it brought nothing (no answer, or an empty list), else `children(data)`.
 */
export function QueryState<T>({ query, h, empty, children }: { query: { isPending: boolean; data: T | undefined }; h: number; empty: string; children: (data: NonNullable<T>) => ReactNode }) {
  if (query.isPending) return <Skeleton h={h} />;
  const data = query.data;
  if (data == null || (Array.isArray(data) && data.length === 0)) return <Alert color="gray">{empty}</Alert>;
  return children(data);
}
