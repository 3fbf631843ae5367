import { Table, VisuallyHidden, type TableProps, type TableThProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One header cell of a DataTable: its text, or its content (text or a control) with the header cell's own props
 * (`ta: 'right'` for money); `hidden` keeps the text for screen readers only (an actions column).
 */
export type DataTableHead = string | ({ label: ReactNode; hidden?: boolean } & Omit<TableThProps, 'children'>);

/**
 * The list table every page draws: a horizontally scrolling container (`minWidth`, optional
 * `maxHeight`), the Mantine table with the page's own props (aria-label, striped, stickyHeader…),
 * one header row from `head`, and the page's rows (`Table.Tr`) as children.
 */
export function DataTable({ minWidth, maxHeight, head, children, ...tableProps }: {
  minWidth: number;
  maxHeight?: number;
  head: DataTableHead[];
  children: ReactNode;
} & Omit<TableProps, 'children'>) {
  return (
    <Table.ScrollContainer minWidth={minWidth} maxHeight={maxHeight}>
      <Table {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => {
              if (typeof h === 'string') return <Table.Th key={i}>{h}</Table.Th>;
              const { label, hidden, ...thProps } = h;
              return (
                <Table.Th key={i} {...thProps}>
                  {hidden ? <VisuallyHidden>{label}</VisuallyHidden> : label}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
