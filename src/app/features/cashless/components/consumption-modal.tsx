import { Alert, Modal, Skeleton, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CASHLESS_MSG, formatLegacyDate } from '../../../../shared/cashless';
import { formatBRL } from '../../../../shared/format';
import { cashlessQueries } from '../api/cashless-queries';
import { DataTable } from '../../../components/data-table';

/** A card's consumption lines (spec 001 §3 "Consumption line"). */
export function ConsumptionModal({ card, onClose }: { card: { id: string; name: string } | null; onClose: () => void }) {
  const q = useQuery({ ...cashlessQueries.consumption(card?.id ?? ''), enabled: Boolean(card) });
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Fechar' }} opened={card !== null} onClose={onClose} title={`Consumo de ${card?.name ?? ''}`} size="xl" centered>
      {q.isError ? (
        <Alert color="red">{q.error.message}</Alert>
      ) : q.isPending ? (
        <Skeleton h={200} />
      ) : q.data.length === 0 ? (
        <Text c="gray.7">{CASHLESS_MSG.emptyConsumption}</Text>
      ) : (
        <DataTable minWidth={760} stickyHeader striped aria-label="Consumo do cartão" head={['Produto', { label: 'Valor', ta: 'right' }, { label: 'Total', ta: 'right' }, 'Pagamento', 'Data', 'Equipamento', 'Operador']}>
          {q.data.map((l, i) => (
            <Table.Tr key={i} data-testid="consumption-row">
              <Table.Td>{l.NomeProduto}</Table.Td>
              <Table.Td ta="right">{formatBRL(l.ValorProduto)}</Table.Td>
              <Table.Td ta="right">{formatBRL(l.ValorTotal)}</Table.Td>
              <Table.Td>{l.DescricaoTipoPagamento}</Table.Td>
              <Table.Td>{formatLegacyDate(l.DataRealizacao)}</Table.Td>
              <Table.Td>{l.Equipamento}</Table.Td>
              <Table.Td>{l.Operador}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Modal>
  );
}
