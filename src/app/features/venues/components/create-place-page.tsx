/**
 * "Cadastrar estabelecimento" (issue 24): name, type (spec 000 §3's 24 location types), CNPJ (numeric
 * or alphanumeric), and the address: the CEP fills street, neighbourhood, city and state through the
 * postal-code lookup; when that fails the fields stay open for manual entry.
 */
import { Alert, Button, Group, InputBase, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { IMaskInput } from 'react-imask';
import { createPlaceRequest, type CreatePlaceRequest } from '../../../../shared/contract/venues';
import { CNPJ_MASK } from '../../../../shared/documents';
import { LOCATION_TYPES } from '../../../../shared/enums';
import { LOCATION_TYPE_LABELS, STAFF_MSG, UFS } from '../../../../shared/staff';
import { EmailConfirmCard, emailStatusQuery } from '../../../components/email-confirm-card';
import { ApiError, errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/page-hooks';
import { toastError, toastSuccess } from '../../../lib/toast';
import { createPlace, enterPlace, lookupCep } from '../api/venue-api';

type Values = Omit<CreatePlaceRequest, 'tipo'> & { tipo: number; complemento: string };
const TYPE_OPTIONS = LOCATION_TYPES.map((name, i) => ({ value: String(i + 1), label: LOCATION_TYPE_LABELS[name] })).sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));
type Lookup = 'idle' | 'busy' | 'found' | 'failed';

export function CreatePlacePage() {
  const navigate = useNavigate();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  // A new account confirms its e-mail first (issue 37): the server refuses the place until then.
  const account = useQuery(emailStatusQuery());
  const unconfirmed = account.data ? !account.data.emailConfirmado : false;
  const [lookup, setLookup] = useState<Lookup>('idle');
  const lastCep = useRef('');
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { nome: '', tipo: 0, cnpj: '', cep: '', endereco: '', numero: '', complemento: '', bairro: '', cidade: '', uf: '' },
    validate: schemaResolver(createPlaceRequest, { sync: true }),
  });

  const onCep = async (digits: string) => {
    form.setFieldValue('cep', digits);
    if (digits.length !== 8 || digits === lastCep.current) return;
    lastCep.current = digits;
    setLookup('busy');
    try {
      const a = await lookupCep(digits);
      form.setValues({ endereco: a.logradouro || form.getValues().endereco, bairro: a.bairro || form.getValues().bairro, cidade: a.cidade, uf: a.uf });
      setLookup('found');
    } catch {
      setLookup('failed');
    }
  };

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const { id } = await createPlace(values);
      await enterPlace(id);
      void toastSuccess(STAFF_MSG.placeCreated);
      await navigate({ to: '/cadastro/operador' });
    } catch (err) {
      const message = errorText(err);
      const fieldErrors = err instanceof ApiError ? (err.body as { errors?: Array<{ path: string; message: string }> } | null)?.errors : undefined;
      for (const e of fieldErrors ?? []) form.setFieldError(e.path, e.message);
      void toastError(message);
    } finally {
      setBusy(false);
    }
  });

  const hasPlaces = (session?.locations.length ?? 0) > 0;
  return (
    <Stack maw={860}>
      <div>
        <Title order={1} size="h2">
          Cadastrar estabelecimento
        </Title>
        <Text c="dimmed">
          {hasPlaces ? 'Mais um estabelecimento na sua conta: você será o gerente dele.' : 'Comece pelo seu estabelecimento: você será o gerente dele e poderá convidar sua equipe.'}
        </Text>
      </div>
      {unconfirmed && account.data && <EmailConfirmCard email={account.data.email} />}
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-label="Dados do estabelecimento">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nome do estabelecimento" withAsterisk maxLength={120} autoComplete="organization" {...form.getInputProps('nome')} />
            <Select
              label="Tipo"
              withAsterisk
              searchable
              data={TYPE_OPTIONS}
              value={form.getValues().tipo ? String(form.getValues().tipo) : null}
              onChange={(v) => form.setFieldValue('tipo', v ? Number(v) : 0)}
              error={form.errors.tipo}
              placeholder="Escolha"
            />
            <InputBase
              label="CNPJ"
              withAsterisk
              component={IMaskInput}
              mask={CNPJ_MASK}
              prepareChar={(c: string) => c.toUpperCase()}
              value={form.getValues().cnpj}
              onAccept={(v: string) => form.setFieldValue('cnpj', v)}
              description="Numérico ou alfanumérico (letras e números)"
              placeholder="00.000.000/0000-00"
              error={form.errors.cnpj}
            />
          </SimpleGrid>
          <Title order={2} size="h4">
            Endereço
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <InputBase
              label="CEP"
              withAsterisk
              component={IMaskInput}
              mask="00000-000"
              unmask
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="00000-000"
              value={form.getValues().cep}
              onAccept={(digits: string) => void onCep(digits)}
              error={form.errors.cep}
              description={lookup === 'busy' ? 'Buscando endereço…' : lookup === 'found' ? 'Endereço encontrado pelo CEP.' : undefined}
            />
          </SimpleGrid>
          {lookup === 'failed' && (
            <Alert color="yellow" variant="light" role="status">
              Não foi possível buscar este CEP agora. Preencha o endereço abaixo.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Endereço" withAsterisk maxLength={200} autoComplete="address-line1" {...form.getInputProps('endereco')} />
            <TextInput label="Número" withAsterisk maxLength={20} {...form.getInputProps('numero')} />
            <TextInput label="Complemento" maxLength={100} autoComplete="address-line2" {...form.getInputProps('complemento')} />
            <TextInput label="Bairro" withAsterisk maxLength={100} {...form.getInputProps('bairro')} />
            <TextInput label="Cidade" withAsterisk maxLength={100} autoComplete="address-level2" {...form.getInputProps('cidade')} />
            <Select label="Estado (UF)" withAsterisk searchable data={[...UFS]} placeholder="UF" {...form.getInputProps('uf')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={busy} size="md" disabled={unconfirmed}>
              Cadastrar estabelecimento
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
