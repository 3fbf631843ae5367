import '@mantine/charts/styles.css';
import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { defaultPeriod } from '../../../../shared/dashboard';
import { filterOf, type DashboardSearch } from '../model/search';
import { useCurrentPlace } from '../hooks/use-current-place';
import {
  AgeRangeChart,
  GenderChart,
  HourlyHeatmap,
  MostConsumedChart,
  OrdersVsRevenueChart,
  RegionChart,
  SalesPerDayChart,
  TopCustomersChart,
} from './charts';
import { FiltersForm } from './filters-form';
import { SummaryCards } from './summary-cards';

export const DASHBOARD_TITLE = 'Dashboard de vendas';

/** /novoDashboard: the sales dashboard (spec 001 §2.13): filters, six cards, eight charts. */
export function DashboardPage({ search, onSearch }: { search: DashboardSearch; onSearch: (next: DashboardSearch) => void }) {
  const place = useCurrentPlace();
  // The default period follows the day it is opened on; a period in the URL is kept as it is.
  const filter = useMemo(() => filterOf(search), [search]);
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
      <HourlyHeatmap {...props} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <SalesPerDayChart {...props} />
        <OrdersVsRevenueChart {...props} />
        <MostConsumedChart {...props} />
        <TopCustomersChart {...props} />
        <GenderChart {...props} />
        <AgeRangeChart {...props} />
      </SimpleGrid>
      <RegionChart {...props} />
    </Stack>
  );
}
