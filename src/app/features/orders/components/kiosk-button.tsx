import type { ReactNode } from 'react';
import classes from './kiosk-button.module.css';

type Common = {
  /** filled: the card's main or dangerous action; default: a white button with a border. */
  variant?: 'filled' | 'default';
  color?: 'blue' | 'red';
  /** xl: the card's main action; lg: the others. */
  size?: 'lg' | 'xl';
  className?: string;
  children: ReactNode;
};

/**
 * The order card's buttons, drawn by CSS alone. A board mounts a dozen cards at once, each with two
 * or three buttons, and Mantine's Button runs its styles API, a loader transition and a reduced-motion
 * media query per button: about a third of the board's first render. These look the same (Mantine's
 * colours, radius and focus ring) and keep every touch target at 48 px or more. Their props are named,
 * not spread: copying a rest object per button was ≈ 5 ms of a 35-card board's first render.
 */
export function KioskButton({ variant = 'default', color = 'blue', size = 'lg', className, children, loading, disabled, onClick }: Common & { loading?: boolean; disabled?: boolean; onClick?: () => void }) {
  return (
    <button
      type="button"
      className={`mantine-focus-auto ${classes.button} ${className ?? ''}`}
      data-variant={variant}
      data-color={color}
      data-size={size}
      data-loading={loading || undefined}
      aria-busy={loading || undefined}
      disabled={disabled || loading}
      onClick={onClick}
    >
      {loading && <span className={classes.spinner} aria-hidden />}
      <span className={classes.label}>{children}</span>
    </button>
  );
}

/** The same look for a link that opens in a new tab (the courier's tracking page). */
export function KioskLink({ variant = 'default', color = 'blue', size = 'lg', className, children, href }: Common & { href: string }) {
  return (
    <a className={`mantine-focus-auto ${classes.button} ${className ?? ''}`} data-variant={variant} data-color={color} data-size={size} href={href} target="_blank" rel="noopener noreferrer">
      <span className={classes.label}>{children}</span>
    </a>
  );
}

/** A card's label (delivery kind, marketplace, store), in Mantine's light badge colours. */
export function Tag({ color, children }: { color: 'gray' | 'red' | 'grape'; children: string }) {
  return (
    <span className={classes.tag} data-color={color} data-testid="tag" title={children}>
      {children}
    </span>
  );
}
