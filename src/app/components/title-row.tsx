import { Group, Title, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page's heading row: the page's h1 (drawn at h2 size) on the left and the page's actions
 * (children: "Novo…" buttons, links) on the right.
 */
export function TitleRow({ title, align, children }: { title: ReactNode; align?: GroupProps['align']; children?: ReactNode }) {
  return (
    <Group justify="space-between" align={align}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Group>
  );
}
