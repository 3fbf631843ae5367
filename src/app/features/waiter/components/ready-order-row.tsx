/** One ready order in the service view's strip: table and code large, "Entregue à mesa" at the thumb, the items on demand. */
import { Button, Group, Text, UnstyledButton } from '@mantine/core';
import { useId, useState } from 'react';
import type { WaiterOrder } from '../../../../shared/contract/waiter';
import { formatTime } from '../../../../shared/format';
import { WAITER_MSG } from '../../../../shared/waiter';
import { WaiterOrderItems } from './waiter-order-items';
import { OrderFrame, PendingDeliveryBadge } from './order-frame';

/** `delivery`: 'sending' while "Entregue à mesa" is on its way (a queued one leaves the strip). */
export function ReadyOrderRow({ order: o, delivery, onDelivered }: { order: WaiterOrder; delivery: 'idle' | 'sending' | 'queued'; onDelivered: (o: WaiterOrder) => void }) {
  const [open, setOpen] = useState(false);
  const itemsId = useId();
  const queued = delivery === 'queued';
  const count = o.Itens.reduce((n, i) => n + i.Quantidade, 0);
  return (
    <OrderFrame order={o} ready={!queued} p="xs">
      <Group wrap="nowrap" gap="xs" justify="space-between">
        <UnstyledButton onClick={() => setOpen((v) => !v)} aria-expanded={open} aria-controls={itemsId} mih={48} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={800} size="lg" truncate>
            {o.Mesa || `#${o.Codigo}`}
          </Text>
          <Text size="sm" fw={600}>
            {o.Mesa ? `#${o.Codigo} · ` : ''}
            {count} {count === 1 ? 'item' : 'itens'}
            {o.ProntoDesde ? ` · ${formatTime(o.ProntoDesde)}` : ''}
          </Text>
          <Text size="sm" c="green.9" td="underline">
            {open ? 'ocultar itens' : 'ver itens'}
          </Text>
        </UnstyledButton>
        {queued ? (
          <PendingDeliveryBadge />
        ) : (
          <Button size="md" mih={48} color="green.9" loading={delivery === 'sending'} onClick={() => onDelivered(o)} aria-label={`${WAITER_MSG.deliver}: pedido #${o.Codigo}`}>
            {WAITER_MSG.deliver}
          </Button>
        )}
      </Group>
      <WaiterOrderItems order={o} id={itemsId} style={{ marginTop: 6, display: open ? undefined : 'none' }} />
    </OrderFrame>
  );
}
