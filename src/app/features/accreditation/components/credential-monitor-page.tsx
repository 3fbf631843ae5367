import { Alert, Button, Group, Pagination, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import {
  ACC_MSG,
  ACCREDITATION_ACQUIRERS,
  acquirerLabel,
  digitsOnly,
  MONITOR_DEFAULT_PAGE_SIZE,
  MONITOR_PAGE_SIZES,
  monitorSearch,
  type MonitorSearch,
  pageCount,
  shownPage,
  wirePage,
} from '../../../../shared/accreditation';
import { accreditationQueries, type MonitorFilters } from '../api/accreditation-queries';
import { PageHeader, showDate, showDocument } from './page-header';
import { CredentialStatusBadge } from './status-badges';
import { DataTable } from '../../../components/data-table';
import { pageControlLabel } from '../../../components/pager';

/** "Monitorar credenciamentos" (spec 001 §2.15, §9): page sizes 10/25/50/100, index 0-based shown 1-based. */
export function CredentialMonitorPage() {
  // Touch targets of at least 44 px on phones.
  const phone = useMediaQuery('(max-width: 470px)');
  // The filters live in the address (page shown 1-based there), so a page can be shared and survives a reload.
  const urlSearch = monitorSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const filters: MonitorFilters = {
    page: wirePage(urlSearch.page ?? 1),
    pageSize: urlSearch.pageSize ?? MONITOR_DEFAULT_PAGE_SIZE,
    nomePortal: urlSearch.nomePortal,
    documentoLojista: urlSearch.documentoLojista,
    tipoAdquirente: urlSearch.tipoAdquirente,
  };
  const setFilters = (next: (f: MonitorFilters) => MonitorFilters) => {
    const f = next(filters);
    const search: MonitorSearch = { ...f, page: shownPage(f.page) };
    void navigate({ to: '.', search: search as never, replace: false });
  };
  const [form, setForm] = useState({
    nomePortal: urlSearch.nomePortal ?? '',
    documentoLojista: urlSearch.documentoLojista ?? '',
    tipoAdquirente: urlSearch.tipoAdquirente === undefined ? null : String(urlSearch.tipoAdquirente),
  });
  const page = useQuery(accreditationQueries.monitor(filters));
  const search = (e: FormEvent) => {
    e.preventDefault();
    setFilters((f) => ({
      page: 0,
      pageSize: f.pageSize,
      nomePortal: form.nomePortal.trim() || undefined,
      documentoLojista: digitsOnly(form.documentoLojista) || undefined,
      tipoAdquirente: form.tipoAdquirente === null ? undefined : Number(form.tipoAdquirente),
    }));
  };
  const total = page.data?.TotalRecords ?? 0;
  return (
    <Stack maw={1200} mx="auto">
      <PageHeader title="Monitorar credenciamentos" />
      <Paper withBorder p="md" radius="md">
        <form onSubmit={search} aria-label="Filtros">
          <SimpleGrid cols={{ base: 1, sm: 4 }} style={{ alignItems: 'end' }}>
            <TextInput label="Estabelecimento" value={form.nomePortal} onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, nomePortal: value }));
            }} />
            <TextInput label="Documento do lojista" value={form.documentoLojista} inputMode="numeric" onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, documentoLojista: value }));
            }} />
            <Select label="Adquirente" clearable placeholder="Todos" data={ACCREDITATION_ACQUIRERS.map((a) => ({ value: String(a), label: acquirerLabel(a) }))}
              value={form.tipoAdquirente} onChange={(x) => setForm((f) => ({ ...f, tipoAdquirente: x }))} />
            <Button type="submit">Buscar</Button>
          </SimpleGrid>
        </form>
      </Paper>
      {page.isPending ? (
        <Skeleton h={360} />
      ) : !page.data ? (
        <Alert color="gray">{ACC_MSG.noData}</Alert>
      ) : !page.data.Records.length ? (
        <Alert color="gray">{ACC_MSG.noItems}</Alert>
      ) : (
        <Paper withBorder radius="md">
          <DataTable minWidth={960} stickyHeader highlightOnHover aria-label="Credenciais" style={{ opacity: page.isPlaceholderData ? 0.6 : 1 }} head={['Estabelecimento', 'Documento', 'Adquirente', 'Credenciamento', 'Última transação', 'Observações', 'Status']}>
            {page.data.Records.map((c, i) => (
              <Table.Tr key={`${c.DocumentoLojista}-${c.TipoAdquirente}-${i}`} data-testid="credential-row">
                <Table.Td>{c.NomePortal}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{showDocument(c.DocumentoLojista)}</Table.Td>
                <Table.Td>{acquirerLabel(c.TipoAdquirente)}</Table.Td>
                <Table.Td>{showDate(c.DataCredenciamento)}</Table.Td>
                <Table.Td>{showDate(c.DataUltimaTransacao)}</Table.Td>
                <Table.Td>{c.Observacoes}</Table.Td>
                <Table.Td>
                  <CredentialStatusBadge status={c.Status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      )}
      <Group justify="space-between">
        <Group gap="xs">
          <Select aria-label="Itens por página" w={100} data={MONITOR_PAGE_SIZES.map(String)} value={String(filters.pageSize)} allowDeselect={false}
            onChange={(x) => setFilters((f) => ({ ...f, page: 0, pageSize: Number(x ?? MONITOR_DEFAULT_PAGE_SIZE) }))} />
          <Text size="sm">por página · {total} credenciais</Text>
        </Group>
        <Pagination size={phone ? 'xl' : 'md'} total={pageCount(total, filters.pageSize)} value={shownPage(filters.page)} onChange={(p) => setFilters((f) => ({ ...f, page: wirePage(p) }))}
          getControlProps={pageControlLabel}
          getItemProps={(p) => ({ 'aria-label': `Página ${p}` })} />
      </Group>
    </Stack>
  );
}
