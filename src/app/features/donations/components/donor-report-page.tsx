import { Alert, Button, Card, Group, Pagination, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DONATION_MSG, formatDonationDateTime } from '../../../../shared/donations';
import { formatBRL } from '../../../../shared/format';
import { downloadGeneratedFile } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';
import { donationQueries, donorExcel } from '../api/donation-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { DataTable } from '../../../components/data-table';
import { pageControlLabel } from '../../../components/pager';

const PAGE_SIZE = 20;

/** Donor report (role Doacoes): filters Evento and Instituição, Buscar and Gerar Excel (spec 000 §2, §7). */
export function DonorReportPage() {
  useDocumentTitle('Relatório de doadores | Balcão');
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const [eventId, setEventId] = useState<string | null>(null);
  const [instituteId, setInstituteId] = useState<string | null>(null);
  const [applied, setApplied] = useState<{ eventId: string; instituteId?: string } | null>(null);
  const [eventError, setEventError] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const events = useQuery({ ...donationQueries.events(localId), enabled: Boolean(localId) });
  const institutes = useQuery({ ...donationQueries.eventInstitutes(eventId ?? ''), enabled: Boolean(eventId) });
  const report = useQuery({ ...donationQueries.report(localId, applied?.eventId ?? '', applied?.instituteId), enabled: Boolean(applied) });

  if (!place) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;
  const needEvent = () => {
    if (eventId) return true;
    setEventError(DONATION_MSG.chooseEvent);
    void toastError(DONATION_MSG.chooseEvent);
    return false;
  };
  const search = () => {
    if (!needEvent()) return;
    setPage(1);
    setApplied({ eventId: eventId!, instituteId: instituteId ?? undefined });
  };
  const excel = async () => {
    if (!needEvent()) return;
    setExporting(true);
    try {
      const file = await donorExcel({
        eventId: eventId!,
        instituteId: instituteId ?? undefined,
        event: events.data?.find((e) => e.id === eventId)?.nome ?? '',
        institute: institutes.data?.find((i) => i.id === instituteId)?.nome ?? '',
        localClienteId: localId,
      });
      await downloadGeneratedFile(file);
    } catch {
      // Spec 000 §8: "Report download failure is swallowed silently."
    } finally {
      setExporting(false);
    }
  };
  const rows = report.data ?? [];
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const total = rows.reduce((s, r) => s + Math.round(r.amount * 100), 0) / 100;

  return (
    <Stack>
      <Title order={1} size="h2">
        Relatório de doadores
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
          <Select
            label="Evento"
            withAsterisk
            placeholder="Selecione o evento"
            data={(events.data ?? []).map((e) => ({ value: e.id, label: e.nome }))}
            value={eventId}
            error={eventError}
            onChange={(v) => {
              setEventId(v);
              setInstituteId(null);
              setEventError(undefined);
            }}
          />
          <Select
            label="Instituição"
            placeholder="Todas"
            clearable
            disabled={!eventId}
            data={(institutes.data ?? []).map((i) => ({ value: i.id, label: i.nome }))}
            value={instituteId}
            onChange={setInstituteId}
          />
        </SimpleGrid>
        <Group mt="md">
          <Button type="submit" loading={report.isFetching}>
            Buscar
          </Button>
          <Button variant="light" onClick={() => void excel()} loading={exporting}>
            Gerar Excel
          </Button>
        </Group>
      </form>
      {report.isError && <Alert color="red">{report.error.message}</Alert>}
      {!applied ? (
        <Card withBorder p="lg">
          <Text c="gray.7">Selecione o evento e clique em Buscar.</Text>
        </Card>
      ) : report.isPending ? (
        <Skeleton h={200} />
      ) : rows.length === 0 ? (
        <Card withBorder p="lg">
          <Text c="gray.7">Nenhum doador encontrado.</Text>
        </Card>
      ) : (
        <>
          <Text size="sm">
            {rows.length} doações · total {formatBRL(total)}
          </Text>
          <DataTable minWidth={900} striped stickyHeader head={['Data', 'Nome', 'Documento', 'E-mail', 'Telefone', 'Descrição', { label: 'Valor', ta: 'right' }]}>
            {shown.map((r) => (
              <Table.Tr key={r.id} data-testid="donor-row">
                <Table.Td>{formatDonationDateTime(r.date)}</Table.Td>
                <Table.Td>{r.name}</Table.Td>
                <Table.Td>{r.document}</Table.Td>
                <Table.Td>{r.email}</Table.Td>
                <Table.Td>{r.phone}</Table.Td>
                <Table.Td>{r.description}</Table.Td>
                <Table.Td ta="right">{formatBRL(r.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          {rows.length > PAGE_SIZE && <Pagination total={Math.ceil(rows.length / PAGE_SIZE)} value={page} onChange={setPage} getControlProps={pageControlLabel} />}
        </>
      )}
    </Stack>
  );
}
