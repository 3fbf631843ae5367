/**
 * The service view: orders ready to take first (they call until delivered), then every table with
 * its counts. Ready orders are one compact row each (table, code, "Entregue à mesa"; items on demand)
 * and only the oldest few show until asked, so the tables stay within a thumb's reach on a phone.
 */
import { Badge, Button, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { WaiterOrder, WaiterTablesResponse } from '../../../../shared/contract/waiter';
import { formatBRL } from '../../../../shared/format';
import { WAITER_MSG } from '../../../../shared/waiter';
import { ReadyOrderRow } from './ready-order-row';

/** Ready orders shown before "Mostrar todos": enough for a normal rush, few enough to keep the tables on the first screen. */
export const READY_ROWS_SHOWN = 3;

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
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? ready : ready.slice(0, READY_ROWS_SHOWN);
  const hidden = ready.length - shown.length;
  return (
    <Stack gap="lg">
      {ready.length ? (
        <Stack gap="xs" component="section" aria-labelledby="ready-title" data-testid="ready-strip">
          <Title order={2} size="h3" id="ready-title" c="green.9">
            Prontos para servir ({ready.length})
          </Title>
          {shown.map((o) => (
            <ReadyOrderRow key={o.Id} order={o} delivery={deliveryOf(o.Id)} onDelivered={onDelivered} />
          ))}
          {hidden > 0 || (showAll && ready.length > READY_ROWS_SHOWN) ? (
            <Button variant="outline" color="green.9" size="md" mih={48} onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
              {showAll ? 'Mostrar menos' : `Mostrar todos os prontos (mais ${hidden})`}
            </Button>
          ) : null}
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
                  bg={m.Prontos ? 'green.0' : m.Abertos || m.Conta ? 'orange.0' : undefined}
                  style={m.Prontos ? { borderColor: 'var(--mantine-color-green-8)', borderWidth: 3 } : undefined}
                >
                  <Text fw={800} size="xl">
                    {m.Nome}
                  </Text>
                  <Text size="sm">{m.Abertos ? `${m.Abertos} ${m.Abertos === 1 ? 'aberto' : 'abertos'}` : m.Conta ? 'Conta aberta' : 'Livre'}</Text>
                  {m.Conta ? (
                    <Text size="sm" fw={700} data-testid="table-bill-amount">
                      Conta {formatBRL(m.Conta)}
                    </Text>
                  ) : null}
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
