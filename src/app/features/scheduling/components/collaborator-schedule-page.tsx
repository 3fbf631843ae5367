import { Alert, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { validateCollaboratorSchedule } from '../../../../shared/scheduling';
import { saveCollaboratorSchedule, schedulingQueries } from '../api/scheduling-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { usePageTitle } from '../hooks/use-page-title';
import { SlotEditor, type SlotRow } from './slot-editor';
import { BackTitle, FormPanel, NamedSelect } from './form-page';
import { FormActions } from '../../../components/form-actions';
import { useSaveSubmit } from '../../../lib/use-save-submit';

interface Values {
  collaboratorId: string | null;
  startDate: string;
  endDate: string;
  availableDays: SlotRow[];
}

/**
 * Collaborator schedule registration (spec 001 §2.4 item 9; ours: a collaborator, a period and
 * weekly hours). Saving sends POST api/CollaboratorSchedule and opens the schedule map on it.
 */
export function CollaboratorSchedulePage() {
  usePageTitle('Cadastro de escala do colaborador');
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const collaborators = useQuery({ ...schedulingQueries.collaborators(localId), enabled: Boolean(localId) });
  const form = useForm<Values>({
    initialValues: { collaboratorId: null, startDate: '', endDate: '', availableDays: [] },
    validate: (v) => validateCollaboratorSchedule(v),
  });
  const { busy, submit } = useSaveSubmit(
    form,
    (v) =>
      saveCollaboratorSchedule({
        localClientId: localId,
        collaboratorId: v.collaboratorId,
        startDate: v.startDate,
        endDate: v.endDate,
        availableDays: v.availableDays.map(({ dayOfWeek, startHour, endHour }) => ({ dayOfWeek, startHour, endHour })),
      }),
    async (_, v) => {
      await queryClient.invalidateQueries({ queryKey: schedulingQueries.all });
      const name = collaborators.data?.find((c) => c.id === v.collaboratorId)?.name;
      void navigate({ to: '/agendamento/mapa', search: { nome: name, dataInicial: v.startDate, dataFinal: v.endDate } });
    },
  );
  if (!place) return <Alert color="yellow">Escolha um estabelecimento para cadastrar escalas.</Alert>;

  return (
    <Stack maw={880}>
      <BackTitle to="/agendamento/mapa" back="← Mapa de escalas" title="Cadastro de escala do colaborador" />
      <FormPanel title="Cadastro de escala do colaborador" onSubmit={submit}>
        <NamedSelect label="Colaborador" items={collaborators.data} loading={collaborators.isPending} {...form.getInputProps('collaboratorId')} />
        <Group grow wrap="wrap" align="flex-start">
          <TextInput label="Data inicial" type="date" withAsterisk miw={160} {...form.getInputProps('startDate')} />
          <TextInput label="Data final" type="date" withAsterisk miw={160} {...form.getInputProps('endDate')} />
        </Group>
        <SlotEditor rows={form.values.availableDays} onChange={(rows) => form.setFieldValue('availableDays', rows)} error={form.errors.availableDays as string | undefined} />
        <FormActions busy={busy} />
      </FormPanel>
    </Stack>
  );
}
