/**
 * /meepFood/painel: the kitchen board. Owns the fetching (lists, settings, live stream with polling
 * fallback), the outbox overlay, the chime and the dialogs; the board, columns and cards only draw.
 */
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Carrier, KdsEvent, KdsListResponse, Order, WorkflowState } from '../../../../shared/contract/orders';
import { hasAccess } from '../../../../shared/roles';
import {
  acceptNeedsDeliveryTime,
  DEFAULT_AGE_LATE_MINUTES,
  DEFAULT_AGE_WARN_MINUTES,
  DEFAULT_CHIME_REPEAT_SECONDS,
  DEFAULT_WORKFLOW_STATES,
  DELIVERY_KIND,
  DELIVERY_MODE,
  KDS_INTERVAL_DEFAULT_MS,
  KDS_INTERVAL_FAST_MS,
  KDS_REFRESH_FAST_MS,
  KDS_REFRESH_MS,
  needsDeliveryChoice,
  ORDER_MSG,
  ORDER_STATE,
  ORDER_TRANSITIONS,
  KDS_UNDO_MS,
  transportNeedsCarrier,
  type BoardAction,
  type DeliveryRules,
  type OrderCommand,
} from '../../../../shared/orders';
import { ApiError } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { showToast, toastError, toastSuccess } from '../../../lib/toast';
import { connectionMode, onOnline, useConnection } from '../api/connection';
import { insertOrder, patchOrder } from '../api/order-cache';
import { recallOrder, setMarketplaceStoreOpen } from '../api/order-api';
import {
  acknowledgeRecord,
  bindOrderOutbox,
  isStorageAvailable,
  submitOrderCommand,
  useOutboxPaused,
  useOutboxRecords,
  type CommandResult,
  type SubmitOptions,
} from '../api/order-commands';
import { fetchOrderList, orderQueries } from '../api/order-queries';
import { useChimeAlerts } from '../hooks/chime-alerts';
import { chime, useAudioBlocked } from '../hooks/chime';
import { reevaluationClock, useClockValue } from '../hooks/clock';
import { useLiveOrders } from '../hooks/use-live-orders';
import { useWakeLock } from '../hooks/use-wake-lock';
import { resendToPrinter } from '../lib/resend-to-printer';
import { boardLists, resolveFilters, todayInSaoPaulo, type BoardSearch } from '../model/board-filters';
import { parseBoardSearch } from '../model/board-search';
import { elapsedSeconds, platformName } from '../model/board-rules';
import { overlayOrder, recordsByOrder, type OrderPreview } from '../model/commands';
import { AcceptDialog } from './accept-dialog';
import { Board } from './board';
import type { BoardEntry } from './board-column';
import { BoardBanners } from './board-banners';
import { StoreStatusModal } from './board-status';
import { BoardToolbar } from './board-toolbar';
import { useBoardDensity } from '../hooks/use-board-density';
import { CarrierDialog, type CarrierDialogMode } from './carrier-dialog';
import { CallCourierDialog, DeliveryChoiceDialog } from './delivery-dialogs';
import { FiltersForm } from './filters-form';
import { OrderDetailDrawer } from './order-detail-drawer';
import { RefuseDialog, type GuardedCommand, type GuardedInput } from './refuse-dialog';
import { StartMonitoringDialog } from './start-monitoring-dialog';
import { RecallDialog } from './recall-dialog';
import { AllDayDialog } from './all-day-dialog';
import { ACTION_LABEL } from '../model/action-labels';

const FALLBACK_DELIVERY: DeliveryRules & { deliveryTime: number; deliveryPlatform: number; allowCustomerChatVisualization: boolean } = {
  useMeepDelivery: false,
  useOwnDelivery: false,
  deliveryTimePerOrder: false,
  deliveryTime: 40,
  deliveryPlatform: 2,
  allowCustomerChatVisualization: false,
};
const FALLBACK_STATES: WorkflowState[] = DEFAULT_WORKFLOW_STATES.map((s, i) => ({ ...s, Ordem: i + 1 }));
const INVALIDATE_DEBOUNCE_MS = 300;

type Dialog =
  | { kind: 'accept'; order: Order }
  | { kind: 'guarded'; order: Order; command: GuardedCommand }
  | { kind: 'carrier'; order: Order; mode: CarrierDialogMode }
  | { kind: 'deliveryChoice'; order: Order }
  | { kind: 'callCourier'; order: Order }
  | null;

const selectToday = (now: number) => todayInSaoPaulo(new Date(now));

const isWaiting = (o: Order) => o.WorkflowInstance.CurrenteState.Id === ORDER_STATE.Pendente;

/** The open orders and the finished page together, one copy of each order (the newest version). */
function mergeLists(a: readonly Order[] | undefined, b: readonly Order[] | undefined): Order[] {
  if (!b?.length) return (a ?? []) as Order[];
  if (!a?.length) return b as Order[];
  const byId = new Map<string, Order>();
  for (const o of [...a, ...b]) {
    const prev = byId.get(o.Id);
    if (!prev || prev.Versao < o.Versao) byId.set(o.Id, o);
  }
  return [...byId.values()];
}

export interface OrderBoardPageProps {
  /** The URL's search parameters (strings as the route let them through). */
  urlSearch: BoardSearch;
  /** Replaces the URL's search parameters (filters, page). */
  onSearchChange: (next: BoardSearch) => void;
}

export function OrderBoardPage({ urlSearch, onSearchChange }: OrderBoardPageProps) {
  // Drops what the URL cannot mean (bad dates, unknown states), so the filters and the form agree.
  const search = useMemo(() => parseBoardSearch(urlSearch as Record<string, unknown>), [urlSearch]);
  const qc = useQueryClient();
  const session = getSession();
  const localId = session?.currentLocation?.localId ?? '';

  // -------------------------------------------------------------------------------------------
  // Start: outbox, storage, monitoring

  const [storageOff, setStorageOff] = useState(false);
  useEffect(() => {
    bindOrderOutbox(qc);
    void isStorageAvailable().then((ok) => {
      setStorageOff(!ok);
      // Ask the browser not to evict the cached board and the queue under storage pressure.
      if (ok) void navigator.storage?.persist?.().catch(() => false);
    });
  }, [qc]);

  const [monitoring, setMonitoring] = useState(false);
  const [startOpen, setStartOpen] = useState(true);
  const [autoRefresh, setAutoRefresh] = useState(true);
  const wakeLock = useWakeLock(monitoring);
  const monitoringRef = useRef(monitoring);
  monitoringRef.current = monitoring;
  const audioBlocked = useAudioBlocked();

  // -------------------------------------------------------------------------------------------
  // Data

  const today = useClockValue(selectToday, reevaluationClock);
  const filters = useMemo(() => resolveFilters(search, today), [search, today]);
  const lists = useMemo(() => boardLists(search, today), [search, today]);
  const statesQ = useQuery({ ...orderQueries.states(localId), enabled: !!localId });
  const settingsQ = useQuery({ ...orderQueries.settings(localId), enabled: !!localId });
  const tablesQ = useQuery({ ...orderQueries.tables(localId), enabled: !!localId });
  const storesQ = useQuery({ ...orderQueries.stores(localId), enabled: !!localId });
  const marketQ = useQuery({ ...orderQueries.marketplace(localId), enabled: !!localId, refetchInterval: monitoring ? KDS_INTERVAL_DEFAULT_MS : false });
  const settings = settingsQ.data;
  const deliverySettings = settings?.delivery;
  const delivery: DeliveryRules = useMemo(
    () =>
      deliverySettings
        ? { useMeepDelivery: deliverySettings.useMeepDelivery, useOwnDelivery: deliverySettings.useOwnDelivery, deliveryTimePerOrder: deliverySettings.deliveryTimePerOrder }
        : FALLBACK_DELIVERY,
    [deliverySettings],
  );
  const chatOn = !!deliverySettings?.allowCustomerChatVisualization;
  const chatQ = useQuery({ ...orderQueries.chatUnread(localId), enabled: !!localId && chatOn });
  const states = useMemo(() => [...(statesQ.data ?? FALLBACK_STATES)].sort((a, b) => a.Ordem - b.Ordem), [statesQ.data]);

  const conn = useConnection();
  // Live from the moment the board opens: "Iniciar" only unlocks sound and the screen lock.
  const live = autoRefresh;
  const streamOpen = conn.stream === 'open';
  const pollMs = settings?.refresh15s ? KDS_REFRESH_FAST_MS : KDS_REFRESH_MS;
  const safetyMs = settings?.refresh15s ? KDS_INTERVAL_FAST_MS : KDS_INTERVAL_DEFAULT_MS;
  // Live: the stream brings changes and a slow poll double-checks; stream down: poll every 25 s (or 15 s).
  const refetchInterval = live ? (streamOpen ? safetyMs : pollMs) : false;
  /** Every open order (all of them, oldest first): the columns a kitchen works from. */
  const activeQ = useQuery({
    ...orderQueries.list(localId, lists.active ?? filters),
    enabled: !!localId && !!lists.active,
    refetchInterval,
    refetchIntervalInBackground: true,
  });
  /** Entregue and Recusado, when the filter checks them: paged apart (the spec's list). */
  const finishedQ = useQuery({
    ...orderQueries.list(localId, lists.finished ?? filters),
    enabled: !!localId && !!lists.finished,
    refetchInterval,
    refetchIntervalInBackground: true,
  });
  const listQ = lists.active ? activeQ : finishedQ;
  useEffect(() => onOnline(() => void qc.invalidateQueries({ queryKey: orderQueries.lists() })), [qc]);
  const mode = connectionMode(conn, autoRefresh);

  const { alerts, ringing } = useChimeAlerts(settings?.repeatChime ?? true, settings?.chimeRepeatSeconds ?? DEFAULT_CHIME_REPEAT_SECONDS);

  // -------------------------------------------------------------------------------------------
  // Live stream

  const invalidateTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const scheduleInvalidate = useCallback(() => {
    if (invalidateTimer.current) return;
    invalidateTimer.current = setTimeout(() => {
      invalidateTimer.current = null;
      void qc.invalidateQueries({ queryKey: orderQueries.lists() });
    }, INVALIDATE_DEBOUNCE_MS);
  }, [qc]);
  useEffect(() => () => void (invalidateTimer.current && clearTimeout(invalidateTimer.current)), []);

  const onEvent = useCallback(
    (e: KdsEvent) => {
      patchOrder(qc, e.Pedido);
      if (e.type === 'order.created') {
        insertOrder(qc, localId, e.Pedido);
        // Every new order with Signal chimes once (auto-accepted ones too); only Pendente ones repeat.
        // Before monitoring starts there is no sound: starting it calls every waiting order.
        if (e.Signal && monitoringRef.current) alerts.ring(e.PedidoId);
        if (e.EstadoId !== ORDER_STATE.Pendente) alerts.silence(e.PedidoId);
      } else if (e.EstadoId !== ORDER_STATE.Pendente) {
        alerts.silence(e.PedidoId);
      }
      scheduleInvalidate();
    },
    [qc, localId, alerts, scheduleInvalidate],
  );
  useLiveOrders({ localId, enabled: live, onEvent, onResync: scheduleInvalidate });

  // New orders seen by polling (stream down) chime too; a page or filter change does not.
  const seen = useRef<{ key: string; ids: Set<string> } | null>(null);
  useEffect(() => {
    if (!monitoring || !activeQ.data || activeQ.isPlaceholderData) return;
    const key = JSON.stringify(lists.active);
    const items = activeQ.data.items;
    if (!seen.current || seen.current.key !== key) {
      const starting = !seen.current;
      seen.current = { key, ids: new Set(items.map((o) => o.Id)) };
      // Monitoring just started: the orders already waiting call too (nobody heard them arrive).
      if (starting) alerts.remind(items.filter(isWaiting).map((o) => o.Id));
      return;
    }
    for (const o of items) {
      if (seen.current.ids.has(o.Id)) continue;
      seen.current.ids.add(o.Id);
      if (o.Signal) alerts.ring(o.Id);
      if (o.WorkflowInstance.CurrenteState.Id !== ORDER_STATE.Pendente) alerts.silence(o.Id);
    }
  }, [activeQ.data, activeQ.isPlaceholderData, monitoring, lists.active, alerts]);

  // -------------------------------------------------------------------------------------------
  // Queue overlay: queued changes show on their cards at once

  const records = useOutboxRecords();
  const queuePaused = useOutboxPaused();
  const byOrder = useMemo(() => recordsByOrder(records), [records]);
  const activeItems = lists.active ? activeQ.data?.items : undefined;
  const finishedItems = lists.finished ? finishedQ.data?.items : undefined;
  const entries: BoardEntry[] = useMemo(
    () => mergeLists(activeItems, finishedItems).map((o) => overlayOrder(o, byOrder.get(o.Id))),
    [activeItems, finishedItems, byOrder],
  );
  // Finished columns are paged: their headers show the true totals; open columns hold every order.
  const finishedData = lists.finished ? finishedQ.data : undefined;
  const totals = useMemo(() => new Map((finishedData?.porEtapa ?? []).map((c) => [c.EstadoId, c.Total] as const)), [finishedData]);
  const entryById = useMemo(() => new Map(entries.map((e) => [e.order.Id, e])), [entries]);

  // Monitoring resumes (the tablet woke up, the tab came back): whatever still waits calls again.
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  useEffect(() => {
    if (!monitoring) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') alerts.remind(entriesRef.current.map((e) => e.order).filter(isWaiting).map((o) => o.Id));
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [monitoring, alerts]);

  // An order that left Pendente (here or elsewhere) stops calling.
  useEffect(() => {
    alerts.retain((id) => {
      const e = entryById.get(id);
      return !e || e.order.WorkflowInstance.CurrenteState.Id === ORDER_STATE.Pendente;
    });
  }, [entryById, alerts]);

  // -------------------------------------------------------------------------------------------
  // Commands

  const [dialog, setDialog] = useState<Dialog>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const statesRef = useRef(states);
  statesRef.current = states;
  const deliveryRef = useRef({ delivery, settings });
  deliveryRef.current = { delivery, settings };
  const platform = platformName(deliverySettings?.deliveryPlatform ?? FALLBACK_DELIVERY.deliveryPlatform);
  const sandbox = !!settings?.courierSandbox;

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
          void toastError(err instanceof ApiError ? err.message : ORDER_MSG.genericError);
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
    // Printing on accept goes from this tablet, at the venue, to the local print server.
    if (r.status === 'applied' && deliveryRef.current.settings?.delivery.sendToPrinterServerOnAcceptOrder && order.EnderecoServidorLocal) {
      void resendToPrinter(accepted, { quiet: true });
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
    [runState, runOther, afterAccept],
  );

  const onOpen = useCallback(
    (order: Order) => {
      setOpenId(order.Id);
      alerts.silence(order.Id);
    },
    [alerts],
  );
  const onPrint = useCallback((order: Order) => {
    window.open(`/print/${encodeURIComponent(order.Id)}`, '_blank', 'noopener');
  }, []);

  // Dialog confirmations

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

  // -------------------------------------------------------------------------------------------
  // Store closed / store status

  const [storeNoticeDismissed, setStoreNoticeDismissed] = useState(false);
  const [openingStore, setOpeningStore] = useState(false);
  const [storeModal, setStoreModal] = useState(false);
  const [togglingStore, setTogglingStore] = useState(false);
  const market = marketQ.data;
  const storeClosed = !!market && market.ifoodIntegration && market.isOpenTime && !market.isActive && !storeNoticeDismissed;
  const openStore = async () => {
    setOpeningStore(true);
    try {
      // "Sim" reloads the board with shouldOpenStore (spec 000 §4).
      const f = lists.active ?? lists.finished ?? filters;
      const data = await fetchOrderList(localId, f, { shouldOpenStore: true });
      qc.setQueryData<KdsListResponse>(orderQueries.list(localId, f).queryKey, data);
      await qc.invalidateQueries({ queryKey: orderQueries.marketplace(localId).queryKey });
      setStoreNoticeDismissed(true);
    } catch (err) {
      void toastError(err instanceof ApiError ? err.message : ORDER_MSG.listError);
    } finally {
      setOpeningStore(false);
    }
  };
  const toggleStore = async (open: boolean) => {
    setTogglingStore(true);
    try {
      await setMarketplaceStoreOpen(localId, open);
      void toastSuccess(open ? 'Loja aberta com sucesso!' : 'Loja fechada com sucesso!');
      await qc.invalidateQueries({ queryKey: orderQueries.marketplace(localId).queryKey });
    } catch {
      void toastError(open ? 'Falha ao abrir loja!' : 'Falha ao fechar loja!');
    } finally {
      setTogglingStore(false);
    }
  };

  // -------------------------------------------------------------------------------------------
  // List errors: "Erro ao buscar os pedidos." once per failure streak (not when merely offline)

  const listErrorShown = useRef(false);
  useEffect(() => {
    if (listQ.isError && !(listQ.error instanceof ApiError && listQ.error.isNetwork)) {
      if (!listErrorShown.current) void toastError(ORDER_MSG.listError);
      listErrorShown.current = true;
    } else if (listQ.isSuccess) listErrorShown.current = false;
  }, [listQ.isError, listQ.isSuccess, listQ.error]);

  const start = () => {
    setMonitoring(true);
    setStartOpen(false);
    seen.current = null;
    void qc.invalidateQueries({ queryKey: orderQueries.lists() });
  };
  /** The one-tap fix of "sem som": this click is the gesture the browser wants before playing. */
  const enableSound = async () => {
    await chime.unlock();
    if (!monitoring) start();
    else chime.play();
  };

  const onSearch = (next: BoardSearch) => onSearchChange(next);
  const page = filters.page;
  const countTotal = (lists.active ? (activeQ.data?.countTotal ?? 0) : 0) + (lists.finished ? (finishedQ.data?.countTotal ?? 0) : 0);
  const goPage = (p: number) => onSearchChange({ ...search, pagina: p > 1 ? p : undefined });
  const [filtersOpen, setFiltersOpen] = useState(() => Object.keys(search).some((k) => k !== 'pagina'));
  const [density, setDensity] = useBoardDensity();
  const [recallOpen, setRecallOpen] = useState(false);
  const [allDayOpen, setAllDayOpen] = useState(false);
  // R (a bump bar's "recall" key) opens the recall list, unless typing or in a dialog.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.key !== 'r' && e.key !== 'R') || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (t?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      e.preventDefault();
      setRecallOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const drawerEntry = openId ? entryById.get(openId) : undefined;
  const detailQ = useQuery({ ...orderQueries.detail(openId ?? ''), enabled: !!openId && !drawerEntry });
  const drawerOrder = drawerEntry?.order ?? (openId ? (detailQ.data ?? null) : null);

  if (!localId) {
    return (
      <Center mih="50vh">
        <Text size="lg">Selecione um estabelecimento para ver o painel de pedidos.</Text>
      </Center>
    );
  }

  const data = listQ.data;
  const canToggleStore = hasAccess(session?.roles ?? '', 'IntegracaoIfoodKds');

  return (
    <Stack gap="xs" data-testid="board-page">
      <BoardToolbar
        mode={mode}
        pollSeconds={Math.round(pollMs / 1000)}
        soundOff={!monitoring || audioBlocked}
        wakeLockOn={monitoring && wakeLock === 'on'}
        countTotal={data ? countTotal : null}
        density={density}
        onDensity={setDensity}
        filtersOpen={filtersOpen}
        onToggleFilters={() => setFiltersOpen((o) => !o)}
        autoRefresh={autoRefresh}
        onAutoRefresh={setAutoRefresh}
        onEnableSound={() => void enableSound()}
        onTestSound={() => void chime.unlock().then(() => chime.play())}
        onStoreStatus={() => setStoreModal(true)}
        onRecall={() => setRecallOpen(true)}
        onAllDay={() => setAllDayOpen(true)}
        chat={chatOn ? { unread: chatQ.data?.quantidade ?? 0 } : null}
        delivery={deliverySettings}
        sandbox={sandbox}
        market={market}
      />

      <BoardBanners
        offline={mode === 'offline'}
        lastContactAt={conn.lastContactAt}
        records={records}
        queuePaused={queuePaused}
        audioBlocked={monitoring && audioBlocked}
        storageOff={storageOff}
        storeClosed={storeClosed}
        openingStore={openingStore}
        onAcknowledge={(id) => void acknowledgeRecord(id)}
        onOpenStore={() => void openStore()}
        onDismissStore={() => setStoreNoticeDismissed(true)}
        onTestSound={() => void chime.unlock().then(() => chime.play())}
      />

      {filtersOpen && (
        <FiltersForm
          search={search}
          states={states}
          tables={(tablesQ.data ?? []).map((t) => ({ value: t.Id, label: t.Nome }))}
          stores={(storesQ.data ?? []).map((s) => ({ value: s.Id, label: s.Name }))}
          onSearch={onSearch}
        />
      )}

      {!data && listQ.isPending ? (
        <Center mih="30vh">
          <Loader aria-label="Carregando pedidos" />
        </Center>
      ) : !data ? (
        <Center mih="30vh">
          <Stack align="center">
            <Text size="lg">{ORDER_MSG.listError}</Text>
            <Button size="lg" onClick={() => void listQ.refetch()}>
              Tentar novamente
            </Button>
          </Stack>
        </Center>
      ) : (
        <Board
          states={states}
          visibleStateIds={filters.etapas}
          entries={entries}
          totals={totals}
          density={density}
          delivery={delivery}
          ageWarnMinutes={settings?.ageWarnMinutes ?? DEFAULT_AGE_WARN_MINUTES}
          ageLateMinutes={settings?.ageLateMinutes ?? DEFAULT_AGE_LATE_MINUTES}
          ringing={ringing}
          onAction={onAction}
          onOpen={onOpen}
        />
      )}

      {lists.finished && (
        <Group justify="center" gap="md" role="group" aria-label="Paginação dos pedidos finalizados e recusados">
          <Button size="lg" variant="default" disabled={page <= 1} onClick={() => goPage(page - 1)}>
            Anterior
          </Button>
          <Text size="lg" fw={700} data-testid="page-number">
            Finalizados e recusados: página {page}
          </Text>
          <Button size="lg" variant="default" disabled={!finishedQ.data?.hasNext} onClick={() => goPage(page + 1)}>
            Próxima
          </Button>
        </Group>
      )}

      <AllDayDialog
        opened={allDayOpen}
        orders={activeItems ?? []}
        states={states}
        targetMinutes={settings?.ageLateMinutes ?? DEFAULT_AGE_LATE_MINUTES}
        onClose={() => setAllDayOpen(false)}
      />
      <RecallDialog opened={recallOpen} localId={localId} onClose={() => setRecallOpen(false)} />
      <StartMonitoringDialog opened={startOpen} onStart={start} onClose={() => setStartOpen(false)} />
      <AcceptDialog
        order={dialog?.kind === 'accept' ? dialog.order : null}
        defaultMinutes={deliverySettings?.deliveryTime ?? FALLBACK_DELIVERY.deliveryTime}
        onClose={closeDialog}
        onConfirm={confirmAccept}
      />
      <RefuseDialog target={dialog?.kind === 'guarded' ? { order: dialog.order, command: dialog.command } : null} onClose={closeDialog} onConfirm={confirmGuarded} />
      <CarrierDialog target={dialog?.kind === 'carrier' ? { order: dialog.order, mode: dialog.mode } : null} localId={localId} onClose={closeDialog} onConfirm={confirmCarrier} />
      <DeliveryChoiceDialog
        order={dialog?.kind === 'deliveryChoice' ? dialog.order : null}
        platform={platform}
        sandbox={sandbox}
        onClose={closeDialog}
        onPlatform={confirmPlatform}
        onOwn={chooseOwn}
      />
      <CallCourierDialog order={dialog?.kind === 'callCourier' ? dialog.order : null} platform={platform} sandbox={sandbox} onClose={closeDialog} onConfirm={confirmCallCourier} />
      <OrderDetailDrawer
        order={drawerOrder}
        mark={drawerEntry?.mark ?? null}
        states={states}
        delivery={delivery}
        onClose={() => setOpenId(null)}
        onAction={onAction}
        onPrint={onPrint}
      />
      <StoreStatusModal opened={storeModal} status={market} canToggle={canToggleStore} toggling={togglingStore} onToggle={(o) => void toggleStore(o)} onClose={() => setStoreModal(false)} />
    </Stack>
  );
}
