/**
 * What the board's buttons do: state changes and the other commands through the outbox, the
 * dialogs they need first (delivery time, password, carrier, delivery choice), undo after
 * Finalizar / Recebido / Devolver, printing. The dialogs themselves load on first use (board-dialogs).
 */
import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Carrier, KdsSettings, Order, WorkflowState } from '../../../../shared/contract/orders';
import {
  acceptNeedsDeliveryTime,
  DELIVERY_KIND,
  DELIVERY_MODE,
  KDS_UNDO_MS,
  needsDeliveryChoice,
  ORDER_MSG,
  ORDER_STATE,
  ORDER_TRANSITIONS,
  PRINTER_STATUS,
  transportNeedsCarrier,
  type BoardAction,
  type DeliveryRules,
  type OrderCommand,
} from '../../../../shared/orders';
import { errorText } from '../../../lib/api-client';
import { showToast, toastError, toastSuccess } from '../../../lib/toast';
import { recallOrder } from '../api/order-api';
import { patchOrder } from '../api/order-cache';
import { acknowledgeRecord, submitOrderCommand, type CommandResult, type SubmitOptions } from '../api/order-commands';
import { orderQueries } from '../api/order-queries';
import type { CarrierDialogMode } from '../components/carrier-dialog';
import type { GuardedCommand, GuardedInput } from '../components/refuse-dialog';
import { ACTION_LABEL } from '../model/action-labels';
import { elapsedSeconds } from '../model/board-rules';
import type { OrderPreview } from '../model/commands';
import { FALLBACK_STATES } from './use-board-data';
import { usbPrinterChosen } from '../../../lib/usb-printer';

/** Sending to the local print server (capture, print job) loads when a ticket is printed, not with the board. */
const resendToPrinter: typeof import('../lib/resend-to-printer').resendToPrinter = (...args) => import('../lib/resend-to-printer').then((m) => m.resendToPrinter(...args));

export type BoardDialog =
  | { kind: 'accept'; order: Order }
  | { kind: 'guarded'; order: Order; command: GuardedCommand }
  | { kind: 'carrier'; order: Order; mode: CarrierDialogMode }
  | { kind: 'deliveryChoice'; order: Order }
  | { kind: 'callCourier'; order: Order }
  | null;

export function useBoardCommands({ states, delivery, settings, platform }: {
  states: readonly WorkflowState[];
  delivery: DeliveryRules;
  settings: KdsSettings | undefined;
  platform: string;
}) {
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<BoardDialog>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const statesRef = useRef(states);
  statesRef.current = states;
  const deliveryRef = useRef({ delivery, settings });
  deliveryRef.current = { delivery, settings };

  const submit = useCallback(async (o: SubmitOptions, opts: { success?: string; failure?: string } = {}): Promise<CommandResult> => {
    const r = await submitOrderCommand(o);
    if (r.status === 'applied' && opts.success) void toastSuccess(opts.success);
    if (r.status === 'failed') {
      void toastError(opts.failure ?? (r.message || ORDER_MSG.genericError));
      // Seen here and now: it need not wait in the banners.
      if (r.id) void acknowledgeRecord(r.id);
    }
    return r;
  }, []);

  const runState = useCallback(
    (order: Order, command: OrderCommand, extra: Record<string, unknown> = {}, opts: { success?: string; waitMs?: number } = {}) => {
      const to = ORDER_TRANSITIONS[command].to;
      const target = statesRef.current.find((s) => s.Id === to) ?? FALLBACK_STATES.find((s) => s.Id === to)!;
      const current = order.WorkflowInstance.CurrenteState.Id;
      return submit(
        {
          orderId: order.Id,
          codigo: order.Codigo,
          command,
          expectedStateId: current,
          body: { Id: order.Id, NewStateId: to, StoreId: order.StoreId, Timer: elapsedSeconds(order.DataCriacao, Date.now()), ExpectedStateId: current, ...extra },
          preview: { state: { Id: target.Id, Name: target.Name, BackgroundColor: target.BackgroundColor } },
          waitMs: opts.waitMs,
        },
        { success: opts.success },
      );
    },
    [submit],
  );

  const runOther = useCallback(
    (order: Order, command: SubmitOptions['command'], body: Record<string, unknown> | undefined, preview: OrderPreview, opts: { success?: string; failure?: string; query?: Record<string, string> } = {}) =>
      submit(
        { orderId: order.Id, codigo: order.Codigo, command, expectedStateId: order.WorkflowInstance.CurrenteState.Id, body, query: opts.query, preview },
        opts,
      ),
    [submit],
  );

  /** Finalizar, Recebido and Devolver, once applied: a toast with "Desfazer" (a recall with an automatic reason). */
  const offerUndo = useCallback(
    (order: Order, command: OrderCommand, r: CommandResult) => {
      if (r.status !== 'applied') return;
      const id = `undo-${order.Id}`;
      const label = ACTION_LABEL[command];
      const undo = async () => {
        const { notifications } = await import('@mantine/notifications');
        notifications.hide(id);
        try {
          const res = await recallOrder(order.Id, ORDER_MSG.undoReason(label), ORDER_TRANSITIONS[command].to);
          patchOrder(qc, res.Pedido);
          void qc.invalidateQueries({ queryKey: orderQueries.lists() });
          void toastSuccess(ORDER_MSG.recalled(order.Codigo));
        } catch (err) {
          void toastError(errorText(err, ORDER_MSG.genericError));
        }
      };
      void showToast({
        id,
        color: 'blue',
        autoClose: KDS_UNDO_MS,
        closeButtonProps: { 'aria-label': 'Fechar' },
        message: (
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text size="md">
              Pedido #{order.Codigo}: {label.toLowerCase()}
            </Text>
            <Button size="md" mih={44} variant="filled" color="blue.9" onClick={() => void undo()}>
              Desfazer
            </Button>
          </Group>
        ),
      });
    },
    [qc],
  );

  /** After accepting a delivery order, the "Entrega" choice when the venue has both kinds of delivery. */
  const afterAccept = useCallback((order: Order, r: CommandResult) => {
    if (r.status === 'conflict' || r.status === 'failed') return;
    const accepted: Order = { ...order, WorkflowInstance: { CurrenteState: { ...order.WorkflowInstance.CurrenteState, Id: ORDER_STATE.Aceito } } };
    // Printing on accept: the server queued the print agent's tickets with the acceptance; the local
    // print server's go from this tablet, at the venue. A station with no printer is said, not silent.
    const d = deliveryRef.current.settings?.delivery;
    if (r.status === 'applied' && (d?.sendToPrinterServerOnAcceptOrder || d?.sendToRemotePrinterOnAcceptOrder)) {
      const after = (r.body as { Pedido?: Order } | null)?.Pedido;
      // The printers' messages load when needed: the whole module is not part of the board's first paint.
      if (after?.PedidoPOSPrinterStatus === PRINTER_STATUS.error) void import('../../../../shared/printers').then(({ PRINTER_MSG }) => toastError(PRINTER_MSG.notPrinted(order.Codigo)));
      // The local print server's tickets, and this tablet's USB printer's (Web Serial), go from here.
      else if (order.EnderecoServidorLocal || usbPrinterChosen()) void resendToPrinter(accepted, { quiet: true, afterAccept: true });
    }
    if (needsDeliveryChoice(accepted, deliveryRef.current.delivery)) setDialog({ kind: 'deliveryChoice', order: accepted });
  }, []);

  const onAction = useCallback(
    (action: BoardAction, order: Order) => {
      const { delivery: d } = deliveryRef.current;
      switch (action) {
        case 'acceptOrder':
          if (acceptNeedsDeliveryTime(d)) setDialog({ kind: 'accept', order });
          else void runState(order, 'acceptOrder').then((r) => afterAccept(order, r));
          return;
        case 'refuseOrder':
        case 'returnedOrder':
          setDialog({ kind: 'guarded', order, command: action });
          return;
        case 'startOrder':
        case 'readyToPickup':
          void runState(order, action);
          return;
        case 'deliverOrder':
        case 'receivedOrder':
          // Finalizar / Recebido: undoable for a few seconds (a mis-tap must not lose the order).
          void runState(order, action).then((r) => offerUndo(order, action, r));
          return;
        case 'transportOrder': {
          const own = order.ModoEntrega === DELIVERY_MODE.merchant || (d.useOwnDelivery && !d.useMeepDelivery);
          // An own-platform delivery needs a carrier or a courier call first (the server refuses otherwise).
          if ((order.TipoEntrega === DELIVERY_KIND.delivery && !order.Transportador && own) || transportNeedsCarrier(order)) setDialog({ kind: 'carrier', order, mode: 'transport' });
          else void runState(order, 'transportOrder');
          return;
        }
        case 'chooseDelivery':
          setDialog({ kind: 'deliveryChoice', order });
          return;
        case 'callCourier':
          setDialog({ kind: 'callCourier', order });
          return;
        case 'changeCarrier':
          setDialog({ kind: 'carrier', order, mode: 'assign' });
          return;
        case 'seeDelivery':
          if (order.LinkRastreio) window.open(order.LinkRastreio, '_blank', 'noopener');
          return;
        case 'callingCourier':
          return;
        case 'resendToPrinter':
          // Captures the ticket first; a failed capture says so and sends nothing.
          void resendToPrinter(order);
          return;
      }
    },
    [runState, afterAccept, offerUndo],
  );

  // Dialog confirmations ------------------------------------------------------------------------

  const confirmAccept = (minutes: number) => {
    if (dialog?.kind !== 'accept') return;
    const order = dialog.order;
    setDialog(null);
    void runState(order, 'acceptOrder', { DeliveryTime: minutes }).then((r) => afterAccept(order, r));
  };

  const confirmGuarded = async (input: GuardedInput): Promise<string | null> => {
    if (dialog?.kind !== 'guarded') return null;
    const { order, command } = dialog;
    const r = await submitOrderCommand({
      orderId: order.Id,
      codigo: order.Codigo,
      command,
      expectedStateId: order.WorkflowInstance.CurrenteState.Id,
      body: {
        Id: order.Id,
        NewStateId: ORDER_TRANSITIONS[command].to,
        StoreId: order.StoreId,
        Timer: elapsedSeconds(order.DataCriacao, Date.now()),
        ExpectedStateId: order.WorkflowInstance.CurrenteState.Id,
        Password: input.password ?? null,
        ReasonCancellation: input.reason ?? null,
      },
      preview: (() => {
        const t = statesRef.current.find((s) => s.Id === ORDER_TRANSITIONS[command].to);
        return t ? { state: { Id: t.Id, Name: t.Name, BackgroundColor: t.BackgroundColor } } : {};
      })(),
    });
    if (r.status === 'failed') {
      // The person is looking at the dialog: the answer goes under the field, not to the banners.
      if (r.id) void acknowledgeRecord(r.id);
      return r.message || ORDER_MSG.genericError;
    }
    setDialog(null);
    if (r.status === 'applied' && command === 'refuseOrder') void toastSuccess(ORDER_MSG.refused);
    if (command === 'returnedOrder') offerUndo(order, command, r);
    if (r.status === 'queued') {
      void showToast({ color: 'yellow', message: 'Sem conexão: a alteração será enviada quando a conexão voltar. A senha é conferida nesse momento.' });
    }
    return null;
  };

  const confirmCarrier = (carrier: Carrier) => {
    if (dialog?.kind !== 'carrier') return;
    const { order, mode: m } = dialog;
    setDialog(null);
    void runOther(order, 'assignCarrier', { PedidoId: order.Id, TransportadoraId: carrier.Id }, { Transportador: carrier, ModoEntrega: DELIVERY_MODE.merchant }).then(
      (r) => {
        if (m === 'transport' && (r.status === 'applied' || r.status === 'queued')) void runState({ ...order, Transportador: carrier }, 'transportOrder');
      },
    );
  };

  const confirmPlatform = () => {
    if (dialog?.kind !== 'deliveryChoice') return;
    const order = dialog.order;
    setDialog(null);
    void runOther(order, 'authorizeMeepDelivery', { PedidoId: order.Id }, { ChamouMeepDelivery: true, ModoEntrega: DELIVERY_MODE.ownPlatform }, { failure: ORDER_MSG.platformFailed(platform) });
  };
  const chooseOwn = () => {
    if (dialog?.kind !== 'deliveryChoice') return;
    setDialog({ kind: 'carrier', order: dialog.order, mode: 'assign' });
  };
  const confirmCallCourier = () => {
    if (dialog?.kind !== 'callCourier') return;
    const order = dialog.order;
    setDialog(null);
    void runOther(order, 'callCourier', { PedidoId: order.Id }, { ChamouMeepDelivery: true }, { failure: ORDER_MSG.platformFailed(platform) });
  };

  /** Rush on or off (queued offline like every board command). */
  const toggleRush = useCallback(
    (order: Order) => void runOther(order, 'rushOrder', { Id: order.Id, Urgente: !order.UrgenteEm }, { UrgenteEm: order.UrgenteEm ? null : new Date().toISOString() }),
    [runOther],
  );
  /** Item-level bump at a station (or back to prepare). */
  const bumpItem = useCallback(
    (order: Order, itemId: string, done: boolean) =>
      void runOther(order, 'bumpItem', { PedidoId: order.Id, ItemId: itemId, Pronto: done }, { itemBump: { id: itemId, ProntoEm: done ? new Date().toISOString() : null } }),
    [runOther],
  );

  return { toggleRush, bumpItem, dialog, closeDialog, onAction, confirmAccept, confirmGuarded, confirmCarrier, confirmPlatform, chooseOwn, confirmCallCourier };
}
