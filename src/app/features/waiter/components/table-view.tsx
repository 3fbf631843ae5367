/**
 * One table: its open orders (ready ones with "Entregue à mesa") and the orders still waiting for the
 * network. Memoised: it stays mounted (hidden) under the table's bill, and the waiter page re-renders often.
 */
import { Alert, Badge, Button, Paper, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { WaiterOrder, WaiterTable } from '../../../../shared/contract/waiter';
import { brl, WAITER_MSG } from '../../../../shared/waiter';
import type { OutboxRecord } from '../../../lib/outbox';
import type { IntakePayload } from '../api/waiter-outbox';
import { WaiterOrderCard } from './waiter-order-card';

export const TableView = memo(function TableView({
  table,
  queued,
  deliveryOf,
  onDelivered,
  onDiscard,
}: {
  table: WaiterTable;
  queued: OutboxRecord[];
  deliveryOf: (id: string) => 'idle' | 'sending' | 'queued';
  onDelivered: (o: WaiterOrder) => void;
  onDiscard: (id: string) => void;
}) {
  return (
    <Stack gap="sm">
      {queued.map((r) => {
        const p = r.payload as IntakePayload;
        const failed = r.status === 'failed' || r.status === 'conflict';
        return (
          <Paper key={r.id} withBorder p="md" radius="md" data-testid="pending-order" style={{ borderStyle: 'dashed', borderWidth: 2 }}>
            <Badge size="lg" color={failed ? 'red.8' : 'gray.8'} variant="filled" mb={6}>
              {failed ? 'Não enviado' : WAITER_MSG.pending}
            </Badge>
            <Text fw={800}>Pedido novo · {brl(p.totalCents)}</Text>
            {p.summary.map((s) => (
              <Text key={s}>{s}</Text>
            ))}
            {failed ? (
              <Alert color="red" mt="xs" title="O servidor recusou este pedido">
                <Text size="sm">{r.lastError}</Text>
                <Button mt="xs" size="lg" variant="outline" color="red.8" onClick={() => onDiscard(r.id)}>
                  Descartar
                </Button>
              </Alert>
            ) : null}
          </Paper>
        );
      })}
      {table.Pedidos.length === 0 && queued.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {WAITER_MSG.noOrders}
        </Text>
      ) : null}
      {table.Pedidos.map((o) => (
        <WaiterOrderCard key={o.Id} order={o} delivery={deliveryOf(o.Id)} onDelivered={onDelivered} />
      ))}
    </Stack>
  );
});
