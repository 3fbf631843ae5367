import { Alert, Anchor, Button, Modal, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { CASHLESS_MSG, formatDocument, formatLegacyDate, NEGATIVE_BALANCE_PAGE_SIZE } from '../../../../shared/cashless';
import type { HistoryItem } from '../../../../shared/contract/cashless';
import { formatBRL } from '../../../../shared/format';
import { cashlessQueries } from '../api/cashless-queries';
import { useSession, useTitle } from '../hooks/use-session';
import { DataTable } from '../../../components/data-table';
import { TitleRow } from '../../../components/title-row';
import { Pager } from '../../../components/pager';

function DetailModal({ localId, plan, onClose }: { localId: string; plan: HistoryItem | null; onClose: () => void }) {
  const q = useQuery({ ...cashlessQueries.historyDetail(localId, plan?.id ?? ''), enabled: Boolean(plan) });
  return (
    <Modal closeButtonProps={{ 'aria-label': 'Fechar' }} opened={plan !== null} onClose={onClose} title="Detalhes do planejamento" size="lg" centered>
      {q.isError ? (
        <Alert color="red">{q.error.message}</Alert>
      ) : q.isPending ? (
        <Skeleton h={160} />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label="Recargas do planejamento">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nome</Table.Th>
                <Table.Th>Documento</Table.Th>
                <Table.Th ta="right">Valor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.recharges.map((r, i) => (
                <Table.Tr key={i} data-testid="detail-row">
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDocument(r.document)}</Table.Td>
                  <Table.Td ta="right">{formatBRL(r.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={2}>Total</Table.Th>
                <Table.Th ta="right" data-testid="detail-total">
                  {formatBRL(q.data.total)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}

/** "Histórico de recargas" (spec 001 §2.8): recharge plans, 20 per page, dates minus 3 hours. */
export function RechargeHistoryPage({ page, onPage }: { page: number; onPage: (p: number) => void }) {
  useTitle('Histórico de recargas');
  const session = useSession();
  const localId = session?.currentLocation?.localId ?? '';
  const q = useQuery({ ...cashlessQueries.history(localId, page), enabled: Boolean(localId) });
  const [open, setOpen] = useState<HistoryItem | null>(null);
  if (!localId) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;
  const pages = q.data ? Math.max(1, Math.ceil(q.data.totalQuantity / NEGATIVE_BALANCE_PAGE_SIZE)) : 1;
  return (
    <Stack maw={1000} mx="auto">
      <TitleRow title="Histórico de recargas" align="flex-end">
        <Anchor component={Link} to="/cashless/relatorios/saldoNegativo">
          Voltar ao saldo negativo
        </Anchor>
      </TitleRow>
      {q.isError ? (
        <Alert color="red">{CASHLESS_MSG.reportFailed}</Alert>
      ) : !q.data ? (
        <Skeleton h={240} />
      ) : q.data.items.length === 0 ? (
        <Paper withBorder p="xl">
          <Text c="gray.7" ta="center">
            {CASHLESS_MSG.emptyHistory}
          </Text>
        </Paper>
      ) : (
        <DataTable minWidth={720} stickyHeader highlightOnHover aria-label="Planejamentos de recarga" head={['Criado em', 'Criado por', 'Pago em', 'Pago por', 'Detalhes']}>
          {q.data.items.map((h) => (
            <Table.Tr key={h.id} data-testid="history-row">
              <Table.Td>{formatLegacyDate(h.createdAt)}</Table.Td>
              <Table.Td>{h.createdBy}</Table.Td>
              <Table.Td>{formatLegacyDate(h.paidAt)}</Table.Td>
              <Table.Td>{h.paidBy || '-'}</Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="subtle" mih={36} onClick={() => setOpen(h)} aria-label={`Detalhes do planejamento de ${formatLegacyDate(h.createdAt)}`}>
                  Detalhes
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <Pager total={pages} value={page} onChange={onPage} />
      <DetailModal localId={localId} plan={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
