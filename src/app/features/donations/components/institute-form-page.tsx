import { failureText } from '../failure-text';
import { Alert, Button, Group, Loader, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { instituteInput, type InstituteInput } from '../../../../shared/contract/donations';
import { DONATION_MSG } from '../../../../shared/donations';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { donationQueries, saveInstitute } from '../api/donation-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { serverErrors, zodErrors } from './form-errors';

/** /doacoes/instituicoes/cadastrar and /editar/{instituteId}: name, bank data and event (both required). */
export function InstituteFormPage({ instituteId }: { instituteId?: string }) {
  const isNew = !instituteId;
  useDocumentTitle(`${isNew ? 'Cadastrar instituição' : 'Editar instituição'} | Balcão`);
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useQuery({ ...donationQueries.institute(instituteId ?? ''), enabled: Boolean(instituteId) });
  const banks = useQuery({ ...donationQueries.bankData(localId), enabled: Boolean(localId) });
  const events = useQuery({ ...donationQueries.events(localId), enabled: Boolean(localId) });
  const [saving, setSaving] = useState(false);
  const form = useForm<InstituteInput>({
    mode: 'controlled',
    initialValues: { id: instituteId ?? null, nome: '', bankDataId: '', eventId: '', localClienteId: localId },
    validate: (v) => zodErrors(instituteInput, { ...v, localClienteId: localId }),
  });
  useEffect(() => {
    if (existing.data) form.setValues({ id: existing.data.id, nome: existing.data.nome, bankDataId: existing.data.bankDataId, eventId: existing.data.eventId, localClienteId: localId });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [existing.data]);

  if (!place) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;
  if (instituteId && existing.isPending) return <Loader aria-label="Carregando instituição" />;
  if (existing.isError) return <Alert color="red">{existing.error.message}</Alert>;

  const submit = async (v: InstituteInput) => {
    setSaving(true);
    try {
      await saveInstitute({ ...v, localClienteId: localId });
      void toastSuccess(isNew ? DONATION_MSG.instituteSaved : DONATION_MSG.instituteEdited);
      await queryClient.invalidateQueries({ queryKey: donationQueries.all });
      void navigate({ to: '/doacoes/instituicoes' });
    } catch (err) {
      if (err instanceof ApiError) form.setErrors(serverErrors(err.body));
      const fallback = isNew ? DONATION_MSG.instituteSaveFailed : DONATION_MSG.instituteEditFailed;
      void toastError(failureText(err, fallback));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (v) => void submit(v),
        (errors) => {
          const first = Object.values(errors).find((e) => typeof e === 'string');
          if (first) void toastError(String(first));
        },
      )}
    >
      <Stack maw={560}>
        <Title order={1} size="h2">
          {isNew ? 'Cadastrar instituição' : 'Editar instituição'}
        </Title>
        <TextInput label="Nome" withAsterisk {...form.getInputProps('nome')} />
        <Select
          label="Dado bancário"
          withAsterisk
          placeholder="Selecione"
          data={(banks.data ?? []).map((b) => ({ value: b.dadoBancarioId, label: b.descricao }))}
          {...form.getInputProps('bankDataId')}
          onChange={(v) => form.setFieldValue('bankDataId', v ?? '')}
        />
        <Select
          label="Evento"
          withAsterisk
          placeholder="Selecione"
          data={(events.data ?? []).map((e) => ({ value: e.id, label: e.nome }))}
          {...form.getInputProps('eventId')}
          onChange={(v) => form.setFieldValue('eventId', v ?? '')}
        />
        <Group justify="flex-end">
          <Button variant="default" component={Link} to="/doacoes/instituicoes">
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
