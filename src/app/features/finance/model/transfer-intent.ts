/**
 * One Idempotency-Key per intended transfer: the key is made when a transfer is first confirmed and
 * kept while the same transfer is retried (a timeout, a dropped connection), so the server replays
 * the first answer instead of sending money twice. Changing any field makes it another transfer.
 */
import type { TransferRequest } from '../../../../shared/contract/finance';

export interface TransferIntent {
  key: string;
  request: string;
}

export function transferIntent(previous: TransferIntent | null, request: TransferRequest, newKey: () => string = () => crypto.randomUUID()): TransferIntent {
  const fingerprint = JSON.stringify(request);
  if (previous && previous.request === fingerprint) return previous;
  return { key: newKey(), request: fingerprint };
}
