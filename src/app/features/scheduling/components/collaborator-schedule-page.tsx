import { Alert, Anchor, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { validateCollaboratorSchedule } from '../../../../shared/scheduling';
import { toastError, toastSuccess } from '../../../lib/toast';
import { saveCollaboratorSchedule, schedulingQueries } from '../api/scheduling-queries';
import { useCurrentPlace } from '../hooks/use-current-place';
import { usePageTitle } from '../hooks/use-page-title';
import { SlotEditor, type SlotRow } from './slot-editor';
import forms from './forms.module.css';
import { FormActions } from '../../../components/form-actions';

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
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: { collaboratorId: null, startDate: '', endDate: '', availableDays: [] },
    validate: (v) => validateCollaboratorSchedule(v),
  });
  if (!place) return <Alert color="yellow">Escolha um estabelecimento para cadastrar escalas.</Alert>;

  const submit = form.onSubmit(
    async (v) => {
      setBusy(true);
      try {
        const r = await saveCollaboratorSchedule({
          localClientId: localId,
          collaboratorId: v.collaboratorId,
          startDate: v.startDate,
          endDate: v.endDate,
          availableDays: v.availableDays.map(({ dayOfWeek, startHour, endHour }) => ({ dayOfWeek, startHour, endHour })),
        });
        void toastSuccess(r.Message);
        await queryClient.invalidateQueries({ queryKey: schedulingQueries.all });
        const name = collaborators.data?.find((c) => c.id === v.collaboratorId)?.name;
        void navigate({ to: '/agendamento/mapa', search: { nome: name, dataInicial: v.startDate, dataFinal: v.endDate } });
      } catch (err) {
        void toastError(err instanceof Error ? err.message : String(err));
      } finally {
        setBusy(false);
      }
    },
    (errors) => void toastError(String(Object.values(errors)[0])),
  );

  return (
    <Stack maw={880}>
      <Anchor component={Link} to="/agendamento/mapa" size="sm">
        ← Mapa de escalas
      </Anchor>
      <Title order={1} size="h2">
        Cadastro de escala do colaborador
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <form className={forms.form} onSubmit={submit} noValidate aria-label="Cadastro de escala do colaborador">
          <Stack>
            <Select
              label="Colaborador"
              withAsterisk
              placeholder={collaborators.isPending ? 'Carregando…' : 'Selecione'}
              data={(collaborators.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              searchable
              {...form.getInputProps('collaboratorId')}
            />
            <Group grow wrap="wrap" align="flex-start">
              <TextInput label="Data inicial" type="date" withAsterisk miw={160} {...form.getInputProps('startDate')} />
              <TextInput label="Data final" type="date" withAsterisk miw={160} {...form.getInputProps('endDate')} />
            </Group>
            <SlotEditor rows={form.values.availableDays} onChange={(rows) => form.setFieldValue('availableDays', rows)} error={form.errors.availableDays as string | undefined} />
            <FormActions busy={busy} />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
