/** The dashboard's eight charts (spec 001 §2.13), each from one call, drawn with @mantine/charts (a chunk of its own, loaded by dashboard-page). */
import '@mantine/charts/styles.css';
import { BarChart, CompositeChart, DonutChart, MatrixChart } from '@mantine/charts';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Consumption, DashboardAnswer, DashboardCall, DashboardFilter } from '../../../../shared/contract/dashboard';
import { AGE_BAR_COLORS, ageBarBand, DASH_MSG, HEAT_COLORS, heatBand, WEEKDAYS, WEEKDAYS_SHORT } from '../../../../shared/dashboard';
import { dashboardQueries } from '../api/dashboard-queries';
import { ChartPanel, Tip, type ChartPanelProps } from './chart-panel';
import { formatInt, formatMoney, formatMoneyShort, fullDay, shortDay } from './format';

interface Props {
  localId: string;
  filter: DashboardFilter;
}

type TipProps = { active?: boolean; label?: unknown; payload?: ReadonlyArray<{ payload?: Record<string, unknown> }> };
const rowOf = (p: TipProps) => (p.active && p.payload?.length ? (p.payload[0].payload ?? null) : null);

/** A chart's tooltip drawn from the hovered row (nothing while no row is hovered). */
const rowTip = (tip: (row: Record<string, unknown>) => ReactNode) => ({
  content: (p: TipProps) => {
    const r = rowOf(p);
    return r ? tip(r) : null;
  },
});

/** A chart panel fed by one of the spec's dashboard calls for the venue and filter. */
function CallPanel<C extends DashboardCall>({ call, localId, filter, ...panel }: Props & { call: C } & Omit<ChartPanelProps<DashboardAnswer<C>>, 'query'>) {
  const q = useQuery(dashboardQueries.call(call, localId, filter));
  return <ChartPanel query={q} {...panel} />;
}

export function HourlyHeatmap(props: Props) {
  return (
    <CallPanel
      {...props}
      call="HourlySales"
      title="Vendas por hora"
      testId="chart-hourly"
      isEmpty={(d) => d.every((r) => r.Amounts.every((v) => v === 0))}
      summary={(d) => {
        let best = { dow: 0, h: 0, v: -1 };
        for (const r of d) r.Amounts.forEach((v, h) => v > best.v && (best = { dow: r.DayOfWeek, h, v }));
        return `Mapa de calor do faturamento por dia da semana e hora. Maior: ${WEEKDAYS[best.dow]}, ${best.h}h, ${formatMoney(best.v)}.`;
      }}
    >
      {(d) => {
        const max = Math.max(...d.flatMap((r) => r.Amounts));
        const data = d.flatMap((r) => r.Amounts.map((v, h) => ({ x: `${h}h`, y: WEEKDAYS_SHORT[r.DayOfWeek], value: v })));
        return (
          <>
            <div style={{ overflowX: 'auto' }}>
              <MatrixChart
                data={data}
                // Mantine's own name is English with US decimals ("Heatmap, … values from 0 to 1234.5").
                aria-label={`Mapa de calor, 24 horas por 7 dias, valores de ${formatMoney(Math.min(...d.flatMap((r) => r.Amounts)))} a ${formatMoney(max)}`}
                xLabels={Array.from({ length: 24 }, (_, h) => `${h}h`)}
                yLabels={[...WEEKDAYS_SHORT]}
                cellSize={34}
                gap={3}
                withXLabels
                withYLabels
                xLabelsRotation={0}
                xLabelsHeight={22}
                fontSize={12}
                yLabelsWidth={40}
                domain={[0, max]}
                getCellProps={(cell) => ({ fill: HEAT_COLORS[heatBand(cell.value ?? 0, max)] })}
                getTooltipLabel={(cell) => `${WEEKDAYS[WEEKDAYS_SHORT.indexOf(cell.y as (typeof WEEKDAYS_SHORT)[number])]}, ${cell.x}: ${formatMoney(cell.value ?? 0)}`}
              />
            </div>
            <Group gap={4} mt="xs" aria-hidden>
              <Text size="xs" c="gray.7">
                Menos
              </Text>
              {HEAT_COLORS.map((c) => (
                <span key={c} style={{ width: 16, height: 12, background: c, borderRadius: 2, display: 'inline-block' }} />
              ))}
              <Text size="xs" c="gray.7">
                Mais
              </Text>
            </Group>
          </>
        );
      }}
    </CallPanel>
  );
}

export function SalesPerDayChart(props: Props) {
  return (
    <CallPanel
      {...props}
      call="SalesPerDay"
      title="Vendas por dia"
      testId="chart-per-day"
      isEmpty={(d) => d.every((r) => r.Amount === 0)}
      summary={(d) => `Faturamento por dia, de ${fullDay(d[0].Date)} a ${fullDay(d[d.length - 1].Date)}: total ${formatMoney(d.reduce((s, r) => s + r.Amount, 0))}.`}
    >
      {(d) => (
        <BarChart
          h={260}
          data={d.map((r) => ({ ...r, Dia: shortDay(r.Date) }))}
          dataKey="Dia"
          series={[{ name: 'Amount', label: 'Faturamento', color: 'blue.6' }]}
          valueFormatter={formatMoney}
          yAxisProps={{ width: 80, tickFormatter: formatMoneyShort }}
          tooltipProps={rowTip((r) => <Tip label={fullDay(String(r.Date))} rows={[{ name: 'Faturamento', value: formatMoney(Number(r.Amount)), color: 'var(--mantine-color-blue-6)' }]} />)}
        />
      )}
    </CallPanel>
  );
}

export function OrdersVsRevenueChart(props: Props) {
  return (
    <CallPanel
      {...props}
      call="SalesPerDay"
      title="Pedidos x faturamento por data"
      testId="chart-orders-revenue"
      isEmpty={(d) => d.every((r) => r.Quantity === 0)}
      summary={(d) => `Pedidos e faturamento por data: ${formatInt(d.reduce((s, r) => s + r.Quantity, 0))} pedidos, ${formatMoney(d.reduce((s, r) => s + r.Amount, 0))}.`}
    >
      {(d) => (
        <CompositeChart
          h={260}
          data={d.map((r) => ({ ...r, Dia: shortDay(r.Date) }))}
          dataKey="Dia"
          withRightYAxis
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          series={[
            // No yAxisId: the chart's left axis has recharts' default id, so the bars bind to it and it
            // shows their scale (an id of 'left' matched no axis and left the bars without one).
            { name: 'Quantity', label: 'Pedidos', color: 'teal.6', type: 'bar' },
            { name: 'Amount', label: 'Faturamento', color: 'orange.6', type: 'line', yAxisId: 'right' },
          ]}
          yAxisProps={{ tickFormatter: (v: number) => formatInt(v), width: 60, allowDecimals: false }}
          yAxisLabel="Pedidos"
          rightYAxisProps={{ tickFormatter: formatMoneyShort, width: 80 }}
          rightYAxisLabel="Faturamento"
          tooltipProps={rowTip((r) => (
            <Tip
              label={fullDay(String(r.Date))}
              rows={[
                { name: 'Pedidos', value: formatInt(Number(r.Quantity)), color: 'var(--mantine-color-teal-6)' },
                { name: 'Faturamento', value: formatMoney(Number(r.Amount)), color: 'var(--mantine-color-orange-6)' },
              ]}
            />
          ))}
        />
      )}
    </CallPanel>
  );
}

function ConsumptionChart({ rows, quantityLabel, color }: { rows: Consumption; quantityLabel: string; color: string }) {
  return (
    <BarChart
      h={Math.max(160, rows.length * 34 + 40)}
      data={rows}
      dataKey="Item"
      orientation="vertical"
      series={[{ name: 'Quantity', label: quantityLabel, color }]}
      valueFormatter={formatInt}
      yAxisProps={{ width: 170 }}
      tooltipProps={rowTip((r) => (
        <Tip
          label={String(r.Item)}
          rows={[
            { name: quantityLabel, value: formatInt(Number(r.Quantity)) },
            { name: 'Maior consumo', value: formatMoney(Number(r.HigherConsumption)) },
            { name: 'Consumo médio', value: formatMoney(Number(r.AverageConsumption)) },
          ]}
        />
      ))}
    />
  );
}

export function MostConsumedChart(props: Props) {
  return (
    <CallPanel
      {...props}
      call="MostConsumed"
      title="Itens mais consumidos"
      testId="chart-most-consumed"
      isEmpty={(d) => d.length === 0}
      summary={(d) => `Itens mais consumidos: ${d.map((r) => `${r.Item}, ${formatInt(r.Quantity)}`).join('; ')}.`}
    >
      {(d) => <ConsumptionChart rows={d} quantityLabel="Quantidade" color="grape.6" />}
    </CallPanel>
  );
}

export function RegionChart(props: Props) {
  return (
    <CallPanel
      {...props}
      call="SalesByRegion"
      title="Vendas por região"
      testId="chart-region"
      isEmpty={(d) => d.length === 0}
      summary={(d) => `Pedidos por região: ${d.map((r) => `${r.Item}, ${formatInt(r.Quantity)}`).join('; ')}.`}
    >
      {(d) => <ConsumptionChart rows={d} quantityLabel="Pedidos" color="cyan.7" />}
    </CallPanel>
  );
}

export function TopCustomersChart(props: Props) {
  return (
    <CallPanel
      {...props}
      call="TopCustomers"
      title="Melhores clientes"
      testId="chart-top-customers"
      isEmpty={(d) => d.length === 0}
      summary={(d) => `Clientes que mais consumiram: ${d.map((r) => `${r.Name}, ${formatMoney(r.TotalConsumption)}`).join('; ')}.`}
    >
      {(d) => (
        <BarChart
          h={Math.max(160, d.length * 34 + 40)}
          data={d}
          dataKey="Name"
          orientation="vertical"
          series={[{ name: 'TotalConsumption', label: 'Total consumido', color: 'indigo.6' }]}
          valueFormatter={formatMoney}
          yAxisProps={{ width: 150 }}
          xAxisProps={{ tickFormatter: formatMoneyShort }}
          tooltipProps={rowTip((r) => (
            <Tip
              label={String(r.Name)}
              rows={[
                { name: 'Total consumido', value: formatMoney(Number(r.TotalConsumption)) },
                { name: 'Pedidos', value: formatInt(Number(r.Quantity)) },
                { name: 'Consumo médio', value: formatMoney(Number(r.AverageConsumption)) },
              ]}
            />
          ))}
        />
      )}
    </CallPanel>
  );
}

const GENDER_COLORS: Record<string, string> = { Feminino: 'pink.6', Masculino: 'blue.6', Outro: 'violet.6', 'Não informado': 'gray.5' };

export function GenderChart(props: Props) {
  return (
    <CallPanel
      {...props}
      call="SalesByGender"
      title="Vendas por gênero"
      testId="chart-gender"
      isEmpty={(d) => d.length === 0}
      summary={(d) => `Faturamento por gênero: ${d.map((r) => `${r.Key}, ${formatMoney(r.Value)}`).join('; ')}.`}
    >
      {(d) => {
        const total = d.reduce((s, r) => s + r.Value, 0);
        return (
          <Group justify="center" gap="xl">
            <DonutChart
              size={180}
              thickness={28}
              data={d.map((r) => ({ name: r.Key, value: r.Value, color: GENDER_COLORS[r.Key] ?? 'gray.5' }))}
              valueFormatter={formatMoney}
              tooltipDataSource="segment"
            />
            <div>
              {d.map((r) => (
                <Text key={r.Key} size="sm">
                  <span style={{ color: `var(--mantine-color-${(GENDER_COLORS[r.Key] ?? 'gray.5').replace('.', '-')})` }}>●</span> {r.Key}:{' '}
                  {formatMoney(r.Value)} ({formatInt(total ? (r.Value / total) * 100 : 0)}%)
                </Text>
              ))}
            </div>
          </Group>
        );
      }}
    </CallPanel>
  );
}

/** Short axis labels so eight bars fit side by side (the tooltip and the summary keep the full names). */
const ageTick = (k: string) => (k === DASH_MSG.notInformed ? 'Não inf.' : k.replace(' anos ou mais', '+').replace(' anos', ''));

export function AgeRangeChart(props: Props) {
  return (
    <CallPanel
      {...props}
      call="SalesByAgeRange"
      title="Vendas por faixa etária"
      testId="chart-age"
      isEmpty={(d) => d.Data.every((r) => r.Value === 0)}
      summary={(d) => `Faturamento por faixa etária: ${d.Data.map((r) => `${r.Key}, ${formatMoney(r.Value)}`).join('; ')}.`}
    >
      {(d) => {
        const max = Math.max(...d.Data.map((r) => r.Value));
        return (
          <BarChart
            h={260}
            data={d.Data}
            dataKey="Key"
            series={[{ name: 'Value', label: 'Faturamento', color: 'green.6' }]}
            getBarColor={(v) => AGE_BAR_COLORS[ageBarBand(v, max)]}
            valueFormatter={formatMoney}
            yAxisProps={{ width: 80, tickFormatter: formatMoneyShort }}
            xAxisProps={{ interval: 0, tickFormatter: ageTick }}
            tooltipProps={rowTip((r) => <Tip label={String(r.Key)} rows={[{ name: 'Faturamento', value: formatMoney(Number(r.Value)) }]} />)}
          />
        );
      }}
    </CallPanel>
  );
}

const METHOD_COLORS = { pix: 'teal.8', cartao: 'blue.8', dinheiro: 'gray.8' } as const;

/**
 * The tables' bills closed in the period (issue 41): what they received by payment method, as bars
 * and as figures, and the service charge as its own figure (it is the staff's, not the house's sale).
 */
export function TableBillsChart({ localId, filter }: Props) {
  const q = useQuery(dashboardQueries.tableBills(localId, filter));
  return (
    <ChartPanel
      title="Contas de mesa por forma de pagamento"
      testId="chart-table-bills"
      query={q}
      isEmpty={(d) => d.Contas === 0}
      summary={(d) => `Contas de mesa fechadas: ${formatInt(d.Contas)}. ${d.PorForma.map((m) => `${m.Nome}: ${formatMoney(m.Valor)}`).join('; ')}. Taxa de serviço: ${formatMoney(d.TaxaServico)}. Couvert: ${formatMoney(d.Couvert)}. Descontos: ${formatMoney(d.Desconto)}.`}
    >
      {(d) => (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {d.PorForma.map((m) => (
              <Figure key={m.Forma} label={`${m.Nome} (${formatInt(m.Quantidade)})`} value={formatMoney(m.Valor)} testId={`table-bills-${m.Forma}`} />
            ))}
            <Figure label="Taxa de serviço" value={formatMoney(d.TaxaServico)} testId="table-bills-service" />
            <Figure label="Couvert" value={formatMoney(d.Couvert)} testId="table-bills-couvert" />
            <Figure label="Descontos" value={formatMoney(d.Desconto)} testId="table-bills-discount" />
            <Figure label={`Total de ${formatInt(d.Contas)} ${d.Contas === 1 ? 'conta' : 'contas'}`} value={formatMoney(d.Total)} testId="table-bills-total" />
          </SimpleGrid>
          <BarChart
            h={200}
            data={d.PorForma.map((m) => ({ Forma: m.Nome, Valor: m.Valor, color: METHOD_COLORS[m.Forma] }))}
            dataKey="Forma"
            series={[{ name: 'Valor', label: 'Recebido', color: 'teal.8' }]}
            valueFormatter={formatMoney}
            yAxisProps={{ width: 80, tickFormatter: formatMoneyShort }}
          />
        </Stack>
      )}
    </ChartPanel>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Stack>
  );
}
