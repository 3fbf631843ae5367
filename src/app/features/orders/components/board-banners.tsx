import { formatTime } from '../../../../shared/format';
import { ORDER_MSG } from '../../../../shared/orders';
import type { OutboxRecord } from '../../../lib/outbox';
import { useConnection } from '../api/connection';
import { notAppliedMessage } from '../model/commands';
import classes from './board-banners.module.css';

export function pendingBarText(n: number): string {
  return n === 1 ? '1 alteração aguardando envio' : `${n} alterações aguardando envio`;
}

export function offlineText(lastContactAt: number | null): string {
  return lastContactAt ? `Sem conexão desde ${formatTime(lastContactAt)}` : 'Sem conexão';
}

const OFFLINE_DETAIL = 'mostrando os últimos pedidos recebidos; as alterações ficam na fila e são enviadas quando a conexão voltar';
const SESSION_EXPIRED = 'sua sessão expirou: entre novamente para enviar as alterações (elas foram mantidas)';

/**
 * The board's notices, most urgent first, each on one line (the board keeps the screen): changes
 * another device overrode (until acknowledged); no connection and queued changes, together; storage
 * unavailable; store closed. A line too long for the screen ends in "…" and says it all on hover and
 * to screen readers.
 */
export function BoardBanners({
  offline,
  records,
  queuePaused,
  storageOff,
  storeClosed,
  openingStore,
  onAcknowledge,
  onOpenStore,
  onDismissStore,
}: {
  offline: boolean;
  records: OutboxRecord[];
  queuePaused: boolean;
  storageOff: boolean;
  storeClosed: boolean;
  openingStore: boolean;
  onAcknowledge: (id: string) => void;
  onOpenStore: () => void;
  onDismissStore: () => void;
}) {
  // Read here, where it is shown: the time moves with every answer, and the board need not re-render.
  const lastContactAt = useConnection((c) => c.lastContactAt);
  const waiting = records.filter((r) => r.status === 'pending' || r.status === 'sending').length;
  const refused = records.filter((r) => r.status === 'conflict' || r.status === 'failed');
  if (!refused.length && !offline && !waiting && !storageOff && !storeClosed) return null;
  const offlineLine = `${offlineText(lastContactAt)}: ${OFFLINE_DETAIL}.`;
  const pendingLine = `${pendingBarText(waiting)}${queuePaused ? `: ${SESSION_EXPIRED}` : ''}.`;
  return (
    <div className={classes.banners}>
      {refused.map((r) => (
        <div key={r.id} className={classes.line} data-tone="red" data-testid="conflict-banner" role="alert">
          <span className={classes.text} title={notAppliedMessage(r)}>
            {notAppliedMessage(r)}
          </span>
          <button type="button" className={classes.action} onClick={() => onAcknowledge(r.id)}>
            Entendi
          </button>
        </div>
      ))}
      {(offline || waiting > 0) && (
        <div className={classes.line} data-tone={offline ? 'red' : 'yellow'} title={[offline && offlineLine, waiting > 0 && pendingLine].filter(Boolean).join(' ')}>
          {offline && (
            <span className={classes.text} data-testid="offline-banner">
              <strong>{offlineText(lastContactAt)}</strong>
              <span className={classes.detail}>: {OFFLINE_DETAIL}.</span>
            </span>
          )}
          {waiting > 0 && (
            <span className={classes.pending} data-testid="pending-bar">
              <strong>{pendingBarText(waiting)}</strong>
              {queuePaused && <span className={classes.detail}>: {SESSION_EXPIRED}.</span>}
            </span>
          )}
        </div>
      )}
      {storageOff && (
        <div className={classes.line} data-tone="gray" data-testid="storage-off">
          <span className={classes.text}>O armazenamento deste navegador não está disponível (modo privativo?): o painel funciona apenas com conexão, sem uso offline.</span>
        </div>
      )}
      {storeClosed && (
        <div className={classes.line} data-tone="yellow" data-testid="store-closed">
          <strong className={classes.text}>{ORDER_MSG.storeClosedAsk}</strong>
          <button type="button" className={classes.action} data-primary onClick={onOpenStore} disabled={openingStore} aria-busy={openingStore || undefined}>
            Sim
          </button>
          <button type="button" className={classes.action} onClick={onDismissStore} aria-label="Fechar aviso">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
