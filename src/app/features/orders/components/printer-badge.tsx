import { Button, Group } from '@mantine/core';
import { memo, useCallback } from 'react';
import type { Order } from '../../../../shared/contract/orders';
import { ORDER_MSG, PRINTER_STATUS, type BoardAction } from '../../../../shared/orders';
import { reevaluationClock, useClockValue } from '../hooks/clock';
import { printerBadge, type PrinterBadge } from '../model/board-rules';
import classes from './board.module.css';

type Props = { order: Order; onResend: (action: BoardAction, order: Order) => void; disabled?: boolean };

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

function BadgeLine({ kind, order, onResend, disabled }: Props & { kind: NonNullable<PrinterBadge>['kind'] | null }) {
  if (!kind) return null;
  const label = kind === 'inQueue' ? ORDER_MSG.printerInQueue : kind === 'printed' ? ORDER_MSG.printerPrinted : ORDER_MSG.printerNoAnswer;
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
