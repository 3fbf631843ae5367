import { Group, Text, Title, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page's heading row: the page's h1 (drawn at h2 size), with its `description` under it when
 * given, on the left and the page's actions (children: "Novo…" buttons, links) on the right.
 */
export function TitleRow({ title, description, align, children }: { title: ReactNode; description?: ReactNode; align?: GroupProps['align']; children?: ReactNode }) {
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  return (
    <Group justify="space-between" align={align}>
      {description === undefined ? (
        heading
      ) : (
        <div>
          {heading}
          <Text c="dimmed">{description}</Text>
        </div>
      )}
      {children}
    </Group>
  );
}
