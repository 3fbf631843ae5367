import { Alert } from '@mantine/core';
import { formatTime } from '../../shared/format';
import { ApiError } from '../lib/api-client';
import { useOnline } from '../lib/use-online';

interface ListQuery {
  data: unknown;
  error: unknown;
  dataUpdatedAt: number;
}

/** Whether a list's last fetch could not reach the server (or the browser says it is offline). */
export function useListOffline(q: ListQuery): boolean {
  const online = useOnline();
  return !online || (q.error instanceof ApiError && q.error.isNetwork);
}

/**
 * "Sem conexão — lista salva às HH:MM" above a list shown from the copy saved on this device (the
 * persisted query cache), as the product list does.
 */
export function SavedListNotice({ query, testId = 'list-offline' }: { query: ListQuery; testId?: string }) {
  const offline = useListOffline(query);
  if (!offline || query.data === undefined || !query.dataUpdatedAt) return null;
  return (
    <Alert color="yellow" title={`Sem conexão — lista salva às ${formatTime(query.dataUpdatedAt)}`} data-testid={testId}>
      Ela se atualiza quando a conexão voltar.
    </Alert>
  );
}
