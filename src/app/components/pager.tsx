import { Group, Pagination, type PaginationProps } from '@mantine/core';

const CONTROL_LABELS: Record<string, string> = {
  previous: 'Página anterior',
  next: 'Próxima página',
  first: 'Primeira página',
  last: 'Última página',
};

/** The accessible names of a Pagination's arrows (its `getControlProps`): the icons say nothing to a screen reader. */
export const pageControlLabel = (control: string) => ({ 'aria-label': CONTROL_LABELS[control] ?? control });

/** A list's page numbers, centred under it; nothing while the list fits on one page (`total` ≤ 1). */
export function Pager(props: PaginationProps) {
  if (props.total <= 1) return null;
  return (
    <Group justify="center">
      <Pagination getControlProps={pageControlLabel} {...props} />
    </Group>
  );
}
