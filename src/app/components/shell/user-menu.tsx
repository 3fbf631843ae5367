import { Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import type { Session } from '../../lib/session';
import { UserButton } from './user-button';

/**
 * The user menu (Minha conta, Sair). Loaded on the first touch of its button (see PortalShell), so
 * the menu and popover code stay out of every page's first paint; it opens at once when loaded.
 */
export default function UserMenu({ session, onLogout }: { session: Session; onLogout: () => void }) {
  const target = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  // It replaced the button the person just pressed: keep the focus where it was.
  useEffect(() => target.current?.focus({ preventScroll: true }), []);
  return (
    // No initial-focus placeholder: it is a focusable div inside role=menu (axe: aria-required-children); the arrows still walk the items.
    <Menu position="bottom-end" withArrow defaultOpened withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UserButton ref={target} session={session} />
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu may only own items and groups (axe: aria-required-children): the e-mail labels a group. */}
        <div role="group" aria-labelledby={labelId}>
          <Menu.Label id={labelId}>{session.email}</Menu.Label>
          <Menu.Item component={Link} to="/configuracoes/minhasConfiguracoes">
            Minha conta
          </Menu.Item>
          {/* red.9: Mantine's default red reads 3.3:1 on white; AA needs 4.5:1. */}
          <Menu.Item color="red.9" onClick={onLogout}>
            Sair
          </Menu.Item>
        </div>
      </Menu.Dropdown>
    </Menu>
  );
}
