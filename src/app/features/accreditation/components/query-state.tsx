import { Alert, Paper, Skeleton } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { DataTable } from '../../../components/data-table';

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

/**
 * A list query drawn as a bordered DataTable (the table's props: minWidth, head, aria-label…), one
 * `row` (a keyed Table.Tr) per item; QueryState's skeleton and empty notice until it has rows.
 */
export function QueryTable<T>({ query, h, empty, row, ...table }: {
  query: { isPending: boolean; data: T[] | null | undefined };
  h: number;
  empty: string;
  row: (item: T) => ReactNode;
} & Omit<ComponentProps<typeof DataTable>, 'children'>) {
  return (
    <QueryState query={query} h={h} empty={empty}>
      {(rows) => (
        <Paper withBorder radius="md">
          <DataTable {...table}>{rows.map(row)}</DataTable>
        </Paper>
      )}
    </QueryState>
  );
}
