/** One ready order in the service view's strip: table and code large, "Entregue à mesa" at the thumb, the items on demand. */
import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useId, useState } from 'react';
import type { WaiterOrder } from '../../../../shared/contract/waiter';
import { formatTime } from '../../../../shared/format';
import { WAITER_MSG } from '../../../../shared/waiter';

/** `delivery`: 'sending' while "Entregue à mesa" is on its way (a queued one leaves the strip). */
export function ReadyOrderRow({ order: o, delivery, onDelivered }: { order: WaiterOrder; delivery: 'idle' | 'sending' | 'queued'; onDelivered: (o: WaiterOrder) => void }) {
  const [open, setOpen] = useState(false);
  const itemsId = useId();
  const queued = delivery === 'queued';
  const count = o.Itens.reduce((n, i) => n + i.Quantidade, 0);
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      data-testid={queued ? 'open-order' : 'ready-order'}
      data-codigo={o.Codigo}
      bg={queued ? undefined : 'green.0'}
      style={queued ? undefined : { borderColor: 'var(--mantine-color-green-8)', borderWidth: 3 }}
    >
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
          <Badge size="lg" color="gray.8" variant="filled" data-testid="pending-delivery">
            Entregue · {WAITER_MSG.pending}
          </Badge>
        ) : (
          <Button size="md" mih={48} color="green.9" loading={delivery === 'sending'} onClick={() => onDelivered(o)} aria-label={`${WAITER_MSG.deliver}: pedido #${o.Codigo}`}>
            {WAITER_MSG.deliver}
          </Button>
        )}
      </Group>
      <Stack gap={2} component="ul" id={itemsId} style={{ listStyle: 'none', padding: 0, margin: '6px 0 0', display: open ? undefined : 'none' }}>
        {o.Itens.map((i, n) => (
          <li key={n}>
            <Text fw={600}>
              {i.Quantidade}x {i.NomeProduto}
            </Text>
            {i.Observacoes.map((ob, k) => (
              <Text key={k} size="sm" c="orange.9">
                {ob.Opcoes.length ? `${ob.Descricao}: ${ob.Opcoes.join(', ')}` : ob.Descricao}
              </Text>
            ))}
          </li>
        ))}
        {o.ObservacaoPedido ? (
          <li>
            <Text size="sm" fw={600} c="orange.9">
              Obs. do pedido: {o.ObservacaoPedido}
            </Text>
          </li>
        ) : null}
      </Stack>
    </Paper>
  );
}
