import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DASHBOARD_ROLE } from '../../../../shared/dashboard';
import { formatBRL } from '../../../../shared/format';
import { isFoodServicePlace } from '../../../../shared/place-menus';
import { hasAccess } from '../../../../shared/roles';
import { homeQueries, todayPeriod } from '../api/home-queries';

function Figure({ label, value, loading, failed, children }: { label: string; value: string; loading: boolean; failed: boolean; children?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {loading ? (
        <Skeleton h={32} mt={4} w="60%" />
      ) : (
        <Text fz={28} fw={700} lh={1.3}>
          {failed ? '—' : value}
        </Text>
      )}
      {failed && !loading && (
        <Text size="sm" c="red.8">
          Não foi possível carregar.
        </Text>
      )}
      {children}
    </Paper>
  );
}

/**
 * Today's figures at the top of the manager's home (issue 28): orders and revenue from the sales
 * dashboard's cards (today only), and the orders waiting on the board. Each shows only to whom its
 * screen is open: the dashboard's role, and the board (role Painel) at a food-service place.
 */
export function TodayFigures({ localId, placeType, roles }: { localId: string; placeType: number | undefined; roles: string }) {
  const sales = hasAccess(roles, DASHBOARD_ROLE);
  const board = hasAccess(roles, 'Painel') && isFoodServicePlace(placeType);
  const today = useQuery({ ...homeQueries.today(localId, todayPeriod()), enabled: sales });
  const waiting = useQuery({ ...homeQueries.waiting(localId), enabled: board });
  if (!sales && !board) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Hoje
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {sales && (
          <>
            <Figure label="Pedidos" value={String(today.data?.orders ?? 0)} loading={today.isPending} failed={today.isError}>
              <Anchor component={Link} to="/novoDashboard" size="sm">
                Ver dashboard de vendas
              </Anchor>
            </Figure>
            <Figure label="Faturamento" value={formatBRL(today.data?.revenue ?? 0)} loading={today.isPending} failed={today.isError} />
          </>
        )}
        {board && (
          <Figure label="Aguardando aceite" value={String(waiting.data?.pending ?? 0)} loading={waiting.isPending} failed={waiting.isError}>
            <Text size="sm" c="dimmed">
              {waiting.data ? `${waiting.data.active} em andamento no painel` : ' '}
            </Text>
            <Anchor component={Link} to="/meepFood/painel" size="sm">
              Abrir painel de pedidos
            </Anchor>
          </Figure>
        )}
      </SimpleGrid>
    </Stack>
  );
}
