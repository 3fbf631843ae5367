import { Alert, Anchor, Button, Group, NumberInput, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { validateService } from '../../../../shared/scheduling';
import { toastError, toastSuccess } from '../../../lib/toast';
import { saveService, schedulingQueries } from '../api/scheduling-queries';
import { useCurrentPlace } from '../hooks/use-current-place';
import { usePageTitle } from '../hooks/use-page-title';
import { ImageField } from './image-field';
import forms from './forms.module.css';

interface Values {
  image: string | null;
  name: string;
  value: number | string;
  scheduleId: string | null;
  duration: number | string;
}

/** "Cadastro de Serviços" (spec 001 §2.4 item 5). */
export function ServiceFormPage({ scheduleId }: { scheduleId?: string }) {
  usePageTitle('Cadastro de Serviços');
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const agendas = useQuery({ ...schedulingQueries.list(localId), enabled: Boolean(localId) });
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: { image: null, name: '', value: '', scheduleId: scheduleId ?? null, duration: '' },
    validate: (v) => validateService({ ...v, value: v.value === '' ? null : Number(v.value), duration: v.duration === '' ? null : Number(v.duration) }),
  });
  if (!place) return <Alert color="yellow">Escolha um estabelecimento para cadastrar serviços.</Alert>;

  const submit = form.onSubmit(
    async (v) => {
      setBusy(true);
      try {
        const r = await saveService({ name: v.name, value: Number(v.value), scheduleId: v.scheduleId, duration: Number(v.duration), image: v.image });
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
        Cadastro de Serviços
      </Title>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <form className={forms.form} onSubmit={submit} noValidate aria-label="Cadastro de Serviços">
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
              placeholder={agendas.isPending ? 'Carregando…' : 'Selecione'}
              data={(agendas.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              searchable
              {...form.getInputProps('scheduleId')}
            />
            <NumberInput label="Duração (minutos)" withAsterisk min={0} allowDecimal={false} allowNegative={false} {...form.getInputProps('duration')} />
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                Salvar
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
