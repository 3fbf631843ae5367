import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DASH_MSG } from '../../../../shared/dashboard';

/**
 * One chart's frame: title, a skeleton while loading, the error, the spec's empty text
 * ("Não há dados disponíveis no momento.") when there is nothing to draw, else the chart.
 */
export interface ChartPanelProps<T> {
  title: string;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  /** What the chart shows, for screen readers. */
  summary: (data: T) => string;
  children: (data: T) => ReactNode;
  testId: string;
}

export function ChartPanel<T>({ title, query, isEmpty, summary, children, testId }: ChartPanelProps<T>) {
  const id = `${testId}-title`;
  let body: ReactNode;
  if (query.isPending) body = <Skeleton h={260} radius="md" aria-label="Carregando" data-testid={`${testId}-loading`} />;
  else if (query.isError) body = <Alert color="red" variant="light">{query.error instanceof Error ? query.error.message : DASH_MSG.loadError}</Alert>;
  else if (isEmpty(query.data)) {
    body = (
      <Text c="gray.7" ta="center" py="xl" data-testid={`${testId}-empty`}>
        {DASH_MSG.empty}
      </Text>
    );
  } else {
    body = (
      <div role="img" aria-label={summary(query.data)}>
        {children(query.data)}
      </div>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id} data-testid={testId} aria-busy={query.isFetching}>
      <Stack gap="sm">
        <Title order={2} size="h5" id={id}>
          {title}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}

/** A chart's frame while its code loads (the same title and skeleton as ChartPanel's loading state). */
export function ChartSkeleton({ title, testId }: { title: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h5" id={`${testId}-title`}>
          {title}
        </Title>
        <Skeleton h={260} radius="md" aria-label="Carregando" data-testid={`${testId}-loading`} />
      </Stack>
    </Paper>
  );
}

/** A pt-BR tooltip for recharts: the label and each series with its own formatter. */
export function Tip({ label, rows }: { label: ReactNode; rows: Array<{ name: string; value: string; color?: string }> }) {
  return (
    <Paper withBorder shadow="md" radius="sm" p="xs" miw={160}>
      <Text size="sm" fw={600} mb={4}>
        {label}
      </Text>
      {rows.map((r) => (
        <Text key={r.name} size="sm">
          <span style={{ color: r.color }}>●</span> {r.name}: <b>{r.value}</b>
        </Text>
      ))}
    </Paper>
  );
}
