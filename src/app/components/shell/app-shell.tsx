import { AppShell, Avatar, Burger, Group, Menu, Select, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SIDEBAR_AUTO_CLOSE_PX, SIDEBAR_START_CLOSED_PX } from '../../../shared/constants';
import { BOARD_PATH, isBoardDevice } from '../../../shared/permissions';
import { logout, switchPlace } from '../../features/auth/api/auth-api';
import { sessionQueries } from '../../features/auth/api/session-queries';
import { clearSession, getSession, onSessionChange, saveSession, type Session } from '../../lib/session';
import { Sidebar } from './sidebar';

function useSession(): Session | null {
  const [s, setS] = useState(getSession);
  useEffect(() => onSessionChange(setS), []);
  return s;
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

/**
 * The portal shell (spec 000 §2 "Portal shell"): top bar with menu toggle, place selector and user
 * menu; the sidebar collapses under 900 px and starts closed at 470 px or less.
 */
export function PortalShell() {
  const session = useSession();
  const navigate = useNavigate();
  const narrow = useMediaQuery(`(max-width: ${SIDEBAR_AUTO_CLOSE_PX - 0.02}px)`, window.innerWidth < SIDEBAR_AUTO_CLOSE_PX);
  // Closed on the order board (a kiosk: every column in sight) and below 900 px (spec); the board
  // device's "/" (the installed app's start) opens the board.
  const path = useRouterState({ select: (st) => st.location.pathname });
  const onBoard = path.toLowerCase() === BOARD_PATH.toLowerCase();
  const [opened, { toggle, close }] = useDisclosure(window.innerWidth >= SIDEBAR_AUTO_CLOSE_PX && window.innerWidth > SIDEBAR_START_CLOSED_PX && !onBoard);
  useEffect(() => {
    if (onBoard) close();
    else if (path === '/' && isBoardDevice(getSession()?.roles)) void navigate({ to: BOARD_PATH, replace: true });
  }, [onBoard, path, close, navigate]);
  const [switching, setSwitching] = useState(false);
  // Keeps the stored session in step with the server (name, places); a revoked token answers 401,
  // which clears the session and leads to /login.
  const info = useQuery(sessionQueries.userInfo());
  useEffect(() => {
    const s = getSession();
    if (!info.data || !s) return;
    const locations = info.data.locais.map((l) => ({ id: l.id, name: l.nome, tipo: l.tipo, origemPropostaCliente: l.origemPropostaCliente }));
    if (JSON.stringify(locations) !== JSON.stringify(s.locations) || info.data.usuarioMeep.nome !== s.userName) {
      saveSession({ ...s, userName: info.data.usuarioMeep.nome, locations });
    }
  }, [info.data]);
  if (!session) return null;

  const onPlace = async (id: string | null) => {
    if (!id || id === session.currentLocation?.localId) return;
    setSwitching(true);
    try {
      await switchPlace(id);
    } finally {
      setSwitching(false);
    }
  };
  const onLogout = async () => {
    await logout();
    clearSession();
    navigate({ to: '/login' });
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: SIDEBAR_AUTO_CLOSE_PX, collapsed: { mobile: !opened, desktop: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} aria-label={opened ? 'Fechar menu' : 'Abrir menu'} />
            <Text component={Link} to="/dashboard" fw={800} size="xl" c="orange" visibleFrom="xs">
              Balcão
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {session.locations.length > 1 ? (
              <Select
                aria-label="Estabelecimento"
                data={session.locations.map((l) => ({ value: l.id, label: l.name }))}
                value={session.currentLocation?.localId ?? null}
                onChange={onPlace}
                allowDeselect={false}
                disabled={switching}
                w={{ base: 170, sm: 280 }}
                comboboxProps={{ withinPortal: true }}
                data-testid="place-selector"
              />
            ) : (
              <Text fw={600} truncate data-testid="place-name">
                {session.currentLocation?.nomeLocal ?? 'Nenhum estabelecimento'}
              </Text>
            )}
            <Menu position="bottom-end" withArrow>
              <Menu.Target>
                <UnstyledButton mih={44}>
                  <Group gap="xs" wrap="nowrap">
                    <Avatar color="orange" radius="xl" aria-hidden>
                      {initials(session.userName)}
                    </Avatar>
                    <VisuallyHidden>Menu do usuário</VisuallyHidden>
                    <Text visibleFrom="sm" fw={500}>
                      {session.userName}
                    </Text>
                    <VisuallyHidden hiddenFrom="sm">{session.userName}</VisuallyHidden>
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{session.email}</Menu.Label>
                <Menu.Item component={Link} to="/configuracoes/minhasConfiguracoes">
                  Minha conta
                </Menu.Item>
                <Menu.Item color="red" onClick={onLogout}>
                  Sair
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <Sidebar roles={session.roles} onNavigate={() => narrow && close()} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
