import { Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { Session } from '../../lib/session';
import { UserButton } from './user-button';

/**
 * The user menu (Minha conta, Sair). Loaded on the first touch of its button (see PortalShell), so
 * the menu and popover code stay out of every page's first paint; it opens at once when loaded.
 */
export default function UserMenu({ session, onLogout }: { session: Session; onLogout: () => void }) {
  const target = useRef<HTMLButtonElement>(null);
  // It replaced the button the person just pressed: keep the focus where it was.
  useEffect(() => target.current?.focus({ preventScroll: true }), []);
  return (
    <Menu position="bottom-end" withArrow defaultOpened>
      <Menu.Target>
        <UserButton ref={target} session={session} />
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
  );
}
