import { Anchor, Button, Card, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { PORTAL_ROUTES, sidebarFor } from '../../../shared/route-table';
import { LegacyFrame } from '../../components/legacy-frame';
import { useMenuRoutes } from '../../components/shell/menu-routes';
import { runtimeConfig } from '../../lib/runtime-config';
import { getSession } from '../../lib/session';
import { TodayFigures } from './components/today-figures';

const DASHBOARD = PORTAL_ROUTES.find((r) => r.path === '/dashboard')!;

/**
 * / and /dashboard: the legacy dashboard in a frame when LEGACY_PORTAL_URL is set; otherwise a home
 * with shortcuts to the built screens this user's roles open.
 */
export function DashboardPage() {
  const session = getSession();
  const available = useMenuRoutes();
  const groups = useMemo(() => sidebarFor(session?.roles ?? '', available), [session?.roles, available]);
  // A new account has no place yet: the way forward is to create one (issue 24).
  if (session && session.locations.length === 0) return <NoPlaceYet firstName={session.userName.split(' ')[0]} />;
  if (runtimeConfig().legacyPortalUrl) return <LegacyFrame route={DASHBOARD} path="/dashboard" />;
  // Shortcuts to our own screens that work today (never "em construção"), not to this page itself.
  const modules = groups.flatMap((g) =>
    g.entries.filter((e) => e.kind === 'module' && e.path !== DASHBOARD.path).map((e) => ({ ...e, groupLabel: g.group.label })),
  );
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          Olá, {session?.userName.split(' ')[0]}
        </Title>
        <Text c="dimmed">{session?.currentLocation?.nomeLocal ?? 'Você ainda não está vinculado a nenhum estabelecimento.'}</Text>
      </div>
      {session?.currentLocation && (
        <TodayFigures localId={session.currentLocation.localId} placeType={session.currentLocation.tipo} roles={session.roles} />
      )}
      {modules.length > 0 && (
        <>
          <Title order={2} size="h4">
            Atalhos
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
            {modules.map((m) => (
              <Card key={m.path} withBorder padding="md" radius="md">
                <Text size="xs" c="dimmed">
                  {m.groupLabel}
                </Text>
                <Anchor component={Link} to={m.path} fw={600} size="lg">
                  {m.label}
                </Anchor>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function NoPlaceYet({ firstName }: { firstName: string }) {
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        Olá, {firstName}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Stack align="flex-start">
          <Text fw={600}>Você ainda não está vinculado a nenhum estabelecimento.</Text>
          <Text c="dimmed">Cadastre o seu para convidar a equipe e conectar o tablet da cozinha e os celulares dos garçons. Se alguém já cadastrou, peça a essa pessoa um convite.</Text>
          <Button component={Link} to="/cadastro/estabelecimento" size="md">
            Cadastrar estabelecimento
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
