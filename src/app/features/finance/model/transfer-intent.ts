/** The transfer screen's intent: one Idempotency-Key per intended transfer (lib/command-key.ts). */
import type { TransferRequest } from '../../../../shared/contract/finance';
import { commandIntent, type CommandIntent } from '../../../lib/command-key';

export type TransferIntent = CommandIntent;

export function transferIntent(previous: TransferIntent | null, request: TransferRequest, newKey?: () => string): TransferIntent {
  return commandIntent(previous, request, newKey);
}
