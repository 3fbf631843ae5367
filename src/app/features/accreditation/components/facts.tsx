import { Paper, SimpleGrid, Stack, Text, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** One line of a summary: its label and value; `'badge'` draws the value as it is (a status badge) instead of bold text. */
export type Fact = readonly [label: string, value: ReactNode, layout?: 'badge'];

/**
 * The summary panel of an accreditation page: each label dimmed above its value, in a grid of
 * `cols`. `testIdPrefix` gives each value the test id `{prefix}-{label}`.
 */
export function Facts({ cols, facts, testIdPrefix }: { cols: SimpleGridProps['cols']; facts: Fact[]; testIdPrefix?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={cols}>
        {facts.map(([label, value, layout]) =>
          layout === 'badge' ? (
            <Stack gap={4} align="flex-start" key={label}>
              <Text size="sm" c="dimmed">{label}</Text>
              {value}
            </Stack>
          ) : (
            <Stack gap={0} key={label}>
              <Text size="sm" c="dimmed">{label}</Text>
              <Text fw={600} data-testid={testIdPrefix && `${testIdPrefix}-${label}`}>{value}</Text>
            </Stack>
          ),
        )}
      </SimpleGrid>
    </Paper>
  );
}
