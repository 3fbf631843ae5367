/**
 * The board's one slim bar (it sits in the portal's top bar, so a kitchen tablet has a single bar
 * under 64 px): the connection (ao vivo / atualizando / sem conexão, or "Atualização pausada" with
 * its one-tap "Retomar"), the orders per state, the total, the sound, and "Menu", which opens every
 * other tool (filters, station, density, recall, chat...). Plain elements: it is on the first paint.
 */
import type { ConnectionMode } from '../api/connection';
import { readableTextOn } from '../model/board-rules';
import classes from './kiosk-bar.module.css';

export interface StateCount {
  id: number;
  name: string;
  color: string;
  count: number | null;
}

export interface KioskBarProps {
  mode: ConnectionMode;
  pollSeconds: number;
  /** Live changes that arrived while paused and are not on the board yet. */
  missed: number;
  onResume: () => void;
  counts: readonly StateCount[];
  countTotal: number | null;
  soundOff: boolean;
  wakeLockOn: boolean;
  onEnableSound: () => void;
  menuOpen: boolean;
  onMenu: () => void;
  /** Loads the menu's code ahead of the tap. */
  onMenuIntent?: () => void;
  chatUnread: number;
  /** A station screen's name ("Bar", or the expeditor's): the bar says which screen this is. */
  station?: string | null;
}

const MODE_LABEL: Record<Exclude<ConnectionMode, 'polling' | 'paused'>, string> = {
  live: 'ao vivo',
  offline: 'sem conexão',
  idle: 'monitoramento não iniciado',
};

/** Short names for the bar's counts on narrow screens (the venue may rename states: others are cut). */
const SHORT_NAMES: Record<string, string> = {
  pendente: 'Pend.',
  aceito: 'Aceit.',
  'em preparo': 'Prep.',
  'em preparação': 'Prep.',
  'em transporte': 'Transp.',
  'pedido pronto': 'Pronto',
  pronto: 'Pronto',
  entregue: 'Entr.',
  finalizado: 'Fin.',
  recusado: 'Recus.',
  cancelado: 'Canc.',
};

export function shortStateName(name: string): string {
  const key = name.trim().toLowerCase();
  if (SHORT_NAMES[key]) return SHORT_NAMES[key];
  if (key.length <= 6) return name.trim();
  const word = name.trim().split(/\s+/).pop()!;
  return word.length <= 6 ? word : `${word.slice(0, 5)}.`;
}

function countText(c: StateCount): string {
  return c.count === null ? c.name : `${c.name}: ${c.count === 1 ? '1 pedido' : `${c.count} pedidos`}`;
}

export function KioskBar(p: KioskBarProps) {
  const label = p.mode === 'polling' ? `atualizando a cada ${p.pollSeconds} s` : p.mode === 'paused' ? 'Atualização pausada' : MODE_LABEL[p.mode];
  return (
    <div className={classes.bar} data-testid="kiosk-bar">
      <h1 className={classes.hidden}>Painel de pedidos</h1>
      {p.mode === 'paused' ? (
        // Never silent: the bar says "pausada" in one tap's reach; the line under it (PausedBanner)
        // counts what it holds back, on screen at every width.
        <button type="button" className={classes.paused} onClick={p.onResume} aria-label={`${label}: Retomar`} data-testid="paused-chip">
          <span role="status" data-testid="connection-mode" data-mode="paused">
            pausada
          </span>
        </button>
      ) : (
        <span className={classes.mode} role="status" aria-live="polite" data-testid="connection-mode" data-mode={p.mode}>
          {label}
        </span>
      )}
      {p.station && (
        <span className={classes.station} data-testid="board-station" title={`Estação: ${p.station}`}>
          Estação: {p.station}
        </span>
      )}
      <ul className={classes.counts} aria-label="Pedidos por etapa">
        {p.counts.map((c) => (
          <li key={c.id} className={classes.count} style={{ background: c.color, color: readableTextOn(c.color) }} title={countText(c)} data-testid={`bar-count-${c.id}`}>
            {/* Narrow bars show a short name; screen readers always hear "Pendente: 5 pedidos". */}
            <span className={classes.countShort} aria-hidden="true">
              {shortStateName(c.name)}
            </span>
            <span className={classes.countName}>{c.name}</span>
            <span className={classes.hidden}>: </span>
            <strong>{c.count ?? '…'}</strong>
            <span className={classes.hidden}>{c.count === null ? ' carregando' : c.count === 1 ? ' pedido' : ' pedidos'}</span>
          </li>
        ))}
      </ul>
      {p.countTotal !== null && (
        <span className={classes.total} data-testid="board-total">
          {p.countTotal === 1 ? '1 pedido' : `${p.countTotal} pedidos`}
        </span>
      )}
      {p.soundOff ? (
        <span className={classes.soundOff} data-testid="sound-off">
          <span className={classes.soundOffText}>sem som</span>
          <button type="button" className={classes.enableSound} onClick={p.onEnableSound}>
            Ativar som
          </button>
        </span>
      ) : (
        <span className={classes.soundOn} data-testid="sound-on" title={p.wakeLockOn ? 'Som ligado, tela sempre acesa' : 'Som ligado'}>
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <path d="M3 9v6h4l5 5V4L7 9H3Zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4ZM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6Z" />
          </svg>
          <span className={classes.soundOnText}>som ligado</span>
          {p.wakeLockOn && (
            <span className={classes.hidden} data-testid="wake-lock">
              , tela sempre acesa
            </span>
          )}
        </span>
      )}
      <button
        type="button"
        className={classes.menu}
        aria-haspopup="dialog"
        aria-expanded={p.menuOpen}
        onClick={p.onMenu}
        onPointerEnter={p.onMenuIntent}
        onFocus={p.onMenuIntent}
        data-testid="board-menu-button"
      >
        Menu
        {p.chatUnread > 0 && (
          <>
            <span className={classes.unread} aria-hidden>
              {p.chatUnread > 9 ? '9+' : p.chatUnread}
            </span>
            <span className={classes.hidden}>, {p.chatUnread === 1 ? '1 mensagem não lida' : `${p.chatUnread} mensagens não lidas`} no chat</span>
          </>
        )}
      </button>
    </div>
  );
}
