/**
 * "Conta da mesa" on the food configuration screen (issue 41, billmath): the venue's service rate
 * (0–20 %, 10 % by default) and its couvert per person (off by default). A bill takes both when it
 * opens; a change never moves a bill already open. Validated with the server's own zod schema.
 */
import { Alert, Button, Group, Paper, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { BILL_PATHS, billSettings, billSettingsRequest, type BillSettings } from '../../../../shared/contract/table-bill';
import { parseMoney } from '../../../../shared/format';
import { BILL_MSG } from '../../../../shared/table-bill';
import { api } from '../../../lib/api-client';
import { schemaErrors } from '../../../lib/form-errors';
import { useSaveSubmit } from '../../../lib/use-save-submit';

export const billSettingsQuery = (localId: string) =>
  queryOptions({ queryKey: ['food-config', 'bill-settings', localId] as const, queryFn: () => api(BILL_PATHS.settings, { query: { localId }, schema: billSettings }), staleTime: 0 });

const pt = (n: number) => n.toLocaleString('pt-BR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const money = (n: number) => n.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function BillSettingsSection({ localId }: { localId: string }) {
  const q = useQuery(billSettingsQuery(localId));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="bill-settings-title">
      <Title order={2} size="h3" id="bill-settings-title">
        Conta da mesa
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        Taxa de serviço e couvert cobrados nas contas das mesas (celular do garçom). Uma conta usa os valores de quando foi aberta.
      </Text>
      {q.isPending && <Skeleton h={140} />}
      {q.isError && <Alert color="red">Não foi possível carregar a configuração da conta da mesa.</Alert>}
      {q.data && <BillSettingsForm key={JSON.stringify(q.data)} localId={localId} initial={q.data} />}
    </Paper>
  );
}

type BillSettingsValues = { rate: string; couvertOn: boolean; couvert: string };

/** The form's texts as the request the server validates (NaN where a text is no number). */
const toRequest = (localId: string, v: BillSettingsValues) => ({
  localId,
  TaxaServicoPercentual: v.rate.trim() === '' ? Number.NaN : Number(v.rate.replace('%', '').trim().replace(',', '.')),
  ValorCouvert: v.couvertOn ? (parseMoney(v.couvert) ?? Number.NaN) : null,
});

function BillSettingsForm({ localId, initial }: { localId: string; initial: BillSettings }) {
  const qc = useQueryClient();
  const form = useForm<BillSettingsValues>({
    initialValues: { rate: pt(initial.TaxaServicoPercentual), couvertOn: initial.ValorCouvert !== null, couvert: initial.ValorCouvert === null ? '' : money(initial.ValorCouvert) },
    validate: (v) => {
      const errors = schemaErrors(billSettingsRequest, toRequest(localId, v));
      return { rate: errors.TaxaServicoPercentual && BILL_MSG.rateInvalid, couvert: errors.ValorCouvert && BILL_MSG.couvertInvalid };
    },
  });
  const { busy, submit } = useSaveSubmit(
    form,
    async (v) => {
      const saved = await api(BILL_PATHS.settings, { method: 'PUT', body: billSettingsRequest.parse(toRequest(localId, v)), schema: billSettings });
      qc.setQueryData(billSettingsQuery(localId).queryKey, saved);
      return { Message: BILL_MSG.settingsSaved };
    },
    () => undefined,
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Taxa de serviço (%)"
          description="De 0 a 20 %. O garçom pode retirá-la a pedido do cliente."
          required
          inputMode="decimal"
          rightSection="%"
          maw={260}
          {...form.getInputProps('rate')}
        />
        <Switch
          label="Cobrar couvert por pessoa"
          {...form.getInputProps('couvertOn', { type: 'checkbox' })}
          onChange={(e) => {
            form.setFieldValue('couvertOn', e.currentTarget.checked);
            form.clearFieldError('couvert');
          }}
        />
        {form.values.couvertOn ? (
          <TextInput
            label="Couvert por pessoa"
            description="O garçom informa o número de pessoas na conta. Não entra na taxa de serviço."
            required
            inputMode="decimal"
            leftSection="R$"
            maw={260}
            {...form.getInputProps('couvert')}
          />
        ) : null}
        <Group>
          <Button type="submit" loading={busy}>
            Salvar conta da mesa
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
