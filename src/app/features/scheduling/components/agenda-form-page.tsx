import { Alert, Fieldset, Group, NumberInput, Radio, Select, Skeleton, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Schedule } from '../../../../shared/contract/scheduling';
import { agendaMessages, AGENDA_OWNER, validateAgenda, type AgendaOwner } from '../../../../shared/scheduling';
import { toastError, toastSuccess } from '../../../lib/toast';
import { saveSchedule, schedulingQueries } from '../api/scheduling-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { usePageTitle } from '../hooks/use-page-title';
import { CategoryModal } from './category-modal';
import { ImageField } from './image-field';
import { SlotEditor, slotKey, type SlotRow } from './slot-editor';
import { BackTitle, FormPanel, NamedSelect } from './form-page';
import { FormActions } from '../../../components/form-actions';

const NEW_CATEGORY = '__nova__';

interface Values {
  owner: AgendaOwner;
  collaboratorId: string | null;
  placeId: string;
  image: string | null;
  categoryScheduleId: string | null;
  name: string;
  description: string;
  durationBase: number | string;
  availabilityDescription: string;
  availableDays: SlotRow[];
}

function initial(a: Schedule | null): Values {
  return {
    owner: a?.placeId ? AGENDA_OWNER.place : AGENDA_OWNER.collaborator,
    collaboratorId: a?.colaboratorId ?? null,
    placeId: a?.placeId ?? '',
    image: a?.imageUrl ?? null,
    categoryScheduleId: a?.categoryScheduleId ?? null,
    name: a?.name ?? '',
    description: a?.description ?? '',
    durationBase: a?.durationBase ?? '',
    availabilityDescription: a?.availability.AvailabilityDescription ?? '',
    availableDays: (a?.avalableDays ?? []).map((d) => ({ ...d, key: d.id ?? slotKey() })),
  };
}

/** "Cadastro de Agenda" and, with an agenda, "Editar Agenda" (spec 001 §2.4 items 1 and 2). */
export function AgendaFormPage({ id }: { id?: string }) {
  const place = useCurrentPlace();
  const existing = useQuery({ ...schedulingQueries.detail(id ?? ''), enabled: Boolean(id) });
  usePageTitle(id ? 'Editar Agenda' : 'Cadastro de Agenda');
  if (!place) return <Alert color="yellow">Escolha um estabelecimento para cadastrar agendas.</Alert>;
  if (id && existing.isPending) return <Skeleton h={600} radius="md" />;
  if (id && existing.isError) return <Alert color="red">{existing.error.message}</Alert>;
  return <AgendaForm key={id ?? 'new'} localId={place.localId} agenda={id ? existing.data! : null} />;
}

function AgendaForm({ localId, agenda }: { localId: string; agenda: Schedule | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useQuery(schedulingQueries.categories(localId));
  const collaborators = useQuery(schedulingQueries.collaborators(localId));
  const [categoryModal, setCategoryModal] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: initial(agenda),
    validate: (v) => validateAgenda({ ...v, durationBase: v.durationBase === '' ? null : Number(v.durationBase) }),
  });

  const submit = form.onSubmit(
    async (v) => {
      setBusy(true);
      try {
        const r = await saveSchedule({
          id: agenda?.id,
          localClientId: localId,
          name: v.name,
          description: v.description,
          durationBase: Number(v.durationBase),
          categoryScheduleId: v.categoryScheduleId,
          collaboratorId: v.owner === AGENDA_OWNER.collaborator ? v.collaboratorId : null,
          placeId: v.owner === AGENDA_OWNER.place ? v.placeId : null,
          image: v.image,
          availability: {
            AvailabilityDescription: v.availabilityDescription,
            availableDays: v.availableDays.map(({ id, dayOfWeek, startHour, endHour }) => ({ id: id ?? null, dayOfWeek, startHour, endHour })),
          },
        });
        void toastSuccess(r.Message);
        await queryClient.invalidateQueries({ queryKey: schedulingQueries.all });
        void navigate({ to: '/agendamento/lista' });
      } catch (err) {
        void toastError(err instanceof Error ? err.message : String(err));
      } finally {
        setBusy(false);
      }
    },
    (errors) => {
      const list = agendaMessages(errors as Parameters<typeof agendaMessages>[0]);
      void toastError(list[0] ?? String(Object.values(errors)[0]));
    },
  );

  const categoryOptions = [...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name })), { value: NEW_CATEGORY, label: 'Adicionar nova categoria' }];
  const title = agenda ? 'Editar Agenda' : 'Cadastro de Agenda';
  return (
    <Stack maw={880}>
      <BackTitle to="/agendamento/lista" back="← Voltar" title={title} />
      <FormPanel title={title} onSubmit={submit}>
        <Radio.Group label="A agenda é de" {...form.getInputProps('owner')}>
          <Group mt={6}>
            <Radio value={AGENDA_OWNER.collaborator} label="Colaborador" />
            <Radio value={AGENDA_OWNER.place} label="Lugar" />
          </Group>
        </Radio.Group>
        {form.values.owner === AGENDA_OWNER.collaborator ? (
          <NamedSelect label="Colaborador" items={collaborators.data} loading={collaborators.isPending} {...form.getInputProps('collaboratorId')} />
        ) : (
          <TextInput label="Lugar" description="Identificador do lugar (sala, mesa, espaço)" withAsterisk {...form.getInputProps('placeId')} />
        )}
        <ImageField label="Imagem da agenda" localId={localId} value={form.values.image} onChange={(url) => form.setFieldValue('image', url)} />
        <Select
          label="Categoria"
          withAsterisk
          placeholder={categories.isPending ? 'Carregando…' : 'Selecione'}
          data={categoryOptions}
          {...form.getInputProps('categoryScheduleId')}
          onChange={(value) => {
            if (value === NEW_CATEGORY) {
              setCategoryModal(true);
              return;
            }
            form.setFieldValue('categoryScheduleId', value);
          }}
        />
        <TextInput label="Nome da agenda" withAsterisk maxLength={120} {...form.getInputProps('name')} />
        <Textarea label="Descrição" withAsterisk autosize minRows={2} maxLength={2000} {...form.getInputProps('description')} />
        <NumberInput label="Duração (minutos)" withAsterisk min={1} allowDecimal={false} allowNegative={false} w={{ base: '100%', xs: 220 }} {...form.getInputProps('durationBase')} />
        <Fieldset legend="Cadastro de horário" radius="md">
          <Stack>
            <Textarea label="Descrição do agendamento" withAsterisk autosize minRows={2} maxLength={2000} {...form.getInputProps('availabilityDescription')} />
            <SlotEditor rows={form.values.availableDays} onChange={(rows) => form.setFieldValue('availableDays', rows)} error={form.errors.availableDays as string | undefined} />
          </Stack>
        </Fieldset>
        <FormActions submitLabel={agenda ? 'Editar' : 'Salvar'} busy={busy} />
      </FormPanel>
      <CategoryModal
        opened={categoryModal}
        localId={localId}
        category={null}
        onClose={() => setCategoryModal(false)}
        onSaved={async (id) => {
          setCategoryModal(false);
          await queryClient.invalidateQueries({ queryKey: schedulingQueries.categories(localId).queryKey });
          form.setFieldValue('categoryScheduleId', id);
        }}
      />
    </Stack>
  );
}
