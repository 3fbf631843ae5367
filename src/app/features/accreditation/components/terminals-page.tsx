import { Alert, Badge, Pagination, Paper, Stack, Table, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ACC_MSG, acquirerLabel, filterBySearch, pageCount, pageOf, TERMINAL_SEARCH_MIN, TERMINALS_PAGE_SIZE } from '../../../../shared/accreditation';
import { accreditationQueries } from '../api/accreditation-queries';
import { useSession } from '../hooks/use-session';
import { Facts } from './facts';
import { QueryState } from './query-state';
import { PageHeader } from './page-header';
import { DataTable } from '../../../components/data-table';
import { pageControlLabel } from '../../../components/pager';

/** "Terminais" (spec 001 §2.15, §9): 10 per page, search from 3 characters ignoring punctuation and case. */
export function TerminalsPage() {
  // Touch targets of at least 44 px on phones.
  const phone = useMediaQuery('(max-width: 470px)');
  const session = useSession();
  const localId = session?.currentLocation?.localId ?? '';
  const list = useQuery({ ...accreditationQueries.terminals(localId), enabled: Boolean(localId) });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const rows = useMemo(
    () =>
      filterBySearch(list.data?.Terminals ?? [], search, (t) => [
        t.PayStoreTerminalName, t.PayStoreTerminalNumber, t.PayStoreTidNumber, t.TerminalSerialNumber, t.MPPagamentosTerminalName, t.PatrimonyMeep,
      ]),
    [list.data, search],
  );
  if (!localId) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;
  return (
    <Stack maw={1200} mx="auto">
      <PageHeader title="Terminais" />
      <QueryState query={list} h={360} empty={ACC_MSG.noData}>
        {(data) => (
          <>
            <Facts cols={{ base: 2, sm: 5 }} testIdPrefix="terminals" facts={[
              ['Disponíveis', String(data.AvailableTerminalsCount)],
              ['Vinculados', String(data.LinkedTerminalsCount)],
              ['MID', data.PayStoreMidNumber || '-'],
              ['Merchant Id', data.PayStoreMerchantId || '-'],
              ['Adquirente atual', acquirerLabel(data.CurrentAcquirer)],
            ]} />
            <TextInput label="Buscar terminal" description={`A partir de ${TERMINAL_SEARCH_MIN} caracteres: nome, número, TID, série ou patrimônio`} value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }} maw={420} />
            {!rows.length ? (
              <Alert color="gray">{ACC_MSG.noItems}</Alert>
            ) : (
              <Paper withBorder radius="md">
                <DataTable minWidth={980} stickyHeader highlightOnHover aria-label="Terminais" head={['Terminal', 'Número', 'TID', 'Status', 'Número de série', 'Nome no portal', 'Patrimônio', 'Inconsistência']}>
                  {pageOf(rows, page, TERMINALS_PAGE_SIZE).map((t) => (
                    <Table.Tr key={t.PayStoreTidNumber} data-testid="terminal-row">
                      <Table.Td>{t.PayStoreTerminalName}</Table.Td>
                      <Table.Td>{t.PayStoreTerminalNumber}</Table.Td>
                      <Table.Td>{t.PayStoreTidNumber}</Table.Td>
                      <Table.Td>{t.PayStoreTerminalStatus}</Table.Td>
                      <Table.Td>{t.TerminalSerialNumber}</Table.Td>
                      <Table.Td>{t.MPPagamentosTerminalName}</Table.Td>
                      <Table.Td>{t.PatrimonyMeep}</Table.Td>
                      <Table.Td>
                        {t.TerminalInconsistency ? (
                          <Badge color="red.9" variant="outline">
                            Sim
                          </Badge>
                        ) : (
                          'Não'
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </DataTable>
              </Paper>
            )}
            <Pagination size={phone ? 'xl' : 'md'} total={pageCount(rows.length, TERMINALS_PAGE_SIZE)} value={Math.min(page, pageCount(rows.length, TERMINALS_PAGE_SIZE))} onChange={setPage}
              getControlProps={pageControlLabel}
              getItemProps={(p) => ({ 'aria-label': `Página ${p}` })} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
