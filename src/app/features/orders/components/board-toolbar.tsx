/**
 * The board's compact header (one or two lines on a 1280 tablet): title, connection, sound state
 * with its one-tap fix, order count, density, filters, auto refresh, and the rarer tools in a
 * "Mais" menu, so the columns start right below it.
 */
import { Badge, Button, Group, Text, Title, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import type { KdsDeliverySettings, MarketplaceStatus } from '../../../../shared/contract/orders';
import type { ConnectionMode } from '../api/connection';
import type { BoardDensity } from './board';
import { ChatButton, ConnectionBadge, DeliverySummary, MarketplaceIndicator, SupportButton } from './board-status';
import classes from './board.module.css';
import { MoreMenu } from './more-menu';

export interface BoardToolbarProps {
  mode: ConnectionMode;
  pollSeconds: number;
  soundOff: boolean;
  wakeLockOn: boolean;
  countTotal: number | null;
  density: BoardDensity;
  onDensity: (d: BoardDensity) => void;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
  onEnableSound: () => void;
  onTestSound: () => void;
  onStoreStatus: () => void;
  onRecall: () => void;
  onAllDay: () => void;
  chat: { unread: number } | null;
  delivery: KdsDeliverySettings | undefined;
  sandbox: boolean;
  market: MarketplaceStatus | undefined;
  /** Station screen in use (null: every station). */
  stationFilter?: React.ReactNode;
}

const DENSITIES: ReadonlyArray<{ value: BoardDensity; label: string }> = [
  { value: 'comfortable', label: 'Confortável' },
  { value: 'compact', label: 'Compacto' },
];

export function BoardToolbar(p: BoardToolbarProps) {
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  return (
    <>
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Title order={1} size="h3">
            Painel de pedidos
          </Title>
          <ConnectionBadge mode={p.mode} pollSeconds={p.pollSeconds} />
          {p.soundOff && (
            <Group gap={6} data-testid="sound-off">
              <Badge color="red" size="lg" variant="filled">
                sem som
              </Badge>
              <Button size="md" mih={48} color="red.9" onClick={p.onEnableSound}>
                Ativar som
              </Button>
            </Group>
          )}
          {!p.soundOff && p.wakeLockOn && (
            <Text size="sm" data-testid="wake-lock">
              tela sempre acesa
            </Text>
          )}
          {p.countTotal !== null && (
            <Text fw={700} data-testid="board-total">
              {p.countTotal === 1 ? '1 pedido' : `${p.countTotal} pedidos`}
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          {p.stationFilter}
          {/* Native controls (a radio group and a switch): no input library on the board's first paint. */}
          <div role="radiogroup" aria-label="Densidade dos cartões" className={classes.segmented}>
            {DENSITIES.map((d) => (
              <label key={d.value} className={classes.segment} data-checked={p.density === d.value || undefined}>
                <input type="radio" name="board-density" value={d.value} checked={p.density === d.value} onChange={() => p.onDensity(d.value)} />
                {d.label}
              </label>
            ))}
          </div>
          <Button variant="default" size="md" mih={48} onClick={p.onToggleFilters} aria-expanded={p.filtersOpen}>
            {p.filtersOpen ? 'Ocultar filtros' : 'Filtros'}
          </Button>
          <Button variant="default" size="md" mih={48} onClick={p.onRecall}>
            Recuperar pedido
          </Button>
          <label className={classes.switch}>
            <input type="checkbox" role="switch" checked={p.autoRefresh} onChange={(e) => p.onAutoRefresh(e.currentTarget.checked)} />
            Atualização automática
          </label>
          {p.chat && <ChatButton unread={p.chat.unread} />}
          <MoreMenu
            label="Mais"
            items={[
              { label: 'Contagem do dia', onClick: p.onAllDay },
              { label: 'Testar som', onClick: p.onTestSound },
              { label: dark ? 'Tema claro' : 'Tema escuro', onClick: () => setColorScheme(dark ? 'light' : 'dark') },
              { label: 'Status da loja', onClick: p.onStoreStatus },
            ]}
          />
          <SupportButton />
        </Group>
      </Group>
      {(p.delivery || p.market?.ifoodIntegration) && (
        <Group justify="space-between" align="flex-start" gap="xs">
          {p.delivery && <DeliverySummary delivery={p.delivery} sandbox={p.sandbox} />}
          {p.market?.ifoodIntegration && <MarketplaceIndicator status={p.market} />}
        </Group>
      )}
    </>
  );
}
