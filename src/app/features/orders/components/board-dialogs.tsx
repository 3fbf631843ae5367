/**
 * Every dialog and drawer of the board, in one chunk loaded the first time one of them opens: none
 * of them is needed to draw the board (issue 9: the board's first paint stays small).
 */
import type { Carrier, KdsSettings, MarketplaceStatus, Order, WorkflowState } from '../../../../shared/contract/orders';
import type { BoardAction, DeliveryRules } from '../../../../shared/orders';
import type { BoardDialog } from '../hooks/use-board-commands';
import type { PendingMark } from '../model/commands';
import { AcceptDialog } from './accept-dialog';
import { AllDayDialog } from './all-day-dialog';
import { BoardSettingsDialog } from './board-settings-dialog';
import { StoreStatusModal } from './board-status-modals';
import { CarrierDialog } from './carrier-dialog';
import { CallCourierDialog, DeliveryChoiceDialog } from './delivery-dialogs';
import { OrderDetailDrawer } from './order-detail-drawer';
import { RecallDialog } from './recall-dialog';
import { RefuseDialog, type GuardedInput } from './refuse-dialog';

export interface BoardDialogsProps {
  localId: string;
  states: WorkflowState[];
  delivery: DeliveryRules;
  settings: KdsSettings | undefined;
  defaultMinutes: number;
  platform: string;
  sandbox: boolean;
  dialog: BoardDialog;
  onCloseDialog: () => void;
  onConfirmAccept: (minutes: number) => void;
  onConfirmGuarded: (input: GuardedInput) => Promise<string | null>;
  onConfirmCarrier: (carrier: Carrier) => void;
  onConfirmPlatform: () => void;
  onChooseOwn: () => void;
  onConfirmCallCourier: () => void;
  drawer: { order: Order | null; mark: PendingMark; onClose: () => void; onAction: (a: BoardAction, o: Order) => void; onPrint: (o: Order) => void; onRush?: (o: Order) => void };
  allDay: { opened: boolean; orders: readonly Order[]; targetMinutes: number; onClose: () => void };
  recall: { opened: boolean; onClose: () => void };
  boardSettings: { opened: boolean; stations: readonly string[]; onClose: () => void };
  store: { opened: boolean; status: MarketplaceStatus | undefined; canToggle: boolean; toggling: boolean; onToggle: (open: boolean) => void; onClose: () => void };
}

export default function BoardDialogs(p: BoardDialogsProps) {
  const { dialog } = p;
  return (
    <>
      <AllDayDialog opened={p.allDay.opened} orders={p.allDay.orders} states={p.states} targetMinutes={p.allDay.targetMinutes} onClose={p.allDay.onClose} />
      <BoardSettingsDialog opened={p.boardSettings.opened} localId={p.localId} settings={p.settings} stations={p.boardSettings.stations} onClose={p.boardSettings.onClose} />
      <RecallDialog opened={p.recall.opened} localId={p.localId} onClose={p.recall.onClose} />
      <AcceptDialog order={dialog?.kind === 'accept' ? dialog.order : null} defaultMinutes={p.defaultMinutes} onClose={p.onCloseDialog} onConfirm={p.onConfirmAccept} />
      <RefuseDialog target={dialog?.kind === 'guarded' ? { order: dialog.order, command: dialog.command } : null} onClose={p.onCloseDialog} onConfirm={p.onConfirmGuarded} />
      <CarrierDialog target={dialog?.kind === 'carrier' ? { order: dialog.order, mode: dialog.mode } : null} localId={p.localId} onClose={p.onCloseDialog} onConfirm={p.onConfirmCarrier} />
      <DeliveryChoiceDialog
        order={dialog?.kind === 'deliveryChoice' ? dialog.order : null}
        platform={p.platform}
        sandbox={p.sandbox}
        notConfigured={p.settings?.courierNotConfigured ?? null}
        onClose={p.onCloseDialog}
        onPlatform={p.onConfirmPlatform}
        onOwn={p.onChooseOwn}
      />
      <CallCourierDialog order={dialog?.kind === 'callCourier' ? dialog.order : null} platform={p.platform} sandbox={p.sandbox} notConfigured={p.settings?.courierNotConfigured ?? null} onClose={p.onCloseDialog} onConfirm={p.onConfirmCallCourier} />
      <OrderDetailDrawer order={p.drawer.order} mark={p.drawer.mark} states={p.states} delivery={p.delivery} onClose={p.drawer.onClose} onAction={p.drawer.onAction} onPrint={p.drawer.onPrint} onRush={p.drawer.onRush} />
      <StoreStatusModal opened={p.store.opened} status={p.store.status} canToggle={p.store.canToggle} toggling={p.store.toggling} onToggle={p.store.onToggle} onClose={p.store.onClose} />
    </>
  );
}
