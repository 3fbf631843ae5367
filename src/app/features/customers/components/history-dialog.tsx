import { Alert, Modal, Skeleton, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CUSTOMER_MSG } from '../../../../shared/customers';
import { formatDate, formatTime } from '../../../../shared/format';
import { customerQueries } from '../api/customer-queries';
import { DataTable } from '../../../components/data-table';

/**
 * The spec shifts the old backend's block dates by -3 hours (UTC stored without offset); ours are
 * real instants, so showing them in America/Sao_Paulo gives the same wall-clock time.
 */
const when = (iso: string | null) => (iso ? `${formatDate(iso)} ${formatTime(iso)}` : '—');

export function HistoryDialog(props: { localId: string; customer: { id: string; nome: string | null; CPF: string } | null; onClose: () => void }) {
  const { localId, customer, onClose } = props;
  const q = useQuery({ ...customerQueries.history(localId, { id: customer?.id ?? '', CPF: customer?.CPF ?? '' }), enabled: Boolean(customer) });
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Fechar' }} opened={customer !== null} onClose={onClose} title={`Histórico de bloqueio${customer?.nome ? ` — ${customer.nome}` : ''}`} size="xl">
      {q.isPending ? (
        <Skeleton h={80} />
      ) : q.isError ? (
        <Alert color="red">{q.error.message}</Alert>
      ) : q.data.length === 0 ? (
        <Text>{CUSTOMER_MSG.noHistory}</Text>
      ) : (
        <DataTable minWidth={640} striped aria-label="Histórico de bloqueio" head={['Bloqueado em', 'Bloqueado por', 'Motivo do bloqueio', 'Desbloqueado em', 'Desbloqueado por', 'Motivo do desbloqueio']}>
          {q.data.map((h, i) => (
            <Table.Tr key={i}>
              <Table.Td>{when(h.BlockedAt)}</Table.Td>
              <Table.Td>{h.BlockedBy ?? '—'}</Table.Td>
              <Table.Td>{h.BlockedReason ?? '—'}</Table.Td>
              <Table.Td>{when(h.UnlockedAt)}</Table.Td>
              <Table.Td>{h.UnlockedBy ?? '—'}</Table.Td>
              <Table.Td>{h.UnlockeReason ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Modal>
  );
}
