import { Group, Text, UnstyledButton } from '@mantine/core';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import type { Session } from '../../lib/session';
import hidden from '../visually-hidden.module.css';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

/** The user menu's button: initials, the name (hidden on phones) and "Menu do usuário" for screen readers. */
export const UserButton = forwardRef<HTMLButtonElement, { session: Session } & ComponentPropsWithoutRef<'button'>>(function UserButton({ session, ...rest }, ref) {
  return (
    <UnstyledButton ref={ref} mih={44} {...rest}>
      <Group gap="xs" wrap="nowrap">
        <span
          aria-hidden
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 38,
            height: 38,
            borderRadius: '50%',
            fontWeight: 700,
            fontSize: 'var(--mantine-font-size-md)',
            background: 'var(--mantine-color-orange-light)',
            color: 'var(--mantine-color-orange-light-color)',
          }}
        >
          {initials(session.userName)}
        </span>
        <span className={hidden.visuallyHidden}>Menu do usuário</span>
        <Text visibleFrom="sm" fw={500} data-user-name>
          {session.userName}
        </Text>
        {/* Hidden from the sm breakpoint on, where the name is shown (Mantine's global class). */}
        <span className={`${hidden.visuallyHidden} mantine-hidden-from-sm`}>{session.userName}</span>
      </Group>
    </UnstyledButton>
  );
});
