/**
 * /garcom: the waiter's phone (issue 18). No sidebar; one header, the content, and one big action at
 * the bottom for the thumb. Views by URL: the tables (service view), one table, its menu, its review.
 * Tables and menu come from the persisted cache first; orders and deliveries go through the waiter's
 * outbox; ready orders call (chime + vibration) until "Entregue à mesa".
 */
import { ActionIcon, Alert, Box, Button, Center, Group, Loader, Menu, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { WaiterOrder, WaiterProduct } from '../../../../shared/contract/waiter';
import { formatTime } from '../../../../shared/format';
import { ORDER_STATE } from '../../../../shared/orders';
import { BILL_MSG } from '../../../../shared/table-bill';
import { addLine, brl, type CartLine, cartProblems, cartTotalCents, lineDetails, productById, toIntakeRequest, WAITER_MSG } from '../../../../shared/waiter';
import { api } from '../../../lib/api-client';
import { clearSession, getSession } from '../../../lib/session';
import { showToast, toastError, toastSuccess } from '../../../lib/toast';
import { acknowledgeWaiterRecord, bindWaiterOutbox, submitDelivered, submitTableOrder, useWaiterRecords, type DeliveredPayload, type IntakePayload } from '../api/waiter-outbox';
import { BILL_FRESH_ON_MOUNT_MS, billQueries, useOfflineSince, waiterQueries } from '../api/waiter-queries';
import { enableSound, useReadyAlerts, useSoundBlocked } from '../hooks/ready-alerts';
import { useCarts } from '../hooks/use-carts';
import { useWaiterLive, WAITER_FALLBACK_POLL_MS } from '../hooks/use-waiter-live';
import { PULL_THRESHOLD_PX, usePullToRefresh } from '../hooks/use-pull-to-refresh';
import { BillView } from './bill-view';
import { MenuView } from './menu-view';
import { ProductSheet } from './product-sheet';
import { ReviewView } from './review-view';
import { TablesView } from './tables-view';
import { TableView } from './table-view';

export interface WaiterSearch {
  mesa?: string;
  tela?: 'pedido' | 'revisao' | 'conta';
}

const sameScreen = (a: WaiterSearch, b: WaiterSearch) => a.mesa === b.mesa && a.tela === b.tela;

export function WaiterPage({ search: routed, onNavigate, onSignedOut }: { search: WaiterSearch; onNavigate: (s: WaiterSearch) => void; onSignedOut: () => void }) {
  const qc = useQueryClient();
  // "Conta" switches to the bill in the tap's own task; the router's navigation (the URL is pushed at
  // once, its beforeLoad and render follow asynchronously) catches up right after (bench: table-bill).
  // The switch holds only while the router still shows the screen it was made from.
  const [opening, setOpening] = useState<{ from: WaiterSearch; to: WaiterSearch } | null>(null);
  if (opening && !sameScreen(routed, opening.from)) setOpening(null);
  const search = opening && sameScreen(routed, opening.from) ? opening.to : routed;
  const session = getSession();
  const localId = session?.currentLocation?.localId ?? '';
  // Live: ready orders arrive by the event stream; the tables poll (slowly) only while it is down.
  const live = useWaiterLive(localId);
  const tablesQ = useQuery({ ...waiterQueries.tables(localId), enabled: !!localId, refetchInterval: live ? false : WAITER_FALLBACK_POLL_MS });
  const menuQ = useQuery({ ...waiterQueries.menu(localId), enabled: !!localId });
  const records = useWaiterRecords();
  const offlineSince = useOfflineSince();
  const soundBlocked = useSoundBlocked();
  const { cartOf, setCart } = useCarts();
  const [picked, setPicked] = useState<WaiterProduct | null>(null);
  const [sending, setSending] = useState(false);
  const [delivering, setDelivering] = useState<Set<string>>(new Set());
  const [showProblems, setShowProblems] = useState(false);

  useEffect(() => bindWaiterOutbox(qc), [qc]);

  const refresh = useCallback(() => {
    void qc.invalidateQueries({ queryKey: ['orders', 'waiter'] });
    void qc.invalidateQueries({ queryKey: ['products', 'waiter-menu'] });
  }, [qc]);
  const pull = usePullToRefresh(refresh);

  const queuedDelivered = useMemo(() => new Set(records.filter((r) => r.command === 'delivered' && r.status !== 'failed' && r.status !== 'conflict').map((r) => r.orderId)), [records]);
  const deliveryOf = useCallback((id: string) => (queuedDelivered.has(id) ? (delivering.has(id) ? 'sending' : 'queued') : 'idle') as 'idle' | 'sending' | 'queued', [queuedDelivered, delivering]);
  const intakes = useMemo(() => records.filter((r) => r.command === 'intake'), [records]);
  const pendingByTable = useMemo(() => {
    const m = new Map<string, number>();
    for (const r of intakes) {
      const t = (r.payload as IntakePayload).tableId;
      m.set(t, (m.get(t) ?? 0) + 1);
    }
    return m;
  }, [intakes]);

  const data = tablesQ.data;
  const allOrders = useMemo(() => data?.Mesas.flatMap((m) => m.Pedidos) ?? [], [data]);
  const ready = allOrders.filter((o) => o.Pronto && !queuedDelivered.has(o.Id));
  const waiting = useMemo(() => new Map(ready.map((o) => [o.Id, o.Codigo])), [ready]);
  useReadyAlerts(waiting);

  const table = search.mesa ? data?.Mesas.find((m) => m.Id === search.mesa) : undefined;
  const tableQueued = useMemo(() => intakes.filter((r) => (r.payload as IntakePayload).tableId === table?.Id), [intakes, table?.Id]);
  const cart = table ? cartOf(table.Id) : null;
  const menu = menuQ.data;
  const itemCount = cart?.lines.reduce((s, l) => s + l.quantity, 0) ?? 0;
  const total = cart && menu ? cartTotalCents(menu, cart.lines) : 0;

  const onDelivered = async (o: WaiterOrder) => {
    setDelivering((s) => new Set(s).add(o.Id));
    const payload: DeliveredPayload = { body: { PedidoId: o.Id, ExpectedStateId: ORDER_STATE.EmTransporte }, codigo: o.Codigo, tableId: o.MesaId };
    const r = await submitDelivered(payload, `Entrega do pedido #${o.Codigo}`);
    setDelivering((s) => {
      const n = new Set(s);
      n.delete(o.Id);
      return n;
    });
    if (r.status === 'applied') void toastSuccess(WAITER_MSG.deliveredOk(o.Codigo));
    else if (r.status === 'queued') void showToast({ color: 'yellow', message: WAITER_MSG.deliveredQueued(o.Codigo) });
    else {
      void toastError(r.message);
      await acknowledgeWaiterRecord(r.id);
    }
    refresh();
  };

  const onDeliveredRef = useRef(onDelivered);
  onDeliveredRef.current = onDelivered;
  const onDeliveredVoid = useCallback((o: WaiterOrder) => void onDeliveredRef.current(o), []);
  const discardRecord = useCallback((id: string) => void acknowledgeWaiterRecord(id), []);

  const closeSheet = useCallback(() => setPicked(null), []);
  const tableId = table?.Id;
  const addPicked = useCallback(
    (line: CartLine) => {
      if (!tableId) return;
      setCart(tableId, (c) => ({ ...c, tableId, lines: addLine(c.lines, line) }));
      setPicked(null);
    },
    [tableId, setCart],
  );

  const send = async () => {
    if (!table || !cart || !menu) return;
    const problems = cartProblems(menu, cart);
    setShowProblems(true);
    if (problems.length) return;
    setSending(true);
    const payload: IntakePayload = {
      request: toIntakeRequest(localId, table.Nome, menu, cart),
      tableId: table.Id,
      tableName: table.Nome,
      totalCents: total,
      summary: cart.lines.map((l) => {
        const p = productById(menu, l.productId)!;
        const d = lineDetails(p, l);
        return `${l.quantity}x ${p.Nome}${d.length ? ` (${d.join('; ')})` : ''}`;
      }),
    };
    const r = await submitTableOrder(payload, `Pedido da ${table.Nome}`);
    setSending(false);
    if (r.status === 'failed' || r.status === 'conflict') {
      void toastError(r.message);
      return;
    }
    setCart(table.Id, () => ({ tableId: table.Id, lines: [], note: '' }));
    setShowProblems(false);
    if (r.status === 'applied') void toastSuccess(WAITER_MSG.sent(table.Nome));
    else void showToast({ color: 'yellow', message: WAITER_MSG.queued(table.Nome) });
    onNavigate({ mesa: table.Id });
  };

  // Stable, so the memoised header does not re-render when only the view changes (bench: table-bill).
  const signedOut = useRef(onSignedOut);
  signedOut.current = onSignedOut;
  const signOut = useCallback(async () => {
    try {
      await api('api/Account/Logout', { method: 'POST' });
    } catch {
      // Signing out works offline too; the token expires on its own.
    }
    clearSession();
    signedOut.current();
  }, []);

  const view = !search.mesa ? 'mesas' : search.tela === 'pedido' ? 'pedido' : search.tela === 'revisao' ? 'revisao' : search.tela === 'conta' ? 'conta' : 'mesa';
  const title = view === 'mesas' ? WAITER_MSG.title : !table ? 'Mesa' : view === 'pedido' ? `${table.Nome} · Cardápio` : view === 'revisao' ? `${table.Nome} · Revisão` : view === 'conta' ? BILL_MSG.title(table.Nome) : table.Nome;
  const navigateRef = useRef(onNavigate);
  navigateRef.current = onNavigate;
  const back = useCallback(
    () => navigateRef.current(view === 'mesa' ? {} : view === 'revisao' ? { mesa: search.mesa, tela: 'pedido' } : { mesa: search.mesa }),
    [view, search.mesa],
  );
  const pendingCount = records.filter((r) => r.status === 'pending' || r.status === 'sending').length;
  // Under the bill, the footer keeps the table's buttons (hidden): the bill only opens from the table.
  const footerView = view === 'conta' ? 'mesa' : view;
  const routedRef = useRef(routed);
  routedRef.current = routed;
  // The bill's request leaves when the finger touches "Conta", while the tap completes and the screen
  // switches (bench: table-bill); opening reuses it (in flight, or under 2 s old).
  const prefetchBill = useCallback(() => {
    if (tableId) void qc.prefetchQuery(billQueries.bill(localId, tableId));
  }, [qc, localId, tableId]);
  const openBill = useCallback(() => {
    if (!tableId) return;
    void qc.prefetchQuery({ ...billQueries.bill(localId, tableId), staleTime: BILL_FRESH_ON_MOUNT_MS });
    const to: WaiterSearch = { mesa: tableId, tela: 'conta' };
    setOpening({ from: routedRef.current, to });
    navigateRef.current(to);
  }, [qc, localId, tableId]);

  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <WaiterHeader title={title} place={session?.currentLocation?.nomeLocal} userName={session?.userName} onBack={view !== 'mesas' ? back : null} onRefresh={refresh} onSignOut={signOut} />

      {offlineSince || pendingCount ? (
        <Group px="sm" py={6} gap="xs" bg={offlineSince ? 'red.9' : 'gray.8'} c="white" data-testid="connection-bar" style={{ position: 'sticky', top: 61, zIndex: 9 }}>
          {offlineSince ? (
            <Text size="sm" fw={700} data-testid="offline-badge">
              {WAITER_MSG.offline} desde {formatTime(offlineSince)}
            </Text>
          ) : null}
          {pendingCount ? (
            <Text size="sm" fw={700} data-testid="outbox-count">
              {pendingCount} {pendingCount === 1 ? 'envio' : 'envios'} na fila
            </Text>
          ) : null}
        </Group>
      ) : null}

      {pull > 0 ? (
        <Center h={pull} aria-hidden>
          <Text size="sm" c="dimmed">
            {pull >= PULL_THRESHOLD_PX ? 'Solte para atualizar' : 'Puxe para atualizar'}
          </Text>
        </Center>
      ) : null}

      <Box component="main" p="sm" pb={110}>
        {soundBlocked ? (
          <Alert color="yellow" mb="sm" title="Som desativado">
            <Text size="sm">Toque para ouvir quando um pedido ficar pronto.</Text>
            <Button mt="xs" size="lg" color="yellow.9" onClick={() => void enableSound()}>
              Ativar som
            </Button>
          </Alert>
        ) : null}
        {!localId ? <Text>Nenhum estabelecimento selecionado.</Text> : null}
        {tablesQ.isPending && localId ? (
          <Center py="xl">
            <Loader aria-label="Carregando mesas" />
          </Center>
        ) : null}
        {tablesQ.isError && !data ? (
          <Alert color="red" title="Não foi possível carregar as mesas">
            <Text size="sm">{tablesQ.error.message}</Text>
            <Button mt="xs" size="lg" onClick={refresh}>
              Tentar novamente
            </Button>
          </Alert>
        ) : null}
        {data && view === 'mesas' ? (
          <TablesView data={data} ready={ready} pendingByTable={pendingByTable} deliveryOf={deliveryOf} onDelivered={(o) => void onDelivered(o)} onOpenTable={(id) => onNavigate({ mesa: id })} />
        ) : null}
        {data && search.mesa && !table ? <Text>Mesa não encontrada neste estabelecimento.</Text> : null}
        {table && (view === 'mesa' || view === 'conta') ? (
          // The table's screen stays mounted (hidden) under its bill: the bill opens without
          // unmounting the order cards, and "Voltar" shows them again at once (bench: table-bill).
          <Activity mode={view === 'mesa' ? 'visible' : 'hidden'}>
            <TableView table={table} queued={tableQueued} deliveryOf={deliveryOf} onDelivered={onDeliveredVoid} onDiscard={discardRecord} />
          </Activity>
        ) : null}
        {table && (view === 'pedido' || view === 'revisao') && !menu ? (
          menuQ.isError ? (
            <Alert color="red" title="Não foi possível carregar o cardápio">
              <Text size="sm">{menuQ.error.message}</Text>
            </Alert>
          ) : (
            <Center py="xl">
              <Loader aria-label="Carregando cardápio" />
            </Center>
          )
        ) : null}
        {table && view === 'pedido' && menu ? <MenuView menu={menu} onPick={setPicked} /> : null}
        {table && view === 'conta' ? <BillView localId={localId} tableId={table.Id} onClosed={() => onNavigate({})} /> : null}
        {table && cart && view === 'revisao' && menu ? (
          <ReviewView menu={menu} cart={cart} problems={showProblems ? cartProblems(menu, cart) : []} onChange={(u) => setCart(table.Id, u)} />
        ) : null}
      </Box>

      {table ? (
        // Hidden, not removed, under the bill (as the table screen): the switch only hides it, and
        // "Voltar" shows it again as it was (bench: table-bill). While hidden it keeps the table's buttons.
        <Activity mode={view === 'conta' ? 'hidden' : 'visible'}>
          <Box p="sm" style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 10, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            {footerView === 'mesa' ? (
              <Group gap="xs" wrap="nowrap">
                <BillButton onPrefetch={prefetchBill} onOpen={openBill} />
                <Button size="xl" style={{ flex: 1 }} color="orange.9" onClick={() => onNavigate({ mesa: table.Id, tela: itemCount ? 'revisao' : 'pedido' })} styles={{ label: { whiteSpace: 'normal' } }}>
                  {itemCount ? `Continuar pedido · ${itemCount} ${itemCount === 1 ? 'item' : 'itens'}` : WAITER_MSG.newOrder}
                </Button>
              </Group>
            ) : null}
            {footerView === 'pedido' ? (
              <Button size="xl" fullWidth color="orange.9" disabled={!itemCount} onClick={() => onNavigate({ mesa: table.Id, tela: 'revisao' })} styles={{ label: { whiteSpace: 'normal' } }}>
                {itemCount ? `Revisar · ${itemCount} ${itemCount === 1 ? 'item' : 'itens'} · ${brl(total)}` : WAITER_MSG.review}
              </Button>
            ) : null}
            {footerView === 'revisao' ? (
              <>
                <Group justify="space-between" mb={6}>
                  <Text fw={700}>Total</Text>
                  <Text fw={800} size="lg" data-testid="cart-total">
                    {brl(total)}
                  </Text>
                </Group>
                <Button size="xl" fullWidth color="green.9" loading={sending} onClick={() => void send()}>
                  {WAITER_MSG.send}
                </Button>
              </>
            ) : null}
          </Box>
        </Activity>
      ) : null}

      <ProductSheet product={picked} onClose={closeSheet} onAdd={addPicked} />
    </Box>
  );
}

/**
 * "Conta". The bill's request leaves when the finger touches it (pointerdown). A touch opens the bill
 * when the finger lifts on the button (pointerup), as the click would, without waiting for what the
 * browser runs between the two (the tap gesture, a style and paint of the pressed button, the touch's
 * mouse compatibility events, then the click: 60–150 ms on a mid-range phone, bench: table-bill); that
 * touch's click is then cancelled (preventDefault on its touchend), so it can never land on what the
 * bill shows where the button was ("Fechar mesa" is in the same place). A mouse, a pen, the keyboard
 * and assistive technology open it with the click, as before.
 */
const BillButton = memo(function BillButton({ onPrefetch, onOpen }: { onPrefetch: () => void; onOpen: () => void }) {
  // When a touch opened the bill (page clock), so that touch's own click, should one still come, is ignored.
  const openedByTouchAt = useRef(-Infinity);
  return (
    <Button
      size="xl"
      color="dark"
      variant="outline"
      onPointerDown={(e) => {
        openedByTouchAt.current = -Infinity;
        onPrefetch();
        if (e.pointerType !== 'touch' || !e.isPrimary) return;
        // On the element itself and for this touch only (not through a ref, which React detaches when the
        // footer is hidden under the bill): the touchend still comes to the button after it is hidden.
        const el = e.currentTarget;
        const done = () => {
          el.removeEventListener('touchend', onEnd);
          el.removeEventListener('touchcancel', done);
        };
        const onEnd = (t: TouchEvent) => {
          done();
          if (openedByTouchAt.current > -Infinity && t.cancelable) {
            t.preventDefault();
            openedByTouchAt.current = -Infinity;
          }
        };
        el.addEventListener('touchend', onEnd, { passive: false });
        el.addEventListener('touchcancel', done);
      }}
      onPointerUp={(e) => {
        if (e.pointerType !== 'touch' || !e.isPrimary) return;
        // A finger that slid off the button (a touch's pointer stays captured by it) is not a tap.
        const r = e.currentTarget.getBoundingClientRect();
        if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) return;
        openedByTouchAt.current = performance.now();
        onOpen();
      }}
      onClick={() => {
        if (performance.now() - openedByTouchAt.current < 1000) return;
        onOpen();
      }}
    >
      {BILL_MSG.open}
    </Button>
  );
});

/**
 * The sticky header: back, the screen's title and the venue, and the "Mais opções" menu. Memoised
 * (with the menu on its own), so switching screens re-renders the title only, not the Menu and its
 * Popover (bench: table-bill).
 */
const WaiterHeader = memo(function WaiterHeader({
  title,
  place,
  userName,
  onBack,
  onRefresh,
  onSignOut,
}: {
  title: string;
  place: string | undefined;
  userName: string | undefined;
  onBack: (() => void) | null;
  onRefresh: () => void;
  onSignOut: () => Promise<void>;
}) {
  return (
    <Box
      component="header"
      px="sm"
      py={6}
      style={{ position: 'sticky', top: 0, zIndex: 10, background: 'var(--mantine-color-body)', borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {onBack ? (
            <ActionIcon size={48} variant="subtle" color="dark" aria-label="Voltar" onClick={onBack}>
              <Text size="xl" fw={800} aria-hidden>
                ←
              </Text>
            </ActionIcon>
          ) : null}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={1} size="h3" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {title}
            </Title>
            <Text size="xs" c="dimmed" truncate>
              {place}
            </Text>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          <MoreMenu userName={userName} onRefresh={onRefresh} onSignOut={onSignOut} />
        </Group>
      </Group>
    </Box>
  );
});

const MoreMenu = memo(function MoreMenu({ userName, onRefresh, onSignOut }: { userName: string | undefined; onRefresh: () => void; onSignOut: () => Promise<void> }) {
  const menuLabelId = useId();
  return (
    // No initial-focus placeholder: it is a focusable div inside role=menu (axe: aria-required-children); the arrows still walk the items.
    <Menu position="bottom-end" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon size={48} variant="subtle" color="dark" aria-label="Mais opções">
          <Text size="xl" fw={800} aria-hidden>
            ⋮
          </Text>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu may only own items and groups (axe: aria-required-children): the name labels a group. */}
        <div role="group" aria-labelledby={menuLabelId}>
          <Menu.Label id={menuLabelId}>{userName}</Menu.Label>
          <Menu.Item onClick={onRefresh} mih={48}>
            Atualizar
          </Menu.Item>
          <Menu.Item onClick={() => void enableSound()} mih={48}>
            Testar som
          </Menu.Item>
          {/* red.9: Mantine's default red reads 3.3:1 on white; AA needs 4.5:1. */}
          <Menu.Item color="red.9" onClick={() => void onSignOut()} mih={48}>
            Sair
          </Menu.Item>
        </div>
      </Menu.Dropdown>
    </Menu>
  );
});
