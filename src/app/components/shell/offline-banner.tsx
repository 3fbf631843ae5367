import { Alert } from '@mantine/core';
import { useOnline } from '../../lib/use-online';

/**
 * The back office's one offline banner: lists show their saved copy (each says since when) and
 * nothing typed is sent or lost until the connection is back.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert color="yellow" variant="light" radius={0} role="status" data-testid="offline-banner" style={{ borderBottom: '2px solid var(--mantine-color-yellow-6)' }}>
      Sem conexão. As listas mostram a cópia salva neste aparelho; alterações não são enviadas até a conexão voltar.
    </Alert>
  );
}
