/**
 * The board's data: the venue's states and settings, the open orders (every one of them) and the
 * finished page, live from the moment the board opens (stream, catch-up, polling fallback), the
 * queued commands laid over their cards, and which orders chime.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KdsEvent, Order, WorkflowState } from '../../../../shared/contract/orders';
import {
  DEFAULT_CHIME_REPEAT_SECONDS,
  DEFAULT_WORKFLOW_STATES,
  KDS_INTERVAL_DEFAULT_MS,
  KDS_INTERVAL_FAST_MS,
  KDS_REFRESH_FAST_MS,
  KDS_REFRESH_MS,
  ORDER_MSG,
  ORDER_STATE,
  type DeliveryRules,
} from '../../../../shared/orders';
import { ApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';
import { connectionMode, onOnline, useConnection } from '../api/connection';
import { insertOrder, patchOrder } from '../api/order-cache';
import { bindOrderOutbox, isStorageAvailable, useOutboxPaused, useOutboxRecords } from '../api/order-commands';
import { orderQueries } from '../api/order-queries';
import type { BoardEntry } from '../components/board-column';
import { boardLists, resolveFilters, todayInSaoPaulo } from '../model/board-filters';
import type { parseBoardSearch } from '../model/board-search';
import { overlayOrder, recordsByOrder } from '../model/commands';
import { chime } from '../../../lib/chime';
import { useChimeAlerts } from './chime-alerts';
import { reevaluationClock, useClockValue } from './clock';
import { useLiveOrders } from './use-live-orders';

export const FALLBACK_DELIVERY: DeliveryRules & { deliveryTime: number; deliveryPlatform: number; allowCustomerChatVisualization: boolean } = {
  useMeepDelivery: false,
  useOwnDelivery: false,
  deliveryTimePerOrder: false,
  deliveryTime: 40,
  deliveryPlatform: 2,
  allowCustomerChatVisualization: false,
};
export const FALLBACK_STATES: WorkflowState[] = DEFAULT_WORKFLOW_STATES.map((s, i) => ({ ...s, Ordem: i + 1 }));
const INVALIDATE_DEBOUNCE_MS = 300;

const selectToday = (now: number) => todayInSaoPaulo(new Date(now));
export const isWaiting = (o: Order) => o.WorkflowInstance.CurrenteState.Id === ORDER_STATE.Pendente;

/** The open orders and the finished page together, one copy of each order (the newest version). */
export function mergeLists(a: readonly Order[] | undefined, b: readonly Order[] | undefined): Order[] {
  if (!b?.length) return (a ?? []) as Order[];
  if (!a?.length) return b as Order[];
  const byId = new Map<string, Order>();
  for (const o of [...a, ...b]) {
    const prev = byId.get(o.Id);
    if (!prev || prev.Versao < o.Versao) byId.set(o.Id, o);
  }
  return [...byId.values()];
}

/** Asks once whether IndexedDB works (the queue needs it) and binds the outbox to the query client. */
export function useStorageOff(): boolean {
  const qc = useQueryClient();
  const [storageOff, setStorageOff] = useState(false);
  useEffect(() => {
    bindOrderOutbox(qc);
    void isStorageAvailable().then((ok) => {
      setStorageOff(!ok);
      // Ask the browser not to evict the cached board and the queue under storage pressure.
      if (ok) void navigator.storage?.persist?.().catch(() => false);
    });
  }, [qc]);
  return storageOff;
}

export function useBoardData({ localId, search, monitoring, autoRefresh }: {
  localId: string;
  search: ReturnType<typeof parseBoardSearch>;
  monitoring: boolean;
  autoRefresh: boolean;
}) {
  const qc = useQueryClient();
  const today = useClockValue(selectToday, reevaluationClock);
  const filters = useMemo(() => resolveFilters(search, today), [search, today]);
  const lists = useMemo(() => boardLists(search, today), [search, today]);
  const statesQ = useQuery({ ...orderQueries.states(localId), enabled: !!localId });
  const settingsQ = useQuery({ ...orderQueries.settings(localId), enabled: !!localId });
  const marketQ = useQuery({ ...orderQueries.marketplace(localId), enabled: !!localId, refetchInterval: monitoring ? KDS_INTERVAL_DEFAULT_MS : false });
  const settings = settingsQ.data;
  const deliverySettings = settings?.delivery;
  // Kept by value: the venue's settings arriving (or refetched) with the rules the board already
  // uses must not re-render every ticket.
  const rules = deliverySettings ?? FALLBACK_DELIVERY;
  const [meep, own, perOrder] = [rules.useMeepDelivery, rules.useOwnDelivery, rules.deliveryTimePerOrder];
  const delivery: DeliveryRules = useMemo(() => ({ useMeepDelivery: meep, useOwnDelivery: own, deliveryTimePerOrder: perOrder }), [meep, own, perOrder]);
  const chatOn = !!deliverySettings?.allowCustomerChatVisualization;
  const chatQ = useQuery({ ...orderQueries.chatUnread(localId), enabled: !!localId && chatOn });
  const states = useMemo(() => [...(statesQ.data ?? FALLBACK_STATES)].sort((a, b) => a.Ordem - b.Ordem), [statesQ.data]);

  // Live from the moment the board opens: "Iniciar" only unlocks sound and the screen lock. The
  // stream stays open while automatic refresh is off (see onEvent): a paused board still hears,
  // and counts, what it is not showing.
  const live = autoRefresh;
  const streamOpen = useConnection((c) => c.stream === 'open');
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
  const mode = useConnection((c) => connectionMode(c, autoRefresh));

  const { alerts, ringing } = useChimeAlerts(settings?.repeatChime ?? true, settings?.chimeRepeatSeconds ?? DEFAULT_CHIME_REPEAT_SECONDS);

  // Live stream ---------------------------------------------------------------------------------

  const monitoringRef = useRef(monitoring);
  monitoringRef.current = monitoring;
  const pausedRef = useRef(!autoRefresh);
  pausedRef.current = !autoRefresh;
  /** Live changes that arrived while automatic refresh was off: not applied, never dropped unsaid. */
  const [missed, setMissed] = useState(0);
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
      if (pausedRef.current) {
        // Paused: the board stays as it is, the bar says how many changes wait ("Retomar" shows
        // them), and a new order still calls.
        setMissed((n) => n + 1);
        if (e.type === 'order.created' && e.Signal && monitoringRef.current && e.EstadoId === ORDER_STATE.Pendente) alerts.ring(e.PedidoId);
        return;
      }
      patchOrder(qc, e.Pedido);
      if (e.type === 'order.created') {
        insertOrder(qc, localId, e.Pedido);
        // Every new order with Signal chimes once (auto-accepted ones too); only Pendente ones repeat.
        // Before monitoring starts there is no sound: starting it calls every waiting order.
        if (e.Signal && monitoringRef.current) alerts.ring(e.PedidoId);
        if (e.EstadoId !== ORDER_STATE.Pendente) alerts.silence(e.PedidoId);
      } else if (e.EstadoId === ORDER_STATE.Recusado && e.Pedido.Signal && e.Pedido.ReasonCancellation && monitoringRef.current) {
        // The marketplace cancelled it (its cancellation sets Signal): the kitchen hears it once.
        chime.play();
        alerts.silence(e.PedidoId);
      } else if (e.EstadoId !== ORDER_STATE.Pendente) {
        alerts.silence(e.PedidoId);
      }
      scheduleInvalidate();
    },
    [qc, localId, alerts, scheduleInvalidate],
  );
  const onResync = useCallback(() => {
    if (pausedRef.current) setMissed((n) => Math.max(n, 1));
    else scheduleInvalidate();
  }, [scheduleInvalidate]);
  useLiveOrders({ localId, enabled: true, onEvent, onResync });
  /** Automatic refresh back on: what arrived meanwhile is fetched and shown. */
  const resumeLive = useCallback(() => {
    setMissed(0);
    void qc.invalidateQueries({ queryKey: orderQueries.lists() });
  }, [qc]);

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
  /** Monitoring (re)starts: forget what was seen, so every waiting order calls again. */
  const restartSeen = useCallback(() => {
    seen.current = null;
    void qc.invalidateQueries({ queryKey: orderQueries.lists() });
  }, [qc]);

  // Queue overlay: queued changes show on their cards at once --------------------------------------

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

  // List errors: "Erro ao buscar os pedidos." once per failure streak (not when merely offline).
  const listErrorShown = useRef(false);
  useEffect(() => {
    if (listQ.isError && !(listQ.error instanceof ApiError && listQ.error.isNetwork)) {
      if (!listErrorShown.current) void toastError(ORDER_MSG.listError);
      listErrorShown.current = true;
    } else if (listQ.isSuccess) listErrorShown.current = false;
  }, [listQ.isError, listQ.isSuccess, listQ.error]);

  const countTotal = (lists.active ? (activeQ.data?.countTotal ?? 0) : 0) + (lists.finished ? (finishedQ.data?.countTotal ?? 0) : 0);

  return {
    filters,
    lists,
    states,
    settings,
    deliverySettings,
    delivery,
    chatOn,
    chatUnread: chatQ.data?.quantidade ?? 0,
    market: marketQ.data,
    mode,
    pollMs,
    activeQ,
    finishedQ,
    listQ,
    activeItems,
    entries,
    entryById,
    totals,
    records,
    queuePaused,
    alerts,
    ringing,
    restartSeen,
    countTotal,
    missed,
    resumeLive,
  };
}
