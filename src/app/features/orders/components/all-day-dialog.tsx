/**
 * "Contagem do dia": the total of each item the open orders still need, by station, and the time
 * orders spend in each state against the venue's target (its "atrasado" minutes).
 */
import { Modal, Stack, Table, Text, Title } from '@mantine/core';
import type { Order, WorkflowState } from '../../../../shared/contract/orders';
import { formatElapsed } from '../model/board-rules';
import { allDayCounts, stateTimings } from '../model/all-day';

export function AllDayDialog({ opened, orders, states, targetMinutes, onClose }: {
  opened: boolean;
  orders: readonly Order[];
  states: ReadonlyArray<Pick<WorkflowState, 'Id' | 'Name'>>;
  targetMinutes: number;
  onClose: () => void;
}) {
  if (!opened) return null;
  const lines = allDayCounts(orders);
  const timings = stateTimings(orders, Date.now(), targetMinutes);
  const name = (id: number) => states.find((s) => s.Id === id)?.Name ?? String(id);
  const time = (s: number | null) => (s == null ? '—' : formatElapsed(s));
  return (
    <Modal opened onClose={onClose} title="Contagem do dia" size="xl" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Stack>
        <Title order={2} size="h4">
          Itens a preparar, por estação
        </Title>
        {lines.length === 0 ? (
          <Text>Nenhum item a preparar.</Text>
        ) : (
          <Table striped fz="lg" data-testid="all-day">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Estação</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Quantidade</Table.Th>
                <Table.Th ta="right">Pedidos</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={`${l.station}-${l.item}`}>
                  <Table.Td>{l.station}</Table.Td>
                  <Table.Td>{l.item}</Table.Td>
                  <Table.Td ta="right" fw={800}>
                    {l.quantity}
                  </Table.Td>
                  <Table.Td ta="right">{l.orders}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Title order={2} size="h4">
          Tempo por etapa (meta: {targetMinutes} min; em preparo, o tempo de preparo de cada pedido)
        </Title>
        <Table fz="lg" data-testid="state-timings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Etapa</Table.Th>
              <Table.Th ta="right">Média</Table.Th>
              <Table.Th ta="right">Maior espera agora</Table.Th>
              <Table.Th ta="right">Acima da meta</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {timings.map((t) => (
              <Table.Tr key={t.stateId}>
                <Table.Td>{name(t.stateId)}</Table.Td>
                <Table.Td ta="right">{time(t.averageSeconds)}</Table.Td>
                <Table.Td ta="right">{time(t.currentSeconds)}</Table.Td>
                <Table.Td ta="right" fw={t.overTarget ? 800 : undefined}>
                  {t.overTarget}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Modal>
  );
}
