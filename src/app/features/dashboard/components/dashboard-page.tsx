import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { DashboardFilter } from '../../../../shared/contract/dashboard';
import { defaultPeriod } from '../../../../shared/dashboard';
import { filterOf, type DashboardSearch } from '../model/search';
import { useCurrentPlace } from '../../../lib/page-hooks';
import { ChartSkeleton } from './chart-panel';
import { FiltersForm } from './filters-form';
import { SummaryCards } from './summary-cards';

type ChartProps = { localId: string; filter: DashboardFilter };
type ChartName = keyof typeof import('./charts');

// The charts (recharts) are a chunk of their own: the cards and filters draw while it downloads.
const chartsModule = () => import('./charts');
const chart = (name: ChartName) =>
  lazy(() => chartsModule().then((m) => ({ default: memo(m[name] as ComponentType<ChartProps>) })));
const CHARTS = {
  hourly: { C: chart('HourlyHeatmap'), title: 'Vendas por hora' },
  'per-day': { C: chart('SalesPerDayChart'), title: 'Vendas por dia' },
  'orders-revenue': { C: chart('OrdersVsRevenueChart'), title: 'Pedidos x faturamento por data' },
  'most-consumed': { C: chart('MostConsumedChart'), title: 'Itens mais consumidos' },
  'top-customers': { C: chart('TopCustomersChart'), title: 'Melhores clientes' },
  gender: { C: chart('GenderChart'), title: 'Vendas por gênero' },
  age: { C: chart('AgeRangeChart'), title: 'Vendas por faixa etária' },
  region: { C: chart('RegionChart'), title: 'Vendas por região' },
  'table-bills': { C: chart('TableBillsChart'), title: 'Contas de mesa por forma de pagamento' },
} as const;
type ChartKey = keyof typeof CHARTS;

/**
 * Mounts its chart when it comes near the screen or right after the next frame is painted,
 * whichever is first: what is visible draws first and the rest follows without anyone scrolling.
 */
function WhenNear({ eager, children, fallback }: { eager: boolean; children: ReactNode; fallback: ReactNode }) {
  const [show, setShow] = useState(eager);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (show) return;
    const reveal = () => setShow(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reveal(), { rootMargin: '200px' });
    if (ref.current) io.observe(ref.current);
    // A task after the next animation frame: the charts above have been painted by then.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(reveal, 0);
    });
    return () => {
      io.disconnect();
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [show]);
  return show ? children : <div ref={ref}>{fallback}</div>;
}

function Chart({ name, eager = false, ...props }: ChartProps & { name: ChartKey; eager?: boolean }) {
  const { C, title } = CHARTS[name];
  const fallback = <ChartSkeleton title={title} testId={`chart-${name}`} />;
  return (
    <WhenNear eager={eager} fallback={fallback}>
      <Suspense fallback={fallback}>
        <C {...props} />
      </Suspense>
    </WhenNear>
  );
}

export const DASHBOARD_TITLE = 'Dashboard de vendas';

/** /novoDashboard: the sales dashboard (spec 001 §2.13): filters, six cards, eight charts. */
export function DashboardPage({ search, onSearch }: { search: DashboardSearch; onSearch: (next: DashboardSearch) => void }) {
  const place = useCurrentPlace();
  // The default period follows the day it is opened on; a period in the URL is kept as it is.
  // Kept by value: a navigation that leaves the filter as it was re-renders no chart (they are memo).
  const searchKey = JSON.stringify(search);
  const filter = useMemo(() => filterOf(JSON.parse(searchKey) as DashboardSearch), [searchKey]);
  useEffect(() => {
    document.title = `${DASHBOARD_TITLE} · Balcão`;
  }, []);
  const isDefault = !search.InitialPeriod;

  if (!place) {
    return <Alert color="yellow">Você ainda não está vinculado a nenhum estabelecimento.</Alert>;
  }
  const props = { localId: place.localId, filter };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {DASHBOARD_TITLE}
          </Title>
          <Text c="gray.7" data-testid="dashboard-period">
            {place.nomeLocal} · {filter.InitialPeriod} a {filter.FinalPeriod}
            {isDefault && filter.InitialPeriod === defaultPeriod().InitialPeriod ? ' (últimos 7 dias)' : ''}
          </Text>
        </div>
      </Group>
      <FiltersForm filter={filter} onChange={onSearch} />
      <SummaryCards {...props} />
      <Chart name="table-bills" eager {...props} />
      <Chart name="hourly" eager {...props} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Chart name="per-day" eager {...props} />
        <Chart name="orders-revenue" eager {...props} />
        <Chart name="most-consumed" {...props} />
        <Chart name="top-customers" {...props} />
        <Chart name="gender" {...props} />
        <Chart name="age" {...props} />
      </SimpleGrid>
      <Chart name="region" {...props} />
    </Stack>
  );
}
