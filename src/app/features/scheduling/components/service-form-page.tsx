import { Alert, NumberInput, Skeleton, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Schedule, ServiceRead } from '../../../../shared/contract/scheduling';
import { SCHED_MSG, validateService } from '../../../../shared/scheduling';
import { saveService, schedulingQueries } from '../api/scheduling-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { usePageTitle } from '../hooks/use-page-title';
import { ImageField } from './image-field';
import { BackTitle, FormPanel, NamedSelect } from './form-page';
import { FormActions } from '../../../components/form-actions';
import { useSaveSubmit } from '../../../lib/use-save-submit';

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
  const title = service ? 'Editar Serviço' : 'Cadastro de Serviços';
  const form = useForm<Values>({
    initialValues: service
      ? { image: service.imageUrl, name: service.productName, value: service.productValue, scheduleId: scheduleId ?? null, duration: service.duration }
      : { image: null, name: '', value: '', scheduleId: scheduleId ?? null, duration: '' },
    validate: (v) => validateService({ ...v, value: v.value === '' ? null : Number(v.value), duration: v.duration === '' ? null : Number(v.duration) }),
  });
  const { busy, submit } = useSaveSubmit(
    form,
    (v) => saveService({ ...(service ? { id: service.id } : {}), name: v.name, value: Number(v.value), scheduleId: v.scheduleId, duration: Number(v.duration), image: v.image }),
    async (_, v) => {
      await queryClient.invalidateQueries({ queryKey: schedulingQueries.all });
      void navigate({ to: '/agendamento/detalhes', search: { id: v.scheduleId! } });
    },
  );

  return (
    <Stack maw={640}>
      <BackTitle to="/agendamento/lista" back="← Voltar" title={title} />
      <FormPanel title={title} onSubmit={submit}>
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
        <NamedSelect label="Agenda" items={agendas} loading={agendasPending} {...form.getInputProps('scheduleId')} />
        <NumberInput label="Duração (minutos)" withAsterisk min={0} allowDecimal={false} allowNegative={false} {...form.getInputProps('duration')} />
        <FormActions submitLabel={service ? 'Editar' : 'Salvar'} busy={busy} />
      </FormPanel>
    </Stack>
  );
}
