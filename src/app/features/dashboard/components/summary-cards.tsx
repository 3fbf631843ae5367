import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CARD_CALLS, type Card, type CardCall, type DashboardFilter } from '../../../../shared/contract/dashboard';
import { percentChange } from '../../../../shared/dashboard';
import { dashboardQueries } from '../api/dashboard-queries';
import { formatPercent, formatValue } from './format';

/** Cards where a rise is bad news. */
const LOWER_IS_BETTER: CardCall[] = ['RefusedOrders'];
/** Cards whose New/OldTitle name a day rather than a period. */
const DAY_CARDS: CardCall[] = ['HigherDemand', 'LowerDemand'];

function SummaryCard({ call, localId, filter }: { call: CardCall; localId: string; filter: DashboardFilter }) {
  const q = useQuery(dashboardQueries.call(call, localId, filter));
  if (q.isPending) return <Skeleton h={132} radius="md" data-testid={`card-${call}-loading`} />;
  if (q.isError) {
    return (
      <Paper withBorder radius="md" p="md" data-testid={`card-${call}`}>
        <Text c="red" size="sm">
          {q.error.message}
        </Text>
      </Paper>
    );
  }
  const c: Card = q.data;
  const change = percentChange(c.OldValue, c.NewValue);
  const good = change !== null && (LOWER_IS_BETTER.includes(call) ? change < 0 : change > 0);
  const isDay = DAY_CARDS.includes(call);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={c.Title} data-testid={`card-${call}`}>
      <Stack gap={6}>
        <Text size="sm" c="gray.7" fw={500}>
          {c.Title}
        </Text>
        <Group gap="xs" align="baseline" wrap="nowrap">
          <Text fz={28} fw={700} lh={1.1} data-testid={`card-${call}-value`}>
            {formatValue(c.Value, c.IsCurrency)}
          </Text>
          {isDay && <Text size="sm">{c.Value === 1 ? 'pedido' : 'pedidos'}</Text>}
        </Group>
        {isDay && (
          <Text size="sm" data-testid={`card-${call}-day`}>
            em {c.NewTitle}
          </Text>
        )}
        <Group gap="xs">
          {change !== null && !isDay && (
            <Badge color={change === 0 ? 'gray.7' : good ? '#1b5e20' : '#b02525'} variant="filled" size="lg" data-testid={`card-${call}-change`}>
              {formatPercent(change)}
            </Badge>
          )}
          <Text size="xs" c="gray.7">
            {isDay ? `Período anterior: ${formatValue(c.OldValue, false)} em ${c.OldTitle}` : `${c.OldTitle}: ${formatValue(c.OldValue, c.IsCurrency)}`}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

export function SummaryCards({ localId, filter }: { localId: string; filter: DashboardFilter }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {CARD_CALLS.map((call) => (
        <SummaryCard key={call} call={call} localId={localId} filter={filter} />
      ))}
    </SimpleGrid>
  );
}
