import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FINANCE_MSG } from '../../../../shared/finance';
import { formatBRL } from '../../../../shared/format';
import { adminCall, adminErrorText } from '../../../lib/admin-call';
import { showToast } from '../../../lib/toast';
import { exportAllInvoices, exportInvoice, financeQueries } from '../api/finance-queries';
import { useCommandKey } from '../../../lib/command-key';
import { EmptyState, FinancePage, formatDateTime } from './finance-page';
import { DataTable } from '../../../components/data-table';
import { LabelledFigure } from '../../../components/labelled-figure';

/** One side of the session's totals (the platform's, the ERP's): its heading and its figures side by side. */
function StatPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Group grow>{children}</Group>
    </Paper>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <LabelledFigure label={label} value={value} testId={testId} />
    </div>
  );
}

function SessionView({ localId, sessionId }: { localId: string; sessionId: string }) {
  const queryClient = useQueryClient();
  const summary = useQuery(financeQueries.erpSummary(localId, sessionId));
  const pending = useQuery(financeQueries.erpPending(localId, sessionId));
  const intent = useCommandKey();
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: financeQueries.erpSummary(localId, sessionId).queryKey }), queryClient.invalidateQueries({ queryKey: financeQueries.erpPending(localId, sessionId).queryKey })]);
  const run = async (key: string, call: (idempotencyKey: string) => Promise<{ Message: string; failed: number; checking?: number }>) => {
    setBusy(key);
    const r = await adminCall(() => call(intent.keyFor({ localId, sessionId, key })));
    setBusy(null);
    if (r) intent.done();
    // 202: the ERP did not answer in time; the invoice is "em verificação" and will not be sent again.
    if (r) void showToast({ color: r.failed || r.checking ? 'orange.9' : 'green', message: r.Message });
    await refresh();
  };
  return (
    <Stack>
      {summary.isPending ? (
        <Skeleton h={120} />
      ) : summary.isError ? (
        <Alert color="red">{adminErrorText(summary.error)}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <StatPanel title="Plataforma">
            <Stat label="Pedidos" value={String(summary.data.totalOrdersSession)} testId="platform-orders" />
            <Stat label="Valor" value={formatBRL(summary.data.totalValueOrdersSession)} />
          </StatPanel>
          <StatPanel title="ERP">
            <Stat label="Pedidos" value={String(summary.data.totalOrdersOnSankhya)} testId="erp-orders" />
            <Stat label="Valor" value={formatBRL(summary.data.totalValueOrdersOnSankhya)} />
            <Stat label="Descontos" value={formatBRL(summary.data.totalDiscontOrdersOnSankhya)} />
          </StatPanel>
        </SimpleGrid>
      )}
      <Group justify="space-between">
        <Title order={2} size="h4">
          Notas pendentes
        </Title>
        <Button size="md" onClick={() => void run('all', (k) => exportAllInvoices(localId, sessionId, k))} loading={busy === 'all'} disabled={!pending.data?.length}>
          Reprocessar todas
        </Button>
      </Group>
      {pending.isPending ? (
        <Skeleton h={160} />
      ) : pending.isError ? (
        <Alert color="red">{adminErrorText(pending.error)}</Alert>
      ) : pending.data.length === 0 ? (
        <EmptyState text={FINANCE_MSG.noItems} />
      ) : (
        <DataTable minWidth={720} stickyHeader aria-label="Notas pendentes" head={['Data do pedido', 'Itens', 'Erros', { label: 'Total', ta: 'right' }, 'Ação']}>
          {pending.data.map((inv) => (
            <Table.Tr key={inv.id} data-testid="pending-invoice">
              <Table.Td>{formatDateTime(inv.orderDate)}</Table.Td>
              <Table.Td>
                {inv.items.map((i, n) => (
                  <Text key={n} size="sm">
                    {i.quantity}× {i.name} ({formatBRL(i.value)})
                  </Text>
                ))}
              </Table.Td>
              <Table.Td>
                {inv.errors.map((e, n) => (
                  <Text key={n} size="sm" c="red.9">
                    {e}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td ta="right">{formatBRL(inv.totalPayment)}</Table.Td>
              <Table.Td>
                <Button size="md" variant="outline" loading={busy === inv.id} onClick={() => void run(inv.id, (k) => exportInvoice(localId, inv.id, k))} aria-label={`Reprocessar nota de ${formatDateTime(inv.orderDate)}`}>
                  Reprocessar
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}

function Dashboard({ localId }: { localId: string }) {
  const mapping = useQuery(financeQueries.erpMapping(localId));
  const sessions = useQuery({ ...financeQueries.erpSessions(localId), enabled: mapping.isSuccess });
  const [choice, setChoice] = useState<string | null>(null);
  const [searched, setSearched] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (mapping.isPending) return <Skeleton h={160} />;
  // §2.15: shown only when the mapping call answers 200.
  if (mapping.isError) return <EmptyState text={FINANCE_MSG.noErpMapping} />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!choice) return setError(FINANCE_MSG.sessionRequired);
    setError(null);
    setSearched(choice);
  };
  return (
    <Stack>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-label="Escolha do caixa">
        <Group align="flex-start" wrap="wrap">
          <Select
            label="Caixa"
            withAsterisk
            placeholder={sessions.isPending ? 'Carregando…' : 'Escolha o caixa'}
            data={(sessions.data ?? []).map((s) => ({ value: s.sessaoId, label: s.sessaoNome }))}
            value={choice}
            onChange={setChoice}
            error={error}
            comboboxProps={{ withinPortal: true }}
            style={{ flex: '1 1 260px' }}
          />
          <Button type="submit" mt={25} size="md">
            Buscar
          </Button>
        </Group>
      </Paper>
      {searched && <SessionView key={searched} localId={localId} sessionId={searched} />}
    </Stack>
  );
}

/** /integrations/sankhya/dashboard (spec 001 §2.15); reprocessing is wired through the ERP adapter (docs/decisions/finance.md). */
export function ErpDashboardPage() {
  return (
    <FinancePage title="Integração ERP" provider="erp" maw={1100}>
      {(localId) => (
        <>
          <Badge variant="outline" color="gray.8" w="fit-content">
            ERP: Sankhya
          </Badge>
          <Dashboard localId={localId} />
        </>
      )}
    </FinancePage>
  );
}
