import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { CollaboratorSchedule } from '../../../../shared/contract/scheduling';
import { SCHED_MSG, SCHEDULE_WEEKDAYS } from '../../../../shared/scheduling';
import { PlusIcon, SearchIcon } from '../../../components/icons';
import { toastError } from '../../../lib/toast';
import { deleteCollaboratorSchedule, schedulingQueries } from '../api/scheduling-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { usePageTitle } from '../hooks/use-page-title';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { useRegistryDialogs } from '../../../components/use-registry-dialogs';
import forms from './forms.module.css';
import { DataTable } from '../../../components/data-table';
import { TitleRow } from '../../../components/title-row';
import { DeleteAction } from '../../../components/icon-action';

export interface ScheduleMapSearch {
  nome?: string;
  dataInicial?: string;
  dataFinal?: string;
}

const br = (iso: string) => iso.split('-').reverse().join('/');

/**
 * Schedule map (spec 001 §2.4 item 10): name, initial and final date and Buscar. The spec's submit
 * does nothing; ours lists the collaborator schedules matching the filters (kept in the URL).
 */
export function ScheduleMapPage({ search, onSearch }: { search: ScheduleMapSearch; onSearch: (s: ScheduleMapSearch) => void }) {
  usePageTitle('Mapa de escalas');
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const queryClient = useQueryClient();
  const [nome, setNome] = useState(search.nome ?? '');
  const [dataInicial, setDataInicial] = useState(search.dataInicial ?? '');
  const [dataFinal, setDataFinal] = useState(search.dataFinal ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  // Deleting a schedule: the same confirmation state and refresh every registry page uses.
  const { deleting, setDeleting, busy, remove } = useRegistryDialogs<CollaboratorSchedule>(
    (row) => deleteCollaboratorSchedule(row.id),
    () => queryClient.invalidateQueries({ queryKey: schedulingQueries.all }),
  );
  const list = useQuery({
    ...schedulingQueries.byFilter(localId, { name: search.nome, initialDate: search.dataInicial, finalDate: search.dataFinal }),
    enabled: Boolean(localId),
  });
  if (!place) return <Alert color="yellow">Escolha um estabelecimento para ver as escalas.</Alert>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (dataInicial && dataFinal && dataInicial > dataFinal) {
      setProblem(SCHED_MSG.dateOrder);
      void toastError(SCHED_MSG.dateOrder);
      return;
    }
    setProblem(null);
    onSearch({ nome: nome.trim() || undefined, dataInicial: dataInicial || undefined, dataFinal: dataFinal || undefined });
  };
  const rows = list.data ?? [];
  return (
    <Stack>
      <TitleRow title="Mapa de escalas">
        <Button component={Link} to="/agendamento/colaborador/cadastro" leftSection={<PlusIcon />} variant="light">
          Nova escala
        </Button>
      </TitleRow>
      <Paper withBorder p="md" radius="md">
        <form className={forms.form} onSubmit={submit} aria-label="Filtros do mapa de escalas">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput label="Nome" value={nome} onChange={(e) => setNome(e.currentTarget.value)} maxLength={120} w={{ base: '100%', sm: 260 }} />
            <TextInput label="Data inicial" type="date" value={dataInicial} onChange={(e) => setDataInicial(e.currentTarget.value)} w={{ base: 'calc(50% - 6px)', sm: 170 }} />
            <TextInput label="Data final" type="date" value={dataFinal} onChange={(e) => setDataFinal(e.currentTarget.value)} error={problem ?? undefined} w={{ base: 'calc(50% - 6px)', sm: 170 }} />
            <Button type="submit" leftSection={<SearchIcon />}>
              Buscar
            </Button>
          </Group>
        </form>
      </Paper>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending ? (
        <Skeleton h={160} radius="md" />
      ) : (
        <DataTable minWidth={560} striped aria-label="Escalas encontradas" stickyHeader head={['Colaborador', 'Período', 'Horários', { label: 'Excluir', hidden: true }]}>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>{SCHED_MSG.noCollaboratorSchedules}</Table.Td>
            </Table.Tr>
          ) : (
            rows.map((r) => (
              <Table.Tr key={r.id} data-testid="map-row">
                <Table.Td>{r.collaboratorName}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {br(r.startDate)} a {br(r.endDate)}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{r.availableDays.map((d) => `${SCHEDULE_WEEKDAYS[d.dayOfWeek]} ${d.startHour}–${d.endHour}`).join('; ')}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <DeleteAction aria-label={`Excluir escala de ${r.collaboratorName}`} onClick={() => setDeleting(r)} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </DataTable>
      )}
      <ConfirmDelete
        opened={Boolean(deleting)}
        title="Excluir escala"
        question="Deseja realmente excluir essa escala?"
        note={SCHED_MSG.deleteCannotUndo}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
