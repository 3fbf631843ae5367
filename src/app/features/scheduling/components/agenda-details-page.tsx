import { Alert, Button, Group, Image, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ServiceRead } from '../../../../shared/contract/scheduling';
import { formatBRL } from '../../../../shared/format';
import { SCHED_MSG, SCHEDULE_WEEKDAYS } from '../../../../shared/scheduling';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { useRegistryDialogs } from '../../../components/use-registry-dialogs';
import { deleteService, schedulingQueries } from '../api/scheduling-queries';
import { usePageTitle } from '../hooks/use-page-title';
import { ImagePlaceholder } from './placeholder';
import { DataTable } from '../../../components/data-table';
import { BackTitle } from './form-page';
import { DeleteAction, EditAction } from '../../../components/icon-action';

/** Agenda details (spec 001 §2.4 item 4): image, description, services in BRL and available days. */
export function AgendaDetailsPage({ id }: { id?: string }) {
  usePageTitle('Detalhes da agenda');
  const q = useQuery({ ...schedulingQueries.detail(id ?? ''), enabled: Boolean(id) });
  const queryClient = useQueryClient();
  const { deleting, setDeleting, busy, remove } = useRegistryDialogs<ServiceRead>(
    (row) => deleteService(row.id),
    () => queryClient.invalidateQueries({ queryKey: schedulingQueries.all }),
  );

  if (!id) return <Alert color="yellow">{SCHED_MSG.agendaNotFound}</Alert>;
  if (q.isPending) return <Skeleton h={400} radius="md" />;
  if (q.isError) return <Alert color="red">{q.error.message}</Alert>;
  const a = q.data;
  return (
    <Stack maw={880}>
      <BackTitle to="/agendamento/lista" back="← Voltar" title={a.name} />
      <Paper withBorder p="md" radius="md">
        <Group align="flex-start" wrap="wrap" gap="md">
          {a.imageUrl ? <Image src={a.imageUrl} alt={`Imagem da agenda ${a.name}`} w={160} h={160} radius="md" fit="cover" /> : <ImagePlaceholder name={a.name} size={160} />}
          <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
            <Text>{a.description}</Text>
            <Text size="sm" c="gray.7">
              {[a.categoryName, a.collaboratorName ?? a.placeId, `${a.durationBase} min`].filter(Boolean).join(' · ')}
            </Text>
            {a.availability.AvailabilityDescription && <Text size="sm">{a.availability.AvailabilityDescription}</Text>}
          </Stack>
        </Group>
      </Paper>
      <Group justify="space-between">
        <Title order={2} size="h4">
          Serviços
        </Title>
        <Button variant="light" renderRoot={(props) => <Link {...props} to="/agendamento/servico/cadastro" search={{ scheduleId: a.id }} />}>
          Criar novo serviço
        </Button>
      </Group>
      <DataTable minWidth={300} striped aria-label="Serviços da agenda" head={['Serviço', { label: 'Valor', ta: 'right' }, { label: 'Ações', ta: 'right' }]}>
        {a.services.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={3}>{SCHED_MSG.noServices}</Table.Td>
          </Table.Tr>
        ) : (
          a.services.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{s.productName}</Table.Td>
              <Table.Td ta="right">{formatBRL(s.productValue)}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <EditAction
                    aria-label={`Editar serviço ${s.productName}`}
                    renderRoot={(props) => <Link {...props} to="/agendamento/servico/cadastro" search={{ scheduleId: a.id, serviceId: s.id }} />}
                  />
                  <DeleteAction aria-label={`Excluir serviço ${s.productName}`} onClick={() => setDeleting(s)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </DataTable>
      <Title order={2} size="h4">
        Dias disponíveis
      </Title>
      <DataTable minWidth={300} striped aria-label="Dias disponíveis" head={['Dia da semana', 'Início', 'Fim']}>
        {a.avalableDays.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={3}>{SCHED_MSG.noDays}</Table.Td>
          </Table.Tr>
        ) : (
          a.avalableDays.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>{SCHEDULE_WEEKDAYS[d.dayOfWeek]}</Table.Td>
              <Table.Td>{d.startHour}</Table.Td>
              <Table.Td>{d.endHour}</Table.Td>
            </Table.Tr>
          ))
        )}
      </DataTable>
      <Group>
        <Button renderRoot={(props) => <Link {...props} to="/agendamento/editar/$idSchedule" params={{ idSchedule: a.id }} />} variant="default">
          Editar
        </Button>
      </Group>
      <ConfirmDelete
        opened={Boolean(deleting)}
        title="Excluir serviço"
        question={SCHED_MSG.deleteServiceQuestion}
        note={deleting ? `${deleting.productName} · ${formatBRL(deleting.productValue)}. ${SCHED_MSG.deleteCannotUndo}` : undefined}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
