/**
 * "Menu do painel": every tool of the board that is not needed at every moment, behind the slim
 * bar's one "Menu" button: the station screen, the card density, the filters, recall, the day's
 * counts, chat, sound test, theme, store status, automatic refresh, this tablet's USB printer,
 * delivery setup, marketplace and support. A native modal <dialog> sliding from the right (focus kept inside, Escape closes); its code
 * loads on the first open, so none of it weighs on the board's first paint.
 */
import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { type ReactNode } from 'react';
import type { KdsDeliverySettings, MarketplaceStatus } from '../../../../shared/contract/orders';
import type { BoardDensity } from './board';
import { ChatButton, DeliverySummary, MarketplaceIndicator, SupportButton } from './board-status';
import classes from './board-menu.module.css';
import { UsbPrinterTool } from './usb-printer-tool';
import boardClasses from './board.module.css';
import { useModalDialog } from '../hooks/use-modal-dialog';

export interface BoardMenuProps {
  opened: boolean;
  onClose: () => void;
  stationFilter: ReactNode;
  density: BoardDensity;
  onDensity: (d: BoardDensity) => void;
  filtersOpen: boolean;
  onToggleFilters: () => void;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
  onRecall: () => void;
  onAllDay: () => void;
  onTestSound: () => void;
  onStoreStatus: () => void;
  /** "Preparo e estação": only for whoever may change the board's configuration. */
  onSettings?: () => void;
  chat: { unread: number } | null;
  delivery: KdsDeliverySettings | undefined;
  sandbox: boolean;
  market: MarketplaceStatus | undefined;
}

const DENSITIES: ReadonlyArray<{ value: BoardDensity; label: string }> = [
  { value: 'compact', label: 'Compacto' },
  { value: 'comfortable', label: 'Confortável' },
];

export default function BoardMenu(p: BoardMenuProps) {
  const dialog = useModalDialog(p.opened, p.onClose);
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  /** A tool that opens something of its own closes the menu first. */
  const then = (fn: () => void) => () => {
    p.onClose();
    fn();
  };
  return (
    <dialog
      {...dialog}
      className={classes.menu}
      aria-labelledby="board-menu-title"
      data-testid="board-menu"
      onClick={(e) => {
        // A tap on the backdrop (outside the sheet) closes it.
        if (e.target === e.currentTarget) p.onClose();
      }}
    >
      <div className={classes.sheet}>
        <div className={classes.head}>
          <h2 id="board-menu-title" className={classes.title}>
            Menu do painel
          </h2>
          <button type="button" className={classes.close} onClick={p.onClose}>
            Fechar
          </button>
        </div>
        <div className={classes.group}>{p.stationFilter}</div>
        <div className={classes.group}>
          <span className={classes.groupLabel} id="board-density-label">
            Densidade dos cartões
          </span>
          {/* Native controls: a radio group and a switch. */}
          <div role="radiogroup" aria-labelledby="board-density-label" className={boardClasses.segmented}>
            {DENSITIES.map((d) => (
              <label key={d.value} className={boardClasses.segment} data-checked={p.density === d.value || undefined}>
                <input type="radio" name="board-density" value={d.value} checked={p.density === d.value} onChange={() => p.onDensity(d.value)} />
                {d.label}
              </label>
            ))}
          </div>
        </div>
        <label className={boardClasses.switch}>
          <input type="checkbox" role="switch" checked={p.autoRefresh} onChange={(e) => p.onAutoRefresh(e.currentTarget.checked)} />
          Atualização automática
        </label>
        <div className={classes.tools}>
          <button type="button" className={classes.tool} onClick={then(p.onToggleFilters)} aria-expanded={p.filtersOpen}>
            {p.filtersOpen ? 'Ocultar filtros' : 'Filtros'}
          </button>
          <button type="button" className={classes.tool} onClick={then(p.onRecall)}>
            Recuperar pedido
          </button>
          <button type="button" className={classes.tool} onClick={then(p.onAllDay)}>
            Contagem do dia
          </button>
          <button type="button" className={classes.tool} onClick={p.onTestSound}>
            Testar som
          </button>
          <button type="button" className={classes.tool} onClick={() => setColorScheme(dark ? 'light' : 'dark')}>
            {dark ? 'Tema claro' : 'Tema escuro'}
          </button>
          <button type="button" className={classes.tool} onClick={then(p.onStoreStatus)}>
            Status da loja
          </button>
          {p.onSettings && (
            <button type="button" className={classes.tool} onClick={then(p.onSettings)}>
              Preparo e estação
            </button>
          )}
        </div>
        <UsbPrinterTool />
        <div className={classes.row}>
          {/* The chat opens a dialog of its own, over the board: the menu closes first. */}
          {p.chat && (
            <div onClickCapture={p.onClose}>
              <ChatButton unread={p.chat.unread} />
            </div>
          )}
          <SupportButton />
        </div>
        {p.delivery && <DeliverySummary delivery={p.delivery} sandbox={p.sandbox} />}
        {p.market?.ifoodIntegration && <MarketplaceIndicator status={p.market} />}
      </div>
    </dialog>
  );
}
