/** The service view: orders ready to take first (they call until delivered), then every table with its counts. */
import { Badge, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { WaiterOrder, WaiterTablesResponse } from '../../../../shared/contract/waiter';
import { WAITER_MSG } from '../../../../shared/waiter';
import { WaiterOrderCard } from './waiter-order-card';

export function TablesView({
  data,
  ready,
  pendingByTable,
  deliveryOf,
  onDelivered,
  onOpenTable,
}: {
  data: WaiterTablesResponse;
  ready: WaiterOrder[];
  pendingByTable: Map<string, number>;
  deliveryOf: (id: string) => 'idle' | 'sending' | 'queued';
  onDelivered: (o: WaiterOrder) => void;
  onOpenTable: (id: string) => void;
}) {
  return (
    <Stack gap="lg">
      {ready.length ? (
        <Stack gap="sm" component="section" aria-labelledby="ready-title">
          <Title order={2} size="h3" id="ready-title" c="green.9">
            Prontos para servir ({ready.length})
          </Title>
          {ready.map((o) => (
            <WaiterOrderCard key={o.Id} order={o} showTable delivery={deliveryOf(o.Id)} onDelivered={onDelivered} />
          ))}
        </Stack>
      ) : null}
      <Stack gap="sm" component="section" aria-labelledby="tables-title">
        <Title order={2} size="h3" id="tables-title">
          Mesas
        </Title>
        <Text size="sm" c="dimmed" data-testid="counts">
          {data.Abertos} {data.Abertos === 1 ? 'pedido aberto' : 'pedidos abertos'} · {data.Prontos} {data.Prontos === 1 ? 'pronto' : 'prontos'}
        </Text>
        {data.Mesas.length === 0 ? <Text>{WAITER_MSG.empty}</Text> : null}
        <SimpleGrid cols={2} spacing="sm">
          {data.Mesas.map((m) => {
            const pending = pendingByTable.get(m.Id) ?? 0;
            return (
              <UnstyledButton key={m.Id} onClick={() => onOpenTable(m.Id)} data-testid="table-card" data-mesa={m.Nome}>
                <Paper
                  withBorder
                  radius="md"
                  p="sm"
                  mih={88}
                  bg={m.Prontos ? 'green.0' : m.Abertos ? 'orange.0' : undefined}
                  style={m.Prontos ? { borderColor: 'var(--mantine-color-green-8)', borderWidth: 3 } : undefined}
                >
                  <Text fw={800} size="xl">
                    {m.Nome}
                  </Text>
                  <Text size="sm">{m.Abertos ? `${m.Abertos} ${m.Abertos === 1 ? 'aberto' : 'abertos'}` : 'Livre'}</Text>
                  {m.Prontos ? (
                    <Badge color="green.9" variant="filled" mt={4}>
                      {m.Prontos} {m.Prontos === 1 ? 'pronto' : 'prontos'}
                    </Badge>
                  ) : null}
                  {pending ? (
                    <Badge color="gray.8" variant="filled" mt={4}>
                      {pending} aguardando
                    </Badge>
                  ) : null}
                </Paper>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
