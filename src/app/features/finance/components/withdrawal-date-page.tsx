import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import 'dayjs/locale/pt-br';
import { useState, type FormEvent } from 'react';
import type { WithdrawalInfo } from '../../../../shared/contract/finance';
import { brDay, FINANCE_MSG } from '../../../../shared/finance';
import { formatBRL } from '../../../../shared/format';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { financeCall } from '../api/finance-call';
import { financeQueries, updateWithdrawalDate } from '../api/finance-queries';
import { useCommandKey } from '../../../lib/command-key';
import { FinancePage, LabeledValue, formatDateTime, parseBrDay } from './finance-page';
import { SearchPanel } from '../../../components/search-panel';

function DateChange({ localId, w }: { localId: string; w: WithdrawalInfo }) {
  const queryClient = useQueryClient();
  const [day, setDay] = useState<string | null>(w.DataRecebimento);
  const [error, setError] = useState<string | null>(null);
  const intent = useCommandKey();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!day) return setError(FINANCE_MSG.newDateRequired);
    setError(null);
    setBusy(true);
    const r = await financeCall(() => updateWithdrawalDate(localId, w.SaqueId, day, intent.keyFor({ localId, id: w.SaqueId, day })), FINANCE_MSG.withdrawalDateFailed);
    setBusy(false);
    if (!r) return;
    intent.done();
    void toastSuccess(r.Message);
    await queryClient.invalidateQueries({ queryKey: financeQueries.withdrawal(localId, w.SaqueId).queryKey });
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="withdrawal-info">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mb="md">
        <LabeledValue label="Saque" value={w.SaqueId} />
        <LabeledValue label="Local" value={w.NomePortal} />
        <LabeledValue label="Valor" value={formatBRL(w.ValorSaque)} />
        <LabeledValue label="Titular" value={w.NomeTitularConta} />
        <LabeledValue label="Criado em" value={formatDateTime(w.DataCriacao)} />
        <LabeledValue label="Data de recebimento" value={w.DataRecebimento ? brDay(w.DataRecebimento) : '-'} />
      </SimpleGrid>
      <form onSubmit={(e) => void submit(e)} aria-label="Atualizar data de recebimento">
        <Group align="flex-start" wrap="wrap">
          <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
            <DateInput label="Nova data de recebimento" withAsterisk valueFormat="DD/MM/YYYY" dateParser={parseBrDay} value={day} onChange={setDay} error={error} popoverProps={{ withinPortal: true }} style={{ flex: '1 1 220px' }} />
          </DatesProvider>
          <Button type="submit" mt={25} loading={busy} size="md">
            Atualizar data
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

function Lookup({ localId }: { localId: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [id, setId] = useState<string | null>(null);
  const info = useQuery({ ...financeQueries.withdrawal(localId, id ?? ''), enabled: Boolean(id) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError(FINANCE_MSG.withdrawalIdRequired);
    setError(null);
    setId(text.trim());
  };
  const notFound = info.error instanceof ApiError && info.error.status === 404;
  return (
    <Stack>
      <SearchPanel label="Buscar saque" onSubmit={submit} noValidate>
        <TextInput label="ID do saque" withAsterisk value={text} onChange={(e) => setText(e.currentTarget.value)} error={error} style={{ flex: '1 1 320px' }} />
        <Button type="submit" mt={25} size="md">
          Buscar
        </Button>
      </SearchPanel>
      {id &&
        (info.isPending ? (
          <Skeleton h={200} />
        ) : info.isError ? (
          <Alert color={notFound ? 'yellow' : 'red'}>{notFound ? FINANCE_MSG.withdrawalNotFound : FINANCE_MSG.withdrawalLoadFailed}</Alert>
        ) : (
          <DateChange key={info.data.SaqueId + (info.data.DataRecebimento ?? '')} localId={localId} w={info.data} />
        ))}
    </Stack>
  );
}

/** /financeiro/atualizarDataSaque (spec 001 §2.15, §5, §8). */
export function WithdrawalDatePage() {
  return <FinancePage title="Atualizar data de saque">{(localId) => <Lookup localId={localId} />}</FinancePage>;
}

