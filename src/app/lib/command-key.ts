/**
 * One Idempotency-Key per intended command (issue 36): the key is made when the command is first
 * sent and kept while the same command is retried (a timeout, a dropped connection, a double click),
 * so the server replays the first answer instead of moving money or calling a provider twice.
 * Changing any field makes it another command; a success ends the intent (the next press is a new
 * command). Used by the finance and accreditation screens.
 */
import { useMemo, useRef } from 'react';

export interface CommandIntent {
  key: string;
  request: string;
}

export function commandIntent(previous: CommandIntent | null, request: unknown, newKey: () => string = () => crypto.randomUUID()): CommandIntent {
  const fingerprint = JSON.stringify(request);
  if (previous && previous.request === fingerprint) return previous;
  return { key: newKey(), request: fingerprint };
}

/** `keyFor(request)` answers the same key for the same request until `done()` (after a success). */
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
