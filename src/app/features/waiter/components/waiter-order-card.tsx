/** An open order of a table as the waiter sees it; a ready one stands out with "Entregue à mesa". */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { WaiterOrder } from '../../../../shared/contract/waiter';
import { formatTime } from '../../../../shared/format';
import { ORDER_STATE } from '../../../../shared/orders';
import { brl, WAITER_MSG } from '../../../../shared/waiter';
import { WaiterOrderItems } from './waiter-order-items';

/** `delivery`: 'queued' when "Entregue à mesa" was tapped and waits in the outbox for the network. */
export function WaiterOrderCard({
  order: o,
  showTable,
  delivery,
  onDelivered,
}: {
  order: WaiterOrder;
  showTable?: boolean;
  delivery: 'idle' | 'sending' | 'queued';
  onDelivered: (o: WaiterOrder) => void;
}) {
  const ready = o.Pronto && delivery !== 'queued';
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid={ready ? 'ready-order' : 'open-order'}
      data-codigo={o.Codigo}
      bg={ready ? 'green.0' : undefined}
      style={ready ? { borderColor: 'var(--mantine-color-green-8)', borderWidth: 3 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={800} size="lg">
            {showTable && o.Mesa ? `${o.Mesa} · ` : ''}#{o.Codigo}
          </Text>
          <Badge size="lg" color={o.Pronto ? 'green.9' : o.EstadoId === ORDER_STATE.Pendente ? 'yellow.9' : 'blue.9'} variant="filled">
            {o.Pronto ? WAITER_MSG.ready : o.Estado}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Feito às {formatTime(o.DataCriacao)} · {brl(Math.round(o.ValorTotal * 100))}
        </Text>
        <WaiterOrderItems order={o} />
        {ready ? (
          <Button size="lg" color="green.9" fullWidth loading={delivery === 'sending'} onClick={() => onDelivered(o)} aria-label={`${WAITER_MSG.deliver}: pedido #${o.Codigo}`}>
            {WAITER_MSG.deliver}
          </Button>
        ) : null}
        {delivery === 'queued' ? (
          <Badge size="lg" color="gray.8" variant="filled" data-testid="pending-delivery">
            Entregue · {WAITER_MSG.pending}
          </Badge>
        ) : null}
      </Stack>
    </Paper>
  );
}
