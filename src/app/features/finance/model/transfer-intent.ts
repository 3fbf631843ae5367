/**
 * One Idempotency-Key per intended money command (issue 36): the key is made when the command is
 * first sent and kept while the same command is retried (a timeout, a dropped connection, a double
 * click), so the server replays the first answer instead of moving money twice. Changing any field
 * makes it another command; a success ends the intent (the next press is a new command).
 */
import type { TransferRequest } from '../../../../shared/contract/finance';

export interface CommandIntent {
  key: string;
  request: string;
}
export type TransferIntent = CommandIntent;

export function commandIntent(previous: CommandIntent | null, request: unknown, newKey: () => string = () => crypto.randomUUID()): CommandIntent {
  const fingerprint = JSON.stringify(request);
  if (previous && previous.request === fingerprint) return previous;
  return { key: newKey(), request: fingerprint };
}

export function transferIntent(previous: TransferIntent | null, request: TransferRequest, newKey?: () => string): TransferIntent {
  return commandIntent(previous, request, newKey);
}
