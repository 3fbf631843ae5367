/**
 * "Conta da mesa" on the food configuration screen (issue 41, billmath): the venue's service rate
 * (0–20 %, 10 % by default) and its couvert per person (off by default). A bill takes both when it
 * opens; a change never moves a bill already open. Validated with the server's own zod schema.
 */
import { Alert, Button, Group, Paper, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { BILL_PATHS, billSettings, billSettingsRequest, type BillSettings, type BillSettingsRequest } from '../../../../shared/contract/table-bill';
import { parseMoney } from '../../../../shared/format';
import { BILL_MSG } from '../../../../shared/table-bill';
import { api } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';

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

function BillSettingsForm({ localId, initial }: { localId: string; initial: BillSettings }) {
  const qc = useQueryClient();
  const [rate, setRate] = useState(pt(initial.TaxaServicoPercentual));
  const [couvertOn, setCouvertOn] = useState(initial.ValorCouvert !== null);
  const [couvert, setCouvert] = useState(initial.ValorCouvert === null ? '' : money(initial.ValorCouvert));
  const [errors, setErrors] = useState<{ rate?: string; couvert?: string }>({});
  const save = useMutation({
    mutationFn: (body: BillSettingsRequest) => api(BILL_PATHS.settings, { method: 'PUT', body, schema: billSettings }),
    onSuccess: (saved) => {
      qc.setQueryData(billSettingsQuery(localId).queryKey, saved);
      void toastSuccess(BILL_MSG.settingsSaved);
    },
    onError: (err) => void toastError(err.message),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const rateNumber = rate.trim() === '' ? Number.NaN : Number(rate.replace('%', '').trim().replace(',', '.'));
    const couvertNumber = couvertOn ? (parseMoney(couvert) ?? Number.NaN) : null;
    const r = billSettingsRequest.safeParse({ localId, TaxaServicoPercentual: rateNumber, ValorCouvert: couvertNumber });
    if (!r.success) {
      const next: { rate?: string; couvert?: string } = {};
      for (const i of r.error.issues) {
        if (i.path[0] === 'TaxaServicoPercentual') next.rate ??= BILL_MSG.rateInvalid;
        if (i.path[0] === 'ValorCouvert') next.couvert ??= BILL_MSG.couvertInvalid;
      }
      setErrors(next);
      return;
    }
    save.mutate(r.data);
  };

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
          value={rate}
          onChange={(e) => {
            setRate(e.currentTarget.value);
            setErrors((x) => ({ ...x, rate: undefined }));
          }}
          error={errors.rate}
        />
        <Switch
          label="Cobrar couvert por pessoa"
          checked={couvertOn}
          onChange={(e) => {
            setCouvertOn(e.currentTarget.checked);
            setErrors((x) => ({ ...x, couvert: undefined }));
          }}
        />
        {couvertOn ? (
          <TextInput
            label="Couvert por pessoa"
            description="O garçom informa o número de pessoas na conta. Não entra na taxa de serviço."
            required
            inputMode="decimal"
            leftSection="R$"
            maw={260}
            value={couvert}
            onChange={(e) => {
              setCouvert(e.currentTarget.value);
              setErrors((x) => ({ ...x, couvert: undefined }));
            }}
            error={errors.couvert}
          />
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Salvar conta da mesa
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
