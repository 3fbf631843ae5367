import { Group, Pagination, type PaginationProps } from '@mantine/core';

/** A list's page numbers, centred under it; nothing while the list fits on one page (`total` ≤ 1). */
export function Pager(props: PaginationProps) {
  if (props.total <= 1) return null;
  return (
    <Group justify="center">
      <Pagination {...props} />
    </Group>
  );
}
