/**
 * /meepFood/painel: the kitchen board. Puts together the data (useBoardData), the commands
 * (useBoardCommands), the toolbar, banners and columns; the dialogs, the drawer and the filters load
 * on first use, so the board's first paint carries only what draws it.
 */
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { Order } from '../../../../shared/contract/orders';
import { hasAccess } from '../../../../shared/roles';
import { DEFAULT_AGE_LATE_MINUTES, DEFAULT_AGE_WARN_MINUTES, ORDER_MSG } from '../../../../shared/orders';
import { getSession } from '../../../lib/session';
import { localStore } from '../../../lib/local-store';
import { acknowledgeRecord } from '../api/order-commands';
import { orderQueries } from '../api/order-queries';
import { chime, useAudioBlocked } from '../../../lib/chime';
import { useBoardCommands } from '../hooks/use-board-commands';
import { FALLBACK_DELIVERY, useBoardData, useStorageOff } from '../hooks/use-board-data';
import { useBoardDensity } from '../hooks/use-board-density';
import { useStoreStatus } from '../hooks/use-store-status';
import { useWakeLock } from '../hooks/use-wake-lock';
import type { BoardSearch } from '../model/board-filters';
import { parseBoardSearch } from '../model/board-search';
import { platformName } from '../model/board-rules';
import { boardStations, EXPEDITOR, ordersForStation } from '../model/stations';
import { Board } from './board';
import { BoardBanners } from './board-banners';
import { KioskBar, type StateCount } from './kiosk-bar';
import { SoundOverlay } from './sound-overlay';
import { StationSelect } from './station-select';
import { PausedBanner } from './paused-banner';
import { useTicketFocusReturn } from '../hooks/use-ticket-focus-return';
import { StartMonitoringDialog } from './start-monitoring-dialog';
import classes from './board.module.css';
import { IfoodBoardWatch } from './ifood-board-watch';

const BoardDialogs = lazy(() => import('./board-dialogs'));
const loadMenu = () => import('./board-menu');
const BoardMenu = lazy(loadMenu);

/** Where the shell puts a page's own bar (app-shell's PAGE_BAR_ID), so the board has one bar. */
const PAGE_BAR_ID = 'shell-page-bar';
/** The role `POST api/kds/configuracao` asks for (the food configuration's): managers, not the kitchen tablet. */
const BOARD_SETTINGS_ROLE = 'MeepFoodConfiguration';
/** The device remembers that monitoring was started: after a reload it resumes without the dialog. */
export const MONITORING_KEY = 'balcao.orders.monitoring';

/** The shell's slot for the page's bar, once it is in the page (null: the bar goes at the top of the page). */
function usePageBarSlot(): HTMLElement | null {
  return useSyncExternalStore(
    noSubscribe,
    () => document.getElementById(PAGE_BAR_ID),
    () => null,
  );
}
const noSubscribe = () => () => {};
const FiltersForm = lazy(() => import('./filters-form').then((m) => ({ default: m.FiltersForm })));

export interface OrderBoardPageProps {
  /** The URL's search parameters (strings as the route let them through). */
  urlSearch: BoardSearch;
  /** Replaces the URL's search parameters (filters, page). */
  onSearchChange: (next: BoardSearch) => void;
}

/** R (a bump bar's "recall" key) calls `open`, unless typing or in a dialog. */
function useRecallKey(open: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.key !== 'r' && e.key !== 'R') || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (t?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      e.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

export function OrderBoardPage({ urlSearch, onSearchChange }: OrderBoardPageProps) {
  // Drops what the URL cannot mean (bad dates, unknown states), so the filters and the form agree.
  const search = useMemo(() => parseBoardSearch(urlSearch as Record<string, unknown>), [urlSearch]);
  const session = getSession();
  const localId = session?.currentLocation?.localId ?? '';

  const storageOff = useStorageOff();
  // Started on this device before (a reload, a power blip): monitoring resumes on its own.
  const [remembered] = useState(() => localStore.get(MONITORING_KEY) === '1');
  const [monitoring, setMonitoring] = useState(remembered);
  const [startOpen, setStartOpen] = useState(!remembered);
  const [autoRefresh, setAutoRefresh] = useState(true);
  const wakeLock = useWakeLock(monitoring);
  const audioBlocked = useAudioBlocked();

  const d = useBoardData({ localId, search, monitoring, autoRefresh });
  const { restartSeen } = d;
  useEffect(() => {
    if (!remembered) return;
    // Resumed as a start would: the lists are fetched again (so a lost connection shows at once) and
    // every waiting order calls; sound without a tap where the browser allows it, else "Toque para
    // reativar o som" (audioBlocked).
    restartSeen();
    void chime.resumeWithoutGesture();
  }, [remembered, restartSeen]);
  const platform = platformName(d.deliverySettings?.deliveryPlatform ?? FALLBACK_DELIVERY.deliveryPlatform);
  const sandbox = !!d.settings?.courierSandbox;
  const cmd = useBoardCommands({ states: d.states, delivery: d.delivery, settings: d.settings, platform });
  const store = useStoreStatus(localId, d.market, d.lists.active ?? d.lists.finished ?? d.filters);

  const [openId, setOpenId] = useState<string | null>(null);
  // The order this tablet acts on: its column follows it (the board's and the drawer's actions).
  const follow = useRef<string | null>(null);
  const { alerts } = d;
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

  const start = () => {
    localStore.set(MONITORING_KEY, '1');
    setMonitoring(true);
    setStartOpen(false);
    d.restartSeen();
  };
  /** The one-tap fix of "sem som": this click is the gesture the browser wants before playing. */
  const enableSound = async () => {
    await chime.unlock();
    if (!monitoring) start();
    else chime.play();
  };
  const resume = () => {
    setAutoRefresh(true);
    d.resumeLive();
  };
  const testSound = () => void chime.unlock().then(() => chime.play());

  const page = d.filters.page;
  const goPage = (p: number) => onSearchChange({ ...search, pagina: p > 1 ? p : undefined });
  const [filtersOpen, setFiltersOpen] = useState(() => Object.keys(search).some((k) => k !== 'pagina' && k !== 'estacao'));
  // Station screen (URL `estacao`): a station's orders and items, or the expeditor.
  const station = search.estacao ?? null;
  const stations = useMemo(() => boardStations(d.entries.map((e) => e.order)), [d.entries]);
  const shown = useMemo(() => ordersForStation(d.entries, station), [d.entries, station]);
  const setStation = (s: string | null) => onSearchChange({ ...search, estacao: s ?? undefined });
  // Choosing a screen is what the menu was opened for: it closes on the new screen.
  const chooseStation = (s: string | null) => {
    setStation(s);
    setMenuOpen(false);
  };
  const [density, setDensity] = useBoardDensity();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  if (menuOpen && !menuWanted) setMenuWanted(true);
  const [recallOpen, setRecallOpen] = useState(false);
  const [allDayOpen, setAllDayOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const canConfigure = hasAccess(session?.roles ?? '', BOARD_SETTINGS_ROLE);
  useRecallKey(useCallback(() => setRecallOpen(true), []));

  // The bar's counts: the orders of each column on screen (a station's, when one is chosen).
  const counts: StateCount[] = useMemo(() => {
    const n = new Map<number, number>();
    for (const e of shown) {
      const id = e.order.WorkflowInstance.CurrenteState.Id;
      n.set(id, (n.get(id) ?? 0) + 1);
    }
    const ids = d.filters.etapas;
    // The board's columns: the states the filter checked, and any other while it holds an order.
    return d.states
      .filter((st) => ids.length === 0 || ids.includes(st.Id) || n.has(st.Id))
      .map((st) => ({ id: st.Id, name: st.Name, color: st.BackgroundColor, count: d.listQ.data ? Math.max(n.get(st.Id) ?? 0, d.totals.get(st.Id) ?? 0) : null }));
  }, [shown, d.states, d.filters.etapas, d.totals, d.listQ.data]);
  const slot = usePageBarSlot();
  const silent = monitoring && audioBlocked;

  useTicketFocusReturn(cmd.dialog !== null || openId !== null);

  const drawerEntry = openId ? d.entryById.get(openId) : undefined;
  const detailQ = useQuery({ ...orderQueries.detail(openId ?? ''), enabled: !!openId && !drawerEntry });
  const drawerOrder = drawerEntry?.order ?? (openId ? (detailQ.data ?? null) : null);

  // The dialogs' chunk loads the first time one is wanted, then stays (so closing can animate).
  const [dialogsWanted, setDialogsWanted] = useState(false);
  if (!dialogsWanted && (cmd.dialog !== null || openId !== null || recallOpen || allDayOpen || settingsOpen || store.modalOpen)) setDialogsWanted(true);

  if (!localId) {
    return (
      <Center mih="50vh">
        <Text size="lg">Selecione um estabelecimento para ver o painel de pedidos.</Text>
      </Center>
    );
  }

  const { listQ } = d;
  const data = listQ.data;

  return (
    <Stack gap={4} data-testid="board-page" className={classes.page}>
      {(() => {
        const bar = (
          <KioskBar
            mode={d.mode}
            pollSeconds={Math.round(d.pollMs / 1000)}
            missed={d.missed}
            onResume={resume}
            counts={counts}
            countTotal={data ? d.countTotal : null}
            soundOff={!monitoring || audioBlocked}
            wakeLockOn={monitoring && wakeLock === 'on'}
            onEnableSound={() => void enableSound()}
            menuOpen={menuOpen}
            onMenu={() => setMenuOpen(true)}
            onMenuIntent={() => void loadMenu()}
            chatUnread={d.chatOn ? d.chatUnread : 0}
            station={station === EXPEDITOR ? 'Expedição' : station}
          />
        );
        return slot ? createPortal(bar, slot) : bar;
      })()}

      <IfoodBoardWatch localId={localId} orders={d.entryById.values()} monitoring={monitoring} />
      {d.mode === 'paused' && <PausedBanner missed={d.missed} onResume={resume} />}
      <BoardBanners
        offline={d.mode === 'offline'}
        records={d.records}
        queuePaused={d.queuePaused}
        storageOff={storageOff}
        storeClosed={store.closed}
        openingStore={store.opening}
        onAcknowledge={(id) => void acknowledgeRecord(id)}
        onOpenStore={() => void store.openStore()}
        onDismissStore={store.dismissNotice}
      />

      {filtersOpen && (
        <Suspense fallback={<Loader size="sm" aria-label="Carregando filtros" />}>
          <BoardFilters localId={localId} search={search} states={d.states} onSearch={onSearchChange} />
        </Suspense>
      )}

      {!data && !listQ.isPending ? (
        <Center mih="30vh">
          <Stack align="center">
            <Text size="lg">{ORDER_MSG.listError}</Text>
            <Button size="lg" onClick={() => void listQ.refetch()}>
              Tentar novamente
            </Button>
          </Stack>
        </Center>
      ) : (
        // While the orders load, the board is laid out empty (its columns say so): their lists know
        // their height before the first orders arrive, and the cards appear in one pass.
        <Board
          states={d.states}
          visibleStateIds={d.filters.etapas}
          loading={!data}
          entries={shown}
          totals={d.totals}
          density={density}
          delivery={d.delivery}
          ageWarnMinutes={d.settings?.ageWarnMinutes ?? DEFAULT_AGE_WARN_MINUTES}
          ageLateMinutes={d.settings?.ageLateMinutes ?? DEFAULT_AGE_LATE_MINUTES}
          ringing={d.ringing}
          onAction={cmd.onAction}
          onOpen={onOpen}
          station={station}
          onRush={cmd.toggleRush}
          onBump={cmd.bumpItem}
          silent={silent}
          follow={follow}
        />
      )}

      {d.lists.finished && (
        <Group justify="center" gap="md" role="group" aria-label="Paginação dos pedidos finalizados e recusados">
          <Button size="lg" variant="default" disabled={page <= 1} onClick={() => goPage(page - 1)}>
            Anterior
          </Button>
          <Text size="lg" fw={700} data-testid="page-number">
            Finalizados e recusados: página {page}
          </Text>
          <Button size="lg" variant="default" disabled={!d.finishedQ.data?.hasNext} onClick={() => goPage(page + 1)}>
            Próxima
          </Button>
        </Group>
      )}

      <StartMonitoringDialog opened={startOpen} onStart={start} onClose={() => setStartOpen(false)} />
      {silent && !startOpen && <SoundOverlay waiting={d.ringing.size} onTap={() => void enableSound()} />}
      {menuWanted && (
        <Suspense fallback={null}>
          <BoardMenu
            opened={menuOpen}
            onClose={() => setMenuOpen(false)}
            stationFilter={<StationSelect value={station} stations={stations} onChange={chooseStation} />}
            density={density}
            onDensity={setDensity}
            filtersOpen={filtersOpen}
            onToggleFilters={() => setFiltersOpen((o) => !o)}
            autoRefresh={autoRefresh}
            onAutoRefresh={(on) => (on ? resume() : setAutoRefresh(false))}
            onRecall={() => setRecallOpen(true)}
            onAllDay={() => setAllDayOpen(true)}
            onTestSound={testSound}
            onStoreStatus={() => store.setModalOpen(true)}
            onSettings={canConfigure ? () => setSettingsOpen(true) : undefined}
            chat={d.chatOn ? { unread: d.chatUnread } : null}
            delivery={d.deliverySettings}
            sandbox={sandbox}
            market={d.market}
          />
        </Suspense>
      )}
      {dialogsWanted && (
        <Suspense fallback={null}>
          <BoardDialogs
            localId={localId}
            states={d.states}
            delivery={d.delivery}
            settings={d.settings}
            defaultMinutes={d.deliverySettings?.deliveryTime ?? FALLBACK_DELIVERY.deliveryTime}
            platform={platform}
            sandbox={sandbox}
            dialog={cmd.dialog}
            onCloseDialog={cmd.closeDialog}
            onConfirmAccept={cmd.confirmAccept}
            onConfirmGuarded={cmd.confirmGuarded}
            onConfirmCarrier={cmd.confirmCarrier}
            onConfirmPlatform={cmd.confirmPlatform}
            onChooseOwn={cmd.chooseOwn}
            onConfirmCallCourier={cmd.confirmCallCourier}
            drawer={{ order: drawerOrder, mark: drawerEntry?.mark ?? null, onClose: () => setOpenId(null), onAction: (a, o) => { follow.current = o.Id; cmd.onAction(a, o); }, onPrint, onRush: (o) => { follow.current = o.Id; cmd.toggleRush(o); } }}
            allDay={{ opened: allDayOpen, orders: d.activeItems ?? [], targetMinutes: d.settings?.ageLateMinutes ?? DEFAULT_AGE_LATE_MINUTES, onClose: () => setAllDayOpen(false) }}
            recall={{ opened: recallOpen, onClose: () => setRecallOpen(false) }}
            boardSettings={{ opened: settingsOpen, stations, onClose: () => setSettingsOpen(false) }}
            store={{
              opened: store.modalOpen,
              status: d.market,
              canToggle: hasAccess(session?.roles ?? '', 'IntegracaoIfoodKds'),
              toggling: store.toggling,
              onToggle: (o) => void store.toggleStore(o),
              onClose: () => store.setModalOpen(false),
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** The filters, with the venue's tables and stores (fetched only while the filters are open). */
function BoardFilters({ localId, search, states, onSearch }: { localId: string; search: ReturnType<typeof parseBoardSearch>; states: ReturnType<typeof useBoardData>['states']; onSearch: (next: BoardSearch) => void }) {
  const tablesQ = useQuery({ ...orderQueries.tables(localId), enabled: !!localId });
  const storesQ = useQuery({ ...orderQueries.stores(localId), enabled: !!localId });
  return (
    <FiltersForm
      search={search}
      states={states}
      tables={(tablesQ.data ?? []).map((t) => ({ value: t.Id, label: t.Nome }))}
      stores={(storesQ.data ?? []).map((s) => ({ value: s.Id, label: s.Name }))}
      onSearch={onSearch}
    />
  );
}
