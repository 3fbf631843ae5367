import classes from './shell.module.css';
import { useOnline } from '../../lib/use-online';

/**
 * The back office's one offline banner: lists show their saved copy (each says since when) and
 * nothing typed is sent or lost until the connection is back.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    // Plain markup: this shell is on every signed-in page's first paint (the board's JS budget).
    <div role="status" data-testid="offline-banner" className={classes.offlineBanner}>
      Sem conexão. As listas mostram a cópia salva neste aparelho; alterações não são enviadas até a conexão voltar.
    </div>
  );
}
