import { useMemo, useRef } from 'react';
import { commandIntent, type CommandIntent } from '../model/transfer-intent';

/**
 * The screen's money commands keep one Idempotency-Key per user intent (model/transfer-intent.ts):
 * `keyFor(request)` answers the same key for the same request until `done()` (after a success).
 */
export function useCommandKey() {
  const intent = useRef<CommandIntent | null>(null);
  return useMemo(
    () => ({
      keyFor(request: unknown): string {
        intent.current = commandIntent(intent.current, request);
        return intent.current.key;
      },
      done() {
        intent.current = null;
      },
    }),
    [],
  );
}
