import { Alert, Badge, Button, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { CASHLESS_MSG, EXTRACT_STATUS, extractAcquirerLabel, formatLegacyDate } from '../../../../shared/cashless';
import { formatBRL } from '../../../../shared/format';
import { cashlessQueries, type ExtractFilters } from '../api/cashless-queries';
import { useSession, useTitle } from '../hooks/use-session';
import { DataTable } from '../../../components/data-table';
import { TitleRow } from '../../../components/title-row';
import { SearchPanel } from '../../../components/search-panel';

const STATUS_OPTIONS = [
  { value: '', label: 'Todos' },
  { value: EXTRACT_STATUS.waiting, label: 'Aguardando processamento' },
  { value: EXTRACT_STATUS.processed, label: 'Processado' },
];

/** "Extratos Digitais" (spec 001 §2.6): filters, Buscar and the files; waiting files refresh on their own. */
export function ExtractsPage() {
  useTitle('Extratos Digitais');
  const session = useSession();
  const localId = session?.currentLocation?.localId ?? '';
  const [form, setForm] = useState({ startDate: '', finalDate: '', status: '' });
  const [dateError, setDateError] = useState<string | null>(null);
  const [filters, setFilters] = useState<Omit<ExtractFilters, 'localId'>>({});
  const list = useQuery({ ...cashlessQueries.extracts({ localId, ...filters }), enabled: Boolean(localId) });
  if (!localId) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;

  const search = (e: FormEvent) => {
    e.preventDefault();
    if (form.startDate && form.finalDate && form.startDate > form.finalDate) {
      setDateError('A data inicial não pode ser depois da data final.');
      return;
    }
    setDateError(null);
    setFilters({ startDate: form.startDate || undefined, finalDate: form.finalDate || undefined, status: form.status || undefined });
  };
  if (list.data && list.data.length === 0) console.info(CASHLESS_MSG.extractNone);
  return (
    <Stack maw={1100} mx="auto">
      <TitleRow title="Extratos Digitais" align="flex-end">
        <Button component={Link} to="/admin/EDI/importEletronicExtracts" variant="light">
          Importar extrato
        </Button>
      </TitleRow>
      <SearchPanel label="Filtrar extratos" onSubmit={search} noValidate>
        <TextInput type="date" label="Data inicial" value={form.startDate} onChange={(e) => setForm({ ...form, startDate: e.currentTarget.value })} error={dateError} style={{ flex: '1 1 170px' }} />
        <TextInput type="date" label="Data final" value={form.finalDate} onChange={(e) => setForm({ ...form, finalDate: e.currentTarget.value })} style={{ flex: '1 1 170px' }} />
        <Select label="Status" data={STATUS_OPTIONS} value={form.status} onChange={(v) => setForm({ ...form, status: v ?? '' })} allowDeselect={false} style={{ flex: '1 1 220px' }} />
        <Button type="submit" mt={25}>
          Buscar
        </Button>
      </SearchPanel>
      {list.isError ? (
        <Alert color="red">{list.error.message}</Alert>
      ) : list.isPending ? (
        <Skeleton h={200} />
      ) : (
        <DataTable minWidth={820} stickyHeader highlightOnHover aria-label="Extratos" head={['Nome', 'Adquirente', 'Data de criação', 'Status', { label: 'Transações', ta: 'right' }, { label: 'Total', ta: 'right' }]}>
          {list.data.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="gray.7" ta="center" py="md">
                  {CASHLESS_MSG.extractNone}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            list.data.map((x) => {
              const processed = !/^0001-/.test(x.AnalizedAt);
              return (
                <Table.Tr key={x.id} data-testid="extract-row">
                  <Table.Td style={{ wordBreak: 'break-all' }}>{x.FileName}</Table.Td>
                  <Table.Td>{extractAcquirerLabel(x.AquirerType)}</Table.Td>
                  <Table.Td>{formatLegacyDate(x.CreatedAt)}</Table.Td>
                  <Table.Td>
                    <Badge color={processed ? (x.Error ? 'red' : 'green') : 'yellow'} variant="light" title={x.Error || undefined}>
                      {processed ? 'Processado' : 'Aguardando processamento'}
                    </Badge>
                    {x.Error && (
                      <Text size="xs" c="red.8">
                        {x.Error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{processed ? x.Lines : '-'}</Table.Td>
                  <Table.Td ta="right">{processed ? formatBRL(x.Total) : '-'}</Table.Td>
                </Table.Tr>
              );
            })
          )}
        </DataTable>
      )}
    </Stack>
  );
}
