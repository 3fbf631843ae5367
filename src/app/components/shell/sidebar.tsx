import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { sidebarFor } from '../../../shared/route-table';

/** Sidebar grouped as the route table groups the portal; entries filtered by role (spec 000 §6). */
export function Sidebar({ roles, onNavigate }: { roles: string; onNavigate: () => void }) {
  const groups = useMemo(() => sidebarFor(roles), [roles]);
  const pathname = useRouterState({ select: (s) => s.location.pathname.toLowerCase() });
  return (
    <ScrollArea h="100%" type="auto" component="nav" aria-label="Menu principal">
      {groups.map(({ group, entries }) => {
        const active = entries.some((e) => pathname.startsWith(e.path.toLowerCase()));
        return (
          <NavLink key={group.id} label={group.label} defaultOpened={active} childrenOffset={12} py="sm"
            fw={600} data-testid={`menu-group-${group.id}`}>
            {entries.map((e) => (
              <NavLink key={e.path} component={Link} to={e.path} label={e.label} py="sm"
                active={pathname === e.path.toLowerCase()} onClick={onNavigate} />
            ))}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}
