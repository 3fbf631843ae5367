/** An open order of a table as the waiter sees it; a ready one stands out with "Entregue à mesa". */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { WaiterOrder } from '../../../../shared/contract/waiter';
import { formatTime } from '../../../../shared/format';
import { ORDER_STATE } from '../../../../shared/orders';
import { brl, WAITER_MSG } from '../../../../shared/waiter';
import { WaiterOrderItems } from './waiter-order-items';
import { OrderFrame, PendingDeliveryBadge } from './order-frame';

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
    <OrderFrame order={o} ready={ready} p="md">
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
        {delivery === 'queued' ? <PendingDeliveryBadge /> : null}
      </Stack>
    </OrderFrame>
  );
}
