/**
 * One order on the board. A card knows nothing of fetching: it gets the order (with any queued
 * change already applied), the venue's delivery rules and callbacks. Memoised: it re-renders when its
 * order, its pending mark or its age colour changes, never because the clock ticked (its timer does).
 * Only the cards in (or near) a column's view are mounted at all (the column is virtualized, see
 * board-column), so a mounted card is always drawn in full.
 */
import { memo, useCallback, useMemo } from 'react';
import type { Order } from '../../../../shared/contract/orders';
import { formatBRL } from '../../../../shared/format';
import {
  DELIVERY_KIND,
  DELIVERY_KIND_LABEL,
  ORDER_ORIGIN,
  orderActions,
  paymentText,
  type BoardAction,
  type DeliveryRules,
} from '../../../../shared/orders';
import { reevaluationClock, useClockValue } from '../hooks/clock';
import { ACTION_LABEL, DANGER_ACTIONS } from '../model/action-labels';
import { hasTimer, readableTextOn } from '../model/board-rules';
import type { PendingMark } from '../model/commands';
import { countRender } from '../model/render-count';
import classes from './board.module.css';
import hidden from '../../../components/visually-hidden.module.css';
import { EXPEDITOR, orderComplete, stationProgress } from '../model/stations';
import { lateness, timerSince } from '../model/timers';
import { KioskButton, KioskLink, Tag } from './kiosk-button';
import { OrderItems } from './order-items';
import { StationItems } from './station-items';
import { OrderTimer } from './order-timer';
import { PrinterBadgeView } from './printer-badge';
import { IfoodTicketInfo } from './ifood-ticket-info';

/** A ticket shows this many lines of items (an item, or one of its notes); the rest fold behind "+N itens". */
export const FOLD_LINES = 3;

export interface OrderCardProps {
  order: Order;
  mark: PendingMark;
  delivery: DeliveryRules;
  ageWarnMinutes: number;
  ageLateMinutes: number;
  ringing: boolean;
  /** Just joined its column: outlined for a few seconds. */
  fresh?: boolean;
  onAction: (action: BoardAction, order: Order) => void;
  onOpen: (order: Order) => void;
}

/** Station routing on a card: which screen it is on, and the rush and item-bump commands. */
export interface CardStationProps {
  /** null: every station; EXPEDITOR: the expeditor; else a station's name (only its items, each bumped). */
  station?: string | null;
  /** Flags an order urgent (on the detail drawer: a ticket keeps its one row of actions). */
  onRush?: (order: Order) => void;
  onBump?: (order: Order, itemId: string, done: boolean) => void;
}

export function tableOrKind(o: Order): string {
  if (o.TipoEntrega === DELIVERY_KIND.table) {
    if (!o.Mesa) return DELIVERY_KIND_LABEL[DELIVERY_KIND.table];
    return /^\d+$/.test(o.Mesa) ? `Mesa ${o.Mesa}` : o.Mesa;
  }
  return DELIVERY_KIND_LABEL[o.TipoEntrega] ?? '';
}

export const OrderCard = memo(function OrderCard({ order: o, mark, delivery, ageWarnMinutes, ageLateMinutes, ringing, fresh = false, onAction, onOpen, station = null, onBump }: OrderCardProps & CardStationProps) {
  countRender('card');
  const state = o.WorkflowInstance.CurrenteState;
  const timed = hasTimer(state.Id);
  const pay = paymentText(o);
  const selectAge = useCallback(
    // The time in its current state against that state's limit (model/timers).
    (now: number) => (timed ? lateness(o, now, { ageWarnMinutes, ageLateMinutes }) : 'ok'),
    [timed, o, ageWarnMinutes, ageLateMinutes],
  );
  const age = useClockValue(selectAge, reevaluationClock);
  const actions = useMemo(() => orderActions(o, delivery), [o, delivery]);
  const busy = mark === 'sending';
  const headerText = readableTextOn(state.BackgroundColor);
  const [primary, ...rest] = actions;
  const kind = tableOrKind(o);

  return (
    <article
      className={classes.card}
      data-testid="order-card"
      data-codigo={o.Codigo}
      data-state={state.Id}
      data-age={age}
      data-ringing={ringing ? 'true' : 'false'}
      data-fresh={fresh ? 'true' : undefined}
      data-order-id={o.Id}
      data-rush={o.UrgenteEm ? 'true' : undefined}
      aria-label={`Pedido #${o.Codigo}, ${state.Name}${o.UrgenteEm ? ', urgente' : ''}`}
      aria-busy={busy}
      tabIndex={0}
      aria-keyshortcuts="Enter"
      onKeyDown={(e) => {
        // Enter on the card (a bump bar's "bump"): its main action.
        if (e.key === 'Enter' && e.target === e.currentTarget && primary && !busy) {
          e.preventDefault();
          onAction(primary, o);
        }
      }}
    >
      <button type="button" className={classes.header} style={{ background: state.BackgroundColor, color: headerText }} onClick={() => onOpen(o)}>
        {/* The accessible name keeps the visible text (WCAG 2.5.3): "Abrir detalhes do pedido #12 Pendente 00:03:10". */}
        <span className={hidden.visuallyHidden}>Abrir detalhes do pedido</span>{' '}
        <span className={classes.code} data-testid="order-code">#{o.Codigo}</span>{' '}
        {/* The column says the state (and the header's name); the card keeps it for screen readers. */}
        <span className={hidden.visuallyHidden} data-testid="order-state">
          {state.Name}
        </span>{' '}
        {timed && <OrderTimer since={timerSince(o)} />}
      </button>
      <div className={classes.body}>
        {mark && (
          <span className={classes.markTag} data-mark={mark} data-testid="pending-badge" aria-busy={mark === 'sending' || undefined}>
            {mark === 'sending' ? 'Enviando…' : 'Aguardando envio'}
          </span>
        )}
        {/* The kind of order first (what the kitchen needs), then the customer, who gives way. */}
        <div className={classes.meta}>
          <span className={classes.tags}>
            <Tag color="gray">{kind}</Tag>
            {o.OrigemPedido === ORDER_ORIGIN.marketplace && <Tag color="red">Marketplace</Tag>}
            {o.NomeLoja && <Tag color="grape">{o.NomeLoja}</Tag>}
          </span>
          {o.Cliente.Nome.trim().toLowerCase() !== kind.toLowerCase() && <span className={classes.client}>{o.Cliente.Nome}</span>}
        </div>
        {o.Ifood && <IfoodTicketInfo order={o} compact />}
        {o.UrgenteEm && (
          <div className={classes.rushTag} data-testid="rush-tag">
            URGENTE
          </div>
        )}
        {station === EXPEDITOR && <ExpeditorLine order={o} />}
        {station && station !== EXPEDITOR && <StationItems order={o} station={station} disabled={busy} onBump={onBump} />}
        {(!station || station === EXPEDITOR) && <OrderItems order={o} foldAfterLines={FOLD_LINES} />}
        <div className={classes.payment} data-detail="secondary">
          <div>
            <div className={classes.paymentKind}>{pay.kind}</div>
            {pay.inPerson && <div className={classes.small}>Pagamento na entrega</div>}
            {o.Troco != null && o.Troco > 0 && <div className={classes.small}>Troco para {formatBRL(o.Troco)}</div>}
          </div>
          <div className={classes.total} aria-label="Total do pedido">
            {formatBRL(o.ValorTotal)}
          </div>
        </div>
        {o.Transportador && (
          <div>
            Transportador: <strong>{o.Transportador.Nome}</strong>
            {o.EntregaSandbox && !/sandbox/i.test(o.Transportador.Nome) && ' (sandbox)'}
          </div>
        )}
        <PrinterBadgeView order={o} onResend={onAction} disabled={busy} compact />
        {actions.length > 0 && (
          <div className={classes.actions}>
            {primary && <ActionButton action={primary} order={o} primary busy={busy} onAction={onAction} />}
            {rest.map((a) => (
              <ActionButton key={a} action={a} order={o} busy={busy} onAction={onAction} />
            ))}
          </div>
        )}
      </div>
    </article>
  );
});

function ActionButton({ action, order, primary, busy, onAction }: { action: BoardAction; order: Order; primary?: boolean; busy: boolean; onAction: OrderCardProps['onAction'] }) {
  const danger = DANGER_ACTIONS.has(action);
  const label = ACTION_LABEL[action];
  if (action === 'seeDelivery' && order.LinkRastreio) {
    return (
      <KioskLink href={order.LinkRastreio} className={classes.secondaryAction}>
        {label}
      </KioskLink>
    );
  }
  return (
    <KioskButton
      className={primary ? classes.primaryAction : classes.secondaryAction}
      size={primary ? 'xl' : 'lg'}
      // Dark enough for white text at AA in both themes; secondary actions use the theme's own text colour.
      color={danger ? 'red' : 'blue'}
      variant={primary || danger ? 'filled' : 'default'}
      disabled={busy || action === 'callingCourier'}
      loading={primary && busy}
      onClick={() => onAction(action, order)}
    >
      {label}
    </KioskButton>
  );
}

/** The expeditor's view of an order: each station's progress, and "Completo" when every station is done. */
function ExpeditorLine({ order }: { order: Order }) {
  const complete = orderComplete(order);
  return (
    <div className={classes.expeditor} data-testid="expeditor-line" data-complete={complete ? 'true' : 'false'}>
      {complete && <span className={classes.completeTag}>Completo</span>}
      {stationProgress(order).map((p) => (
        <span key={p.station} className={classes.stationTag} data-done={p.done === p.total ? 'true' : 'false'}>
          {p.station}: {p.done === p.total ? 'pronto' : `${p.done}/${p.total}`}
        </span>
      ))}
    </div>
  );
}
