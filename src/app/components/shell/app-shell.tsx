import { Burger, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { SIDEBAR_AUTO_CLOSE_PX, SIDEBAR_START_CLOSED_PX } from '../../../shared/constants';
import { BOARD_PATH, isBoardDevice } from '../../../shared/permissions';
import { sessionQueries } from '../../features/auth/api/session-queries';
import { useSession } from '../../lib/page-hooks';
import { clearSession, getSession, saveSession } from '../../lib/session';
import classes from './shell.module.css';
import { UserButton } from './user-button';
import { OfflineBanner } from './offline-banner';
import { listRouteKind } from '../../lib/saved-lists';

// Out of every page's first paint (the order board's above all): the user menu loads on the first
// touch of its button, the place selector only for people with more than one place, the sidebar
// once the menu is first opened (it starts closed on the board and on small screens).
const loadUserMenu = () => import('./user-menu');
// Signing out and changing place load the sign-in module (and its forms' rules) only when used.
const loadAuthApi = () => import('../../features/auth/api/auth-api');
const UserMenu = lazy(loadUserMenu);
const PlaceSelect = lazy(() => import('./place-select'));
const Sidebar = lazy(() => import('./sidebar').then((m) => ({ default: m.Sidebar })));
// A list page's offline notice (issue 28): loaded with list pages only, never on the board.
const PageSavedListNotice = lazy(() => import('../saved-list-notice').then((m) => ({ default: m.PageSavedListNotice })).catch(() => ({ default: () => null })));

/** Where a page puts its own bar inside the top bar (createPortal), so a kiosk has one bar, not two. */
export const PAGE_BAR_ID = 'shell-page-bar';

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
  const [opened, setOpened] = useState(() => window.innerWidth >= SIDEBAR_AUTO_CLOSE_PX && window.innerWidth > SIDEBAR_START_CLOSED_PX && !onBoard);
  // A54: the window shrinking below 900 px closes the sidebar (latched during render, no effect).
  const [wasNarrow, setWasNarrow] = useState(narrow);
  if (narrow !== wasNarrow) {
    setWasNarrow(narrow);
    if (narrow) setOpened(false);
  }
  const toggle = useCallback(() => setOpened((o) => !o), []);
  const close = useCallback(() => setOpened(false), []);
  useEffect(() => {
    if (onBoard) close();
    else if (path === '/' && isBoardDevice(getSession()?.roles)) void navigate({ to: BOARD_PATH, replace: true });
  }, [onBoard, path, close, navigate]);
  const [switching, setSwitching] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  // Latched during render: once opened, the sidebar stays mounted (no effect, no extra commit).
  const [sidebarWanted, setSidebarWanted] = useState(opened);
  if (opened && !sidebarWanted) setSidebarWanted(true);
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
      await (await loadAuthApi()).switchPlace(id);
    } finally {
      setSwitching(false);
    }
  };
  const onLogout = async () => {
    // Signing out works offline too: the session is cleared even when the module cannot load.
    await loadAuthApi().then((m) => m.logout(), () => undefined);
    clearSession();
    navigate({ to: '/login' });
  };

  return (
    <div className={classes.root}>
      <header className={classes.header}>
        <div className={`${classes.side} ${classes.brand}`}>
          <Burger opened={opened} onClick={toggle} aria-label={opened ? 'Fechar menu' : 'Abrir menu'} aria-expanded={opened} aria-controls="portal-sidebar" />
          <Text component={Link} to="/dashboard" fw={800} size="xl" c="orange" visibleFrom="xs" className={classes.brandName}>
            Balcão
          </Text>
        </div>
        {/* A page's own bar goes here (the order board's: one slim bar for the whole kiosk). */}
        <div id={PAGE_BAR_ID} className={classes.pageBar} />
        <div className={classes.side}>
          {session.locations.length > 1 ? (
            <Suspense fallback={<Text fw={600} truncate>{session.currentLocation?.nomeLocal ?? ''}</Text>}>
              <PlaceSelect session={session} switching={switching} onPlace={onPlace} />
            </Suspense>
          ) : (
            <Text fw={600} truncate data-testid="place-name">
              {session.currentLocation?.nomeLocal ?? 'Nenhum estabelecimento'}
            </Text>
          )}
          {menuWanted ? (
            <Suspense fallback={<UserButton session={session} aria-busy />}>
              <UserMenu session={session} onLogout={onLogout} />
            </Suspense>
          ) : (
            <UserButton session={session} aria-haspopup="menu" aria-expanded={false} onPointerEnter={() => void loadUserMenu()} onFocus={() => void loadUserMenu()} onClick={() => setMenuWanted(true)} />
          )}
        </div>
      </header>
      {/* Closed, the sidebar is out of sight and out of the keyboard's way (inert). */}
      <div id="portal-sidebar" className={classes.navbar} data-collapsed={opened ? undefined : true} inert={!opened}>
        {sidebarWanted && (
          <Suspense fallback={null}>
            <Sidebar roles={session.roles} onNavigate={() => narrow && close()} />
          </Suspense>
        )}
      </div>
      <main className={classes.main} data-with-navbar={opened ? true : undefined}>
        {/* The board has its own one-line offline banner: never two. */}
        {!onBoard && <OfflineBanner />}
        {listRouteKind(path) && (
          <Suspense fallback={null}>
            <PageSavedListNotice pathname={path} />
          </Suspense>
        )}
        <Outlet />
      </main>
    </div>
  );
}
