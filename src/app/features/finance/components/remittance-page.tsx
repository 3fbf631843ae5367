import { Alert, Button, Checkbox, Group, Paper, Pill, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FINANCE_MSG, remittanceChips } from '../../../../shared/finance';
import { formatBRL } from '../../../../shared/format';
import { downloadGeneratedFile } from '../../../lib/api-client';
import { adminCall, adminErrorText } from '../../../lib/admin-call';
import { toastSuccess } from '../../../lib/toast';
import { createRemittance, financeQueries } from '../api/finance-queries';
import { useCommandKey } from '../../../lib/command-key';
import { EmptyState, FinancePage, formatDateTime } from './finance-page';
import { DataTable } from '../../../components/data-table';

function Remittance({ localId }: { localId: string }) {
  const queryClient = useQueryClient();
  const list = useQuery(financeQueries.todayWithdrawals(localId));
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const intent = useCommandKey();
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<{ FileName: string; RelativePath: string } | null>(null);
  const rows = list.data ?? [];
  const all = rows.length > 0 && selected.length === rows.length;
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const { chips, more } = remittanceChips(selected);
  const generate = async () => {
    if (selected.length === 0) return setError(FINANCE_MSG.required);
    setError(null);
    setBusy(true);
    const r = await adminCall(() => createRemittance(localId, selected, intent.keyFor({ localId, selected })));
    setBusy(false);
    if (!r) return;
    intent.done();
    void toastSuccess(r.Message);
    setLast({ FileName: r.FileName, RelativePath: r.RelativePath });
    setSelected([]);
    await queryClient.invalidateQueries({ queryKey: financeQueries.todayWithdrawals(localId).queryKey });
  };
  if (list.isPending) return <Skeleton h={200} />;
  if (list.isError) return <Alert color="red">{adminErrorText(list.error)}</Alert>;
  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap">
            <Group gap={6} aria-label="Selecionados" role="group" mih={28}>
              {selected.length === 0 ? (
                <Text c="gray.7">Nenhum saque selecionado</Text>
              ) : (
                <>
                  {chips.map((c) => (
                    <Pill key={c}>{c}</Pill>
                  ))}
                  {more > 0 && <Pill>+{more}</Pill>}
                </>
              )}
            </Group>
            <Button onClick={() => void generate()} loading={busy} size="md">
              Gerar
            </Button>
          </Group>
          {error && (
            <Text c="red.9" size="sm" role="alert">
              {error}
            </Text>
          )}
          {last && (
            <Group gap="xs">
              <Text size="sm">Arquivo gerado: {last.FileName}</Text>
              <Button variant="light" size="md" onClick={() => void downloadGeneratedFile(last)}>
                Baixar
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      {rows.length === 0 ? (
        <EmptyState text={FINANCE_MSG.noItems} />
      ) : (
        <DataTable minWidth={560} stickyHeader aria-label="Saques de hoje" head={[{ label: <Checkbox aria-label="Selecionar todos" checked={all} indeterminate={selected.length > 0 && !all} onChange={() => setSelected(all ? [] : rows.map((r) => r.TransactionId))} />, w: 56 }, 'Transação', 'Titular', 'Criado em', { label: 'Valor', ta: 'right' }]}>
          {rows.map((r) => (
            <Table.Tr key={r.TransactionId} data-testid="remittance-row">
              <Table.Td>
                <Checkbox aria-label={`Selecionar ${r.TransactionId.slice(0, 8)}`} checked={selected.includes(r.TransactionId)} onChange={() => toggle(r.TransactionId)} />
              </Table.Td>
              <Table.Td ff="monospace">{r.TransactionId.slice(0, 8)}</Table.Td>
              <Table.Td>{r.NomeTitularConta}</Table.Td>
              <Table.Td>{formatDateTime(r.DataCriacao)}</Table.Td>
              <Table.Td ta="right">{formatBRL(r.Value)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}

/** /financeiro/remessaAdiq (spec 001 §2.15, §5, §7): today's withdrawals, multi-select, Gerar. */
export function RemittancePage() {
  return <FinancePage title="Remessa" provider="bank">{(localId) => <Remittance localId={localId} />}</FinancePage>;
}
