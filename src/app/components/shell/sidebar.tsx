import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { currentMenuEntry, sidebarFor } from '../../../shared/route-table';
import { useMenuRoutes } from './menu-routes';

/**
 * Sidebar grouped as the route table groups the portal; entries filtered by role (spec 000 §6) and
 * to the screens that work here (see available-routes.ts). One entry at most is current: the
 * deepest one whose path starts the address.
 */
export function Sidebar({ roles, onNavigate }: { roles: string; onNavigate: () => void }) {
  const available = useMenuRoutes();
  const groups = useMemo(() => sidebarFor(roles, available), [roles, available]);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const current = currentMenuEntry(groups, pathname);
  return (
    <ScrollArea h="100%" type="auto" component="nav" aria-label="Menu principal">
      {groups.map(({ group, entries }) => (
        <NavLink key={group.id} label={group.label} defaultOpened={entries.some((e) => e === current)} childrenOffset={12}
          mih={44} fw={600} data-testid={`menu-group-${group.id}`}>
          {entries.map((e) => (
            <NavLink key={e.path} component={Link} to={e.path} label={e.label} mih={44} activeOptions={{ exact: true }}
              active={e === current} aria-current={e === current ? 'page' : undefined} onClick={onNavigate} />
          ))}
        </NavLink>
      ))}
    </ScrollArea>
  );
}
