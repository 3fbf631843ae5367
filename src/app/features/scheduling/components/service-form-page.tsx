import { Alert, Anchor, NumberInput, Paper, Select, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Schedule, ServiceRead } from '../../../../shared/contract/scheduling';
import { SCHED_MSG, validateService } from '../../../../shared/scheduling';
import { toastError, toastSuccess } from '../../../lib/toast';
import { saveService, schedulingQueries } from '../api/scheduling-queries';
import { useCurrentPlace } from '../hooks/use-current-place';
import { usePageTitle } from '../hooks/use-page-title';
import { ImageField } from './image-field';
import forms from './forms.module.css';
import { FormActions } from '../../../components/form-actions';

interface Values {
  image: string | null;
  name: string;
  value: number | string;
  scheduleId: string | null;
  duration: number | string;
}

/** The service `serviceId` and its agenda, from the place's agenda list (which carries the services). */
function findService(agendas: Schedule[] | undefined, serviceId: string): { agenda: Schedule; service: ServiceRead } | null {
  for (const agenda of agendas ?? []) {
    const service = agenda.services.find((x) => x.id === serviceId);
    if (service) return { agenda, service };
  }
  return null;
}

/**
 * "Cadastro de Serviços" (spec 001 §2.4 item 5). With `serviceId` the same form edits that service
 * ("Editar Serviço", button "Editar", as the agenda edit does).
 */
export function ServiceFormPage({ scheduleId, serviceId }: { scheduleId?: string; serviceId?: string }) {
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const agendas = useQuery({ ...schedulingQueries.list(localId), enabled: Boolean(localId) });
  usePageTitle(serviceId ? 'Editar Serviço' : 'Cadastro de Serviços');
  if (!place) return <Alert color="yellow">Escolha um estabelecimento para cadastrar serviços.</Alert>;
  if (!serviceId) return <ServiceForm localId={localId} agendas={agendas.data} agendasPending={agendas.isPending} scheduleId={scheduleId} />;
  if (agendas.isPending) return <Skeleton h={400} radius="md" maw={640} />;
  if (agendas.isError) return <Alert color="red">{agendas.error.message}</Alert>;
  const found = findService(agendas.data, serviceId);
  if (!found) return <Alert color="yellow">{SCHED_MSG.serviceNotFound}</Alert>;
  return <ServiceForm localId={localId} agendas={agendas.data} agendasPending={false} scheduleId={found.agenda.id} service={found.service} />;
}

function ServiceForm({ localId, agendas, agendasPending, scheduleId, service }: {
  localId: string;
  agendas: Schedule[] | undefined;
  agendasPending: boolean;
  scheduleId?: string;
  service?: ServiceRead;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const title = service ? 'Editar Serviço' : 'Cadastro de Serviços';
  const form = useForm<Values>({
    initialValues: service
      ? { image: service.imageUrl, name: service.productName, value: service.productValue, scheduleId: scheduleId ?? null, duration: service.duration }
      : { image: null, name: '', value: '', scheduleId: scheduleId ?? null, duration: '' },
    validate: (v) => validateService({ ...v, value: v.value === '' ? null : Number(v.value), duration: v.duration === '' ? null : Number(v.duration) }),
  });
  const submit = form.onSubmit(
    async (v) => {
      setBusy(true);
      try {
        const r = await saveService({ ...(service ? { id: service.id } : {}), name: v.name, value: Number(v.value), scheduleId: v.scheduleId, duration: Number(v.duration), image: v.image });
        void toastSuccess(r.Message);
        await queryClient.invalidateQueries({ queryKey: schedulingQueries.all });
        void navigate({ to: '/agendamento/detalhes', search: { id: v.scheduleId! } });
      } catch (err) {
        void toastError(err instanceof Error ? err.message : String(err));
      } finally {
        setBusy(false);
      }
    },
    (errors) => void toastError(String(Object.values(errors)[0])),
  );

  return (
    <Stack maw={640}>
      <Anchor component={Link} to="/agendamento/lista" size="sm">
        ← Voltar
      </Anchor>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <form className={forms.form} onSubmit={submit} noValidate aria-label={title}>
          <Stack>
            <ImageField label="Imagem do serviço" localId={localId} value={form.values.image} onChange={(url) => form.setFieldValue('image', url)} />
            <TextInput label="Nome" withAsterisk maxLength={120} {...form.getInputProps('name')} />
            <NumberInput
              label="Preço"
              withAsterisk
              prefix="R$ "
              decimalSeparator=","
              thousandSeparator="."
              decimalScale={2}
              fixedDecimalScale
              allowNegative={false}
              {...form.getInputProps('value')}
            />
            <Select
              label="Agenda"
              withAsterisk
              placeholder={agendasPending ? 'Carregando…' : 'Selecione'}
              data={(agendas ?? []).map((a) => ({ value: a.id, label: a.name }))}
              searchable
              {...form.getInputProps('scheduleId')}
            />
            <NumberInput label="Duração (minutos)" withAsterisk min={0} allowDecimal={false} allowNegative={false} {...form.getInputProps('duration')} />
            <FormActions submitLabel={service ? 'Editar' : 'Salvar'} busy={busy} />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
