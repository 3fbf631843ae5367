import { Alert, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyState } from './card-grid';
import { DataTable } from './data-table';
import { PlusIcon } from './icons';
import { DeleteAction, EditAction } from './icon-action';

/** The actions column's header: as narrow as its buttons. */
const ACTIONS_HEAD = { label: 'Ações', style: { width: 1, whiteSpace: 'nowrap' } } as const;

export interface RegistryColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/**
 * A place's small registry (payment methods, categories, bank accounts): title, "novo" button, a
 * table with Editar / Excluir per row, skeleton while loading and the spec-worded empty state.
 */
export function RegistryList<T extends { id: string }>({ title, intro, addLabel, emptyText, rows, loading, error, columns, rowName, onAdd, onEdit, onDelete, children }: {
  title: string;
  intro?: ReactNode;
  addLabel: string;
  emptyText: string;
  rows: T[] | undefined;
  loading: boolean;
  error: string | null;
  columns: RegistryColumn<T>[];
  /** How a row is named in its buttons' accessible names ("Editar {nome}"). */
  rowName: (row: T) => string;
  onAdd?: () => void;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  children?: ReactNode;
}) {
  const list = rows ?? [];
  return (
    <Stack maw={1000}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {intro && (
            <Text size="sm" c="gray.7">
              {intro}
            </Text>
          )}
        </Stack>
        {onAdd && (
          <Button leftSection={<PlusIcon />} onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      {loading ? (
        <Skeleton h={180} radius="md" />
      ) : list.length === 0 && !error ? (
        <EmptyState text={emptyText}>
          {onAdd && (
            <Button variant="light" leftSection={<PlusIcon />} onClick={onAdd}>
              {addLabel}
            </Button>
          )}
        </EmptyState>
      ) : list.length > 0 ? (
        <DataTable
          minWidth={480}
          striped
          highlightOnHover
          verticalSpacing="xs"
          aria-label={title}
          head={[...columns.map((c) => c.header), ...(onEdit || onDelete ? [ACTIONS_HEAD] : [])]}
        >
          {list.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((c) => (
                <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
              ))}
              {(onEdit || onDelete) && (
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Group gap={4} wrap="nowrap">
                    {onEdit && <EditAction aria-label={`Editar ${rowName(row)}`} onClick={() => onEdit(row)} />}
                    {onDelete && <DeleteAction aria-label={`Excluir ${rowName(row)}`} onClick={() => onDelete(row)} />}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </DataTable>
      ) : null}
      {children}
    </Stack>
  );
}
