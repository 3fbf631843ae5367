import { AreaChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Alert, Badge, Card, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatBRL } from '../../../../shared/format';
import { donationQueries } from '../api/donation-queries';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { useLiveDonations } from '../hooks/use-live-donations';
import { DataTable } from '../../../components/data-table';
import { TitleRow } from '../../../components/title-row';

/** yyyy-MM-dd (a São Paulo day from the server) → dd/MM/yyyy. */
const dayLabel = (d: string) => d.split('-').reverse().join('/');
const cents = (n: number) => Math.round(n * 100);

/**
 * /doacoes/relatoriodedoacoes: event selector, donations over time, total, donations and
 * receivables tables; refetched every 60 s and at once when a donation lands (useLiveDonations).
 */
export function DashboardPage() {
  useDocumentTitle('Painel de doações | Balcão');
  const place = useCurrentPlace();
  const localId = place?.localId ?? '';
  const events = useQuery({ ...donationQueries.events(localId), enabled: Boolean(localId) });
  const [eventId, setEventId] = useState<string | null>(null);
  useEffect(() => {
    if (!eventId && events.data?.length) setEventId(events.data[0].id);
  }, [events.data, eventId]);
  const data = useQuery({ ...donationQueries.dashboard(eventId ?? ''), enabled: Boolean(eventId) });
  const pay = useQuery({ ...donationQueries.payables(eventId ?? ''), enabled: Boolean(eventId) });
  useLiveDonations(eventId);

  if (!place) return <Alert color="yellow">Escolha um estabelecimento.</Alert>;
  const donations = data.data?.donations ?? [];
  const series = (data.data?.quantities ?? []).map((q) => ({ dia: dayLabel(q.time).slice(0, 5), Doações: q.amount }));
  const total = donations.reduce((s, d) => s + cents(d.amount) * d.quantity, 0) / 100;
  const count = donations.reduce((s, d) => s + d.quantity, 0);
  const payables = pay.data ?? [];
  const totalToPay = payables.reduce((s, p) => s + cents(p.amountToPay), 0) / 100;

  return (
    <Stack>
      <TitleRow title="Painel de doações" align="flex-end">
        <Badge variant="dot" color="green" title="Atualiza a cada 60 s e quando chega uma doação">
          Ao vivo
        </Badge>
      </TitleRow>
      <Select
        label="Evento"
        maw={400}
        placeholder="Selecione o evento"
        data={(events.data ?? []).map((e) => ({ value: e.id, label: e.nome }))}
        value={eventId}
        onChange={setEventId}
        allowDeselect={false}
      />
      {events.data?.length === 0 && <Text c="gray.7">Nenhum evento cadastrado.</Text>}
      {(data.isError || pay.isError) && <Alert color="red">{(data.error ?? pay.error)?.message}</Alert>}
      {eventId && (data.isPending ? (
        <Skeleton h={300} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Card withBorder>
              <Text size="sm" c="gray.7">
                Total arrecadado
              </Text>
              <Text size="xl" fw={700} data-testid="donation-total">
                {formatBRL(total)}
              </Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="gray.7">
                Doações
              </Text>
              <Text size="xl" fw={700} data-testid="donation-count">
                {count}
              </Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="gray.7">
                A receber (líquido)
              </Text>
              <Text size="xl" fw={700}>
                {formatBRL(totalToPay)}
              </Text>
            </Card>
          </SimpleGrid>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Doações por dia
            </Title>
            {series.length === 0 ? (
              <Text c="gray.7">Nenhuma doação recebida.</Text>
            ) : (
              <div role="img" aria-label="Gráfico de doações por dia">
              <AreaChart
                h={260}
                data={series}
                dataKey="dia"
                series={[{ name: 'Doações', color: 'red.8' }]}
                curveType="monotone"
                valueFormatter={(v) => formatBRL(v)}
              />
              </div>
            )}
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Doações
            </Title>
            <DataTable minWidth={600} striped head={['Instituição', 'Produto', { label: 'Quantidade', ta: 'right' }, { label: 'Valor', ta: 'right' }, { label: 'Total', ta: 'right' }]}>
              {donations.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="gray.7">Nenhuma doação recebida.</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {donations.map((d) => (
                <Table.Tr key={`${d.client}|${d.productId}|${d.productName}|${d.amount}`}>
                  <Table.Td>{d.client}</Table.Td>
                  <Table.Td>{d.productName}</Table.Td>
                  <Table.Td ta="right">{d.quantity}</Table.Td>
                  <Table.Td ta="right">{formatBRL(d.amount)}</Table.Td>
                  <Table.Td ta="right">{formatBRL((cents(d.amount) * d.quantity) / 100)}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </Card>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Recebíveis
            </Title>
            <Table.ScrollContainer minWidth={600}>
              <Table striped stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Instituição</Table.Th>
                    <Table.Th>Data de pagamento</Table.Th>
                    <Table.Th ta="right">Valor recebido</Table.Th>
                    <Table.Th ta="right">Taxa</Table.Th>
                    <Table.Th ta="right">Valor pago</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {payables.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={5}>
                        <Text c="gray.7">Nenhum recebível.</Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {payables.map((p) => (
                    <Table.Tr key={`${p.institute}|${p.paymentDate}`}>
                      <Table.Td>{p.institute}</Table.Td>
                      <Table.Td>{dayLabel(p.paymentDate)}</Table.Td>
                      <Table.Td ta="right">{formatBRL(p.amount)}</Table.Td>
                      <Table.Td ta="right">{formatBRL(p.fee)}</Table.Td>
                      <Table.Td ta="right">{formatBRL(p.amountToPay)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th colSpan={4}>Total do valor pago</Table.Th>
                    <Table.Th ta="right" data-testid="payables-total">
                      {formatBRL(totalToPay)}
                    </Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </>
      ))}
    </Stack>
  );
}
