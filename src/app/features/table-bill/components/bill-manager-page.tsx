import { Alert, Anchor, Badge, Button, Group, Paper, ScrollArea, SimpleGrid, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import 'dayjs/locale/pt-br';
import { useEffect, useState } from 'react';
import type { BillList, BillMethodTotal, BillSummary } from '../../../../shared/contract/table-bill-manager';
import { dayFromIso, formatDateBR, isoDay, parseDateBR, saoPauloDay } from '../../../../shared/dashboard';
import { formatBRL, formatTime } from '../../../../shared/format';
import { hasAccess } from '../../../../shared/roles';
import { BILL_MANAGER_TITLE, BILL_MGR_MSG, type BillListStatus } from '../../../../shared/table-bill-manager';
import { useLocalId, useSession } from '../../../lib/page-hooks';
import { toastError, toastSuccess } from '../../../lib/toast';
import { sendToLocalPrintServer } from '../../../lib/local-print-server';
import { billManagerQueries, reprintBill } from '../api/bill-manager-queries';

export interface BillManagerSearch {
  aba?: 'abertas' | 'fechadas';
  /** dd/MM/aaaa (Contas fechadas; today in São Paulo when absent). */
  data?: string;
}

const today = () => formatDateBR(saoPauloDay(new Date()));
const parseTyped = (input: string) => {
  const d = parseDateBR(input);
  return d ? isoDay(d) : null;
};

/** "45 min", "1 h 05 min": how long a table has been open. */
export function elapsedLabel(ms: number): string {
  const min = Math.max(0, Math.floor(ms / 60_000));
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${String(min % 60).padStart(2, '0')} min`;
}

/** The time now, re-rendering every `everyMs` (the open tables' clocks tick). */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

const paidMethods = (list: BillMethodTotal[]) => list.filter((m) => m.Quantidade > 0);

function MethodTotals({ list }: { list: BillMethodTotal[] }) {
  const paid = paidMethods(list);
  if (!paid.length) return <Text size="sm">—</Text>;
  return (
    <Stack gap={0}>
      {paid.map((m) => (
        <Text key={m.Forma} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {m.Nome} {formatBRL(m.Valor)}
        </Text>
      ))}
    </Stack>
  );
}

function Figures({ list, label }: { list: BillList; label: string }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm" aria-label={label} role="group">
      <Paper withBorder p="sm" radius="md">
        <Text size="sm">Total</Text>
        <Text fw={700} size="lg">{formatBRL(list.Total)}</Text>
      </Paper>
      <Paper withBorder p="sm" radius="md">
        <Text size="sm">Taxa de serviço</Text>
        <Text fw={700} size="lg">{formatBRL(list.TaxaServico)}</Text>
      </Paper>
      {list.PorForma.map((m) => (
        <Paper key={m.Forma} withBorder p="sm" radius="md">
          <Text size="sm">
            {m.Nome} ({m.Quantidade})
          </Text>
          <Text fw={700} size="lg">{formatBRL(m.Valor)}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" title={BILL_MGR_MSG.loadError}>
      <Button variant="white" color="red" size="xs" onClick={onRetry}>
        {BILL_MGR_MSG.retry}
      </Button>
    </Alert>
  );
}

function OpenTables({ localId }: { localId: string }) {
  const q = useQuery(billManagerQueries.list(localId, 'aberta', undefined));
  const session = useSession();
  // Managers who also hold the waiter's role open the table's bill with the waiter's own actions.
  const canOpenBill = hasAccess(session?.roles ?? '', 'Garcom');
  const now = useNow(15_000);
  if (q.isPending) return <Skeleton h={160} radius="md" />;
  if (q.isError) return <LoadError onRetry={() => void q.refetch()} />;
  const list = q.data;
  // The server's clock: a laptop whose clock is off still shows the right time open.
  const skew = Date.parse(list.Data) - q.dataUpdatedAt;
  if (!list.Contas.length) return <Text>{BILL_MGR_MSG.emptyOpen}</Text>;
  return (
    <Stack>
      <Figures list={list} label="Totais das mesas abertas" />
      <ScrollArea>
        <Table striped highlightOnHover stickyHeader verticalSpacing="sm" aria-label={BILL_MGR_MSG.tabOpen}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mesa</Table.Th>
              <Table.Th>Aberta há</Table.Th>
              <Table.Th>Garçom</Table.Th>
              <Table.Th ta="right">Itens</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th ta="right">Pago</Table.Th>
              <Table.Th ta="right">Falta pagar</Table.Th>
              {canOpenBill && <Table.Th>Conta</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.Contas.map((b) => (
              <OpenRow key={b.MesaId} b={b} now={now + skew} canOpenBill={canOpenBill} />
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Stack>
  );
}

function OpenRow({ b, now, canOpenBill }: { b: BillSummary; now: number; canOpenBill: boolean }) {
  return (
    <Table.Tr>
      <Table.Td fw={600}>{b.Mesa}</Table.Td>
      <Table.Td>
        {b.AbertaEm ? (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {elapsedLabel(now - Date.parse(b.AbertaEm))}{' '}
            <Text span size="xs" c="gray.7">
              (desde {formatTime(b.AbertaEm)})
            </Text>
          </Text>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>{b.Garcons.length ? b.Garcons.join(', ') : BILL_MGR_MSG.noWaiter}</Table.Td>
      <Table.Td ta="right">{b.Itens}</Table.Td>
      <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatBRL(b.Total)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatBRL(b.Pago)}
        {b.EmAndamento > 0 && (
          <Badge ml="xs" color="yellow" variant="light" c="dark">
            Pix {formatBRL(b.EmAndamento)}
          </Badge>
        )}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatBRL(b.Restante)}
      </Table.Td>
      {canOpenBill && (
        <Table.Td>
          <Anchor renderRoot={(props) => <Link {...props} to="/garcom" search={{ mesa: b.MesaId, tela: 'conta' }} />} aria-label={`${BILL_MGR_MSG.openBill} da ${b.Mesa}`}>
            {BILL_MGR_MSG.openBill}
          </Anchor>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function ClosedBills({ localId, day, onDay }: { localId: string; day: string; onDay: (d: string) => void }) {
  const q = useQuery(billManagerQueries.list(localId, 'fechada', day));
  const [value, setValue] = useState<string | null>(() => parseTyped(day));
  useEffect(() => setValue(parseTyped(day)), [day]);
  return (
    <Stack>
      <Group align="flex-end">
        <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 0 }}>
          <DateInput
            label={BILL_MGR_MSG.day}
            size="md"
            w={200}
            valueFormat="DD/MM/YYYY"
            placeholder="dd/mm/aaaa"
            dateParser={parseTyped}
            value={value}
            onChange={(v) => {
              setValue(v);
              if (v) onDay(formatDateBR(dayFromIso(v)));
            }}
            popoverProps={{ withinPortal: true }}
          />
        </DatesProvider>
      </Group>
      {q.isPending ? (
        <Skeleton h={160} radius="md" />
      ) : q.isError ? (
        <LoadError onRetry={() => void q.refetch()} />
      ) : !q.data.Contas.length ? (
        <Text>{BILL_MGR_MSG.emptyClosed(day)}</Text>
      ) : (
        <Stack>
          <Figures list={q.data} label={`Totais das contas fechadas em ${day}`} />
          <ScrollArea>
            <Table striped highlightOnHover stickyHeader verticalSpacing="sm" aria-label={`${BILL_MGR_MSG.tabClosed} em ${day}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Mesa</Table.Th>
                  <Table.Th>Aberta</Table.Th>
                  <Table.Th>Fechada</Table.Th>
                  <Table.Th>Fechada por</Table.Th>
                  <Table.Th>Garçom</Table.Th>
                  <Table.Th ta="right">Taxa de serviço</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th>Pagamentos</Table.Th>
                  <Table.Th>Ações</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.Contas.map((b) => (
                  <ClosedRow key={b.Id} b={b} localId={localId} />
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      )}
    </Stack>
  );
}

function ClosedRow({ b, localId }: { b: BillSummary; localId: string }) {
  const [busy, setBusy] = useState(false);
  const reprint = async () => {
    setBusy(true);
    try {
      const a = await reprintBill(b.Id!, { localId });
      if (await sendToLocalPrintServer(a)) void toastSuccess(a.Message);
      else void toastError(BILL_MGR_MSG.reprintLocalFailed(a.Impressora));
    } catch (err) {
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Table.Tr>
      <Table.Td fw={600}>{b.Mesa}</Table.Td>
      <Table.Td>{b.AbertaEm ? formatTime(b.AbertaEm) : '—'}</Table.Td>
      <Table.Td>{b.FechadaEm ? formatTime(b.FechadaEm) : '—'}</Table.Td>
      <Table.Td>{b.FechadaPor ?? '—'}</Table.Td>
      <Table.Td>{b.Garcons.length ? b.Garcons.join(', ') : BILL_MGR_MSG.noWaiter}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {b.TaxaServicoRemovida ? 'Removida' : formatBRL(b.TaxaServico)}
      </Table.Td>
      <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatBRL(b.Total)}
      </Table.Td>
      <Table.Td>
        <MethodTotals list={b.PorForma} />
      </Table.Td>
      <Table.Td>
        <Button size="xs" variant="light" loading={busy} onClick={() => void reprint()} aria-label={`${BILL_MGR_MSG.reprint} a conta da ${b.Mesa} fechada às ${b.FechadaEm ? formatTime(b.FechadaEm) : ''}`}>
          {BILL_MGR_MSG.reprint}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** /meepFood/mesas: the venue's open tables (time open, total, who ordered) and the bills closed on a day, with reprint. */
export function BillManagerPage({ search, onSearch }: { search: BillManagerSearch; onSearch: (s: BillManagerSearch) => void }) {
  const localId = useLocalId();
  const tab: BillListStatus = search.aba === 'fechadas' ? 'fechada' : 'aberta';
  const day = search.data && parseDateBR(search.data) ? search.data : today();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {BILL_MANAGER_TITLE}
      </Title>
      {!localId ? (
        <Alert color="yellow">{BILL_MGR_MSG.noPlace}</Alert>
      ) : (
        <Tabs value={tab} onChange={(v) => onSearch(v === 'fechada' ? { aba: 'fechadas', data: search.data } : { data: search.data })} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="aberta">{BILL_MGR_MSG.tabOpen}</Tabs.Tab>
            <Tabs.Tab value="fechada">{BILL_MGR_MSG.tabClosed}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="aberta" pt="md">
            <OpenTables localId={localId} />
          </Tabs.Panel>
          <Tabs.Panel value="fechada" pt="md">
            <ClosedBills localId={localId} day={day} onDay={(d) => onSearch({ aba: 'fechadas', data: d })} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
