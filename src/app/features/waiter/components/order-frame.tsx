/** What the waiter's two order views (a table's order card, the ready strip's row) share. */
import { Badge, Paper, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import type { WaiterOrder } from '../../../../shared/contract/waiter';
import { WAITER_MSG } from '../../../../shared/waiter';

const READY_BORDER = { borderColor: 'var(--mantine-color-green-8)', borderWidth: 3 };

/** An order's frame: a ready one stands out (green, a thick green border) and is a "ready-order", any other an "open-order". */
export function OrderFrame({ order, ready, p, children }: { order: WaiterOrder; ready: boolean; p: MantineSpacing; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={p} data-testid={ready ? 'ready-order' : 'open-order'} data-codigo={order.Codigo} bg={ready ? 'green.0' : undefined} style={ready ? READY_BORDER : undefined}>
      {children}
    </Paper>
  );
}

/** "Entregue · aguardando…": the delivery was tapped and waits in the outbox for the network. */
export const PendingDeliveryBadge = () => (
  <Badge size="lg" color="gray.8" variant="filled" data-testid="pending-delivery">
    Entregue · {WAITER_MSG.pending}
  </Badge>
);
