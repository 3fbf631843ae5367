import { Alert, Button, Group, Paper, Skeleton, Table } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import 'dayjs/locale/pt-br';
import { useState, type FormEvent } from 'react';
import { FINANCE_MSG, saoPauloDay, WITHDRAWAL_TYPE_LABELS } from '../../../../shared/finance';
import { formatBRL } from '../../../../shared/format';
import { adminErrorText } from '../../../lib/admin-call';
import { financeQueries } from '../api/finance-queries';
import { EmptyState, FinancePage, parseBrDay } from './finance-page';

function Report({ localId, day, onDay }: { localId: string; day: string; onDay: (d: string) => void }) {
  const today = saoPauloDay();
  const [value, setValue] = useState<string | null>(day);
  const [error, setError] = useState<string | null>(null);
  const report = useQuery(financeQueries.dailyWithdrawals(localId, day));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value) return setError(FINANCE_MSG.chooseDate);
    if (value > today) return setError(FINANCE_MSG.withdrawalDateInFuture);
    setError(null);
    onDay(value);
  };
  const rows = report.data ?? [];
  return (
    <>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-label="Filtro de saques">
        <Group align="flex-start" wrap="wrap">
          <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
            <DateInput label="Data" withAsterisk valueFormat="DD/MM/YYYY" dateParser={parseBrDay} maxDate={today} value={value} onChange={setValue} error={error} popoverProps={{ withinPortal: true }} style={{ flex: '1 1 200px' }} />
          </DatesProvider>
          <Button type="submit" mt={25} size="md">
            Buscar
          </Button>
        </Group>
      </Paper>
      {report.isPending ? (
        <Skeleton h={160} />
      ) : report.isError ? (
        <Alert color="red">{adminErrorText(report.error)}</Alert>
      ) : rows.length === 0 ? (
        <EmptyState text={FINANCE_MSG.noData} />
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table stickyHeader striped aria-label="Saques por tipo">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tipo de saque</Table.Th>
                <Table.Th ta="right">Quantidade</Table.Th>
                <Table.Th ta="right">Valor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.WithdrawalType} data-testid="withdrawal-type-row">
                  <Table.Td>{WITHDRAWAL_TYPE_LABELS[r.WithdrawalType] ?? r.WithdrawalType}</Table.Td>
                  <Table.Td ta="right">{r.Quantity}</Table.Td>
                  <Table.Td ta="right">{formatBRL(r.Value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>Total</Table.Th>
                <Table.Th ta="right">{rows.reduce((s, r) => s + r.Quantity, 0)}</Table.Th>
                <Table.Th ta="right" data-testid="withdrawal-total">{formatBRL(rows.reduce((s, r) => s + r.Value, 0))}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

/** /financeiro/saquesDiarios (spec 001 §2.15, §5): date filter (in the URL) and withdrawals by type. */
export function DailyWithdrawalsPage({ day, onDay }: { day?: string; onDay: (d: string) => void }) {
  return <FinancePage title="Saques diários" provider="bank">{(localId) => <Report localId={localId} day={day ?? saoPauloDay()} onDay={onDay} />}</FinancePage>;
}
