import { ActionIcon, Alert, Button, Card, Group, Image, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Schedule } from '../../../../shared/contract/scheduling';
import { SCHED_MSG } from '../../../../shared/scheduling';
import { PlusIcon } from '../../../components/icons';
import { deleteSchedule, schedulingQueries } from '../api/scheduling-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { usePageTitle } from '../hooks/use-page-title';
import { ConfirmRowAction } from '../../../components/confirm-delete';
import { CardGrid, EmptyState } from '../../../components/card-grid';
import { useConfirmedAction } from '../../../components/use-registry-dialogs';
import { DetailsIcon, ServiceIcon } from './icons';
import { ImagePlaceholder } from './placeholder';
import { SyncButton } from './sync-button';
import { SavedListNotice } from '../../../components/saved-list-notice';
import { DeleteAction, EditAction, IconAction } from '../../../components/icon-action';

function AgendaItem({ agenda, onDelete }: { agenda: Schedule; onDelete: () => void }) {
  const label = agenda.name;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Agenda ${label}`} data-testid="agenda-item">
      <Group wrap="nowrap" align="flex-start" gap="md">
        {agenda.imageUrl ? <Image src={agenda.imageUrl} alt={`Imagem da agenda ${label}`} w={72} h={72} radius="md" fit="cover" style={{ flex: 'none' }} /> : <ImagePlaceholder name={label} size={72} />}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h4" lineClamp={1}>
            {label}
          </Title>
          <Text size="sm" c="gray.7" lineClamp={2}>
            {agenda.description}
          </Text>
          <Text size="xs" c="gray.7">
            {[agenda.categoryName, agenda.collaboratorName ?? agenda.placeId].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      </Group>
      <Group gap={4} mt="sm" justify="flex-end">
        <DeleteAction aria-label={`Excluir agenda ${label}`} onClick={onDelete} />
        <IconAction tip="Detalhes" aria-label={`Detalhes da agenda ${label}`} renderRoot={(props) => <Link {...props} to="/agendamento/detalhes" search={{ id: agenda.id }} />}>
          <DetailsIcon />
        </IconAction>
        <IconAction tip="Criar novo serviço" aria-label={`Criar novo serviço na agenda ${label}`} renderRoot={(props) => <Link {...props} to="/agendamento/servico/cadastro" search={{ scheduleId: agenda.id }} />}>
          <ServiceIcon />
        </IconAction>
        <EditAction aria-label={`Editar agenda ${label}`} renderRoot={(props) => <Link {...props} to="/agendamento/editar/$idSchedule" params={{ idSchedule: agenda.id }} />} />
      </Group>
    </Card>
  );
}

/** "Lista de agendamentos" (spec 001 §2.4 item 6) with the tablet sync (item 8). */
export function AgendaListPage() {
  usePageTitle('Lista de agendamentos');
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const queryClient = useQueryClient();
  const list = useQuery({ ...schedulingQueries.list(localId), enabled: Boolean(localId) });
  const deletion = useConfirmedAction((row: Schedule) => deleteSchedule(row.id), () => queryClient.invalidateQueries({ queryKey: schedulingQueries.all }));
  if (!place) return <Alert color="yellow">Escolha um estabelecimento para ver as agendas.</Alert>;

  const agendas = list.data ?? [];
  return (
    <Stack>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Title order={1} size="h2">
          Lista de agendamentos
        </Title>
        <Tooltip label="Nova agenda">
          <ActionIcon size={44} radius="xl" aria-label="Nova agenda" component={Link} to="/agendamento/cadastro" style={{ flex: 'none' }}>
            <PlusIcon />
          </ActionIcon>
        </Tooltip>
      </Group>
      <SyncButton place={place} />
      <SavedListNotice query={list} testId="agendas-offline" />
      {list.isError && list.data === undefined && <Alert color="red">{list.error.message}</Alert>}
      <CardGrid
        loading={list.isPending}
        skeletonHeight={150}
        count={2}
        cols={{ base: 1, md: 2 }}
        isEmpty={agendas.length === 0 && !list.isError}
        empty={
          <EmptyState text="Nenhuma agenda cadastrada.">
            <Button component={Link} to="/agendamento/cadastro" leftSection={<PlusIcon />}>
              Nova agenda
            </Button>
          </EmptyState>
        }
      >
        {agendas.map((a) => (
          <AgendaItem key={a.id} agenda={a} onDelete={() => deletion.setTarget(a)} />
        ))}
      </CardGrid>
      <ConfirmRowAction action={deletion} title="Excluir agenda" words={() => ({ question: SCHED_MSG.deleteAgendaQuestion, note: SCHED_MSG.deleteCannotUndo })} />
    </Stack>
  );
}
