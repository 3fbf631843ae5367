import { Group, Paper, type GroupProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/**
 * A page's search box: a bordered panel holding a search form named `label`, its fields and buttons
 * (children) in a row that wraps on a phone, lined up at the top (`align`, the default: a field's
 * error may grow it) or at the bottom.
 */
export function SearchPanel({ label, onSubmit, noValidate, align = 'flex-start', children }: {
  label: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  noValidate?: boolean;
  align?: GroupProps['align'];
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={onSubmit} role="search" aria-label={label} noValidate={noValidate}>
        <Group align={align} wrap="wrap">
          {children}
        </Group>
      </form>
    </Paper>
  );
}
