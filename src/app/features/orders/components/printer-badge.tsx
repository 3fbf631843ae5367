import { Button, Group } from '@mantine/core';
import { memo, useCallback } from 'react';
import type { Order } from '../../../../shared/contract/orders';
import { ORDER_MSG, PRINTER_STATUS, type BoardAction } from '../../../../shared/orders';
import { reevaluationClock, useClockValue } from '../hooks/clock';
import { printerBadge, type PrinterBadge } from '../model/board-rules';
import classes from './board.module.css';

type Props = {
  order: Order;
  onResend: (action: BoardAction, order: Order) => void;
  disabled?: boolean;
  /** On a ticket: one line (the message gives way with "…" to "Enviar novamente"); the drawer has it whole. */
  compact?: boolean;
};

/**
 * The printer badge (spec 000 §4). Only "received by the print server" depends on time (no answer
 * after the window): that case alone follows the board's clock, re-rendering when the badge changes.
 */
export const PrinterBadgeView = memo(function PrinterBadgeView(props: Props) {
  if (props.order.PedidoPOSPrinterStatus === PRINTER_STATUS.received) return <ReceivedBadge {...props} />;
  return <BadgeLine kind={printerBadge(props.order, Date.now())?.kind ?? null} {...props} />;
});

function ReceivedBadge(props: Props) {
  const select = useCallback((now: number) => printerBadge(props.order, now)?.kind ?? null, [props.order]);
  return <BadgeLine kind={useClockValue(select, reevaluationClock)} {...props} />;
}

function BadgeLine({ kind, order, onResend, disabled, compact }: Props & { kind: NonNullable<PrinterBadge>['kind'] | null }) {
  if (!kind) return null;
  const label = kind === 'inQueue' ? ORDER_MSG.printerInQueue : kind === 'printed' ? ORDER_MSG.printerPrinted : ORDER_MSG.printerNoAnswer;
  if (compact) {
    return (
      <div className={classes.printerLine} data-kind={kind} data-testid="printer-badge" title={label}>
        <svg className={classes.printerIcon} width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M7 3h10v4H7V3Zm-2 5h14a3 3 0 0 1 3 3v6h-4v4H6v-4H2v-6a3 3 0 0 1 3-3Zm3 8v3h8v-3H8Z" />
        </svg>
        <span className={classes.printerText}>{label}</span>
        {kind === 'noAnswer' && (
          <button type="button" className={`mantine-focus-auto ${classes.printerResend}`} disabled={disabled} onClick={() => onResend('resendToPrinter', order)}>
            {ORDER_MSG.printerResend}
          </button>
        )}
      </div>
    );
  }
  return (
    <Group gap={8} data-testid="printer-badge">
      <span className={classes.printerBadge} data-kind={kind}>
        {label}
      </span>
      {kind === 'noAnswer' && (
        <Button size="md" mih={48} variant="outline" color="red" disabled={disabled} onClick={() => onResend('resendToPrinter', order)}>
          {ORDER_MSG.printerResend}
        </Button>
      )}
    </Group>
  );
}
