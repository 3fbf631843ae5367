/**
 * The card verifier chosen from the configuration: a real service is CARD_VERIFY_URL (+
 * CARD_VERIFY_TOKEN, CARD_VERIFY_TIMEOUT_MS); without it the embedded sandbox answers (the screen
 * labels it "sandbox"); in production only with ALLOW_SANDBOXES=cashless, else "não configurado".
 */
import { NOT_CONFIGURED_MSG } from '../../../../shared/not-configured';
import { notConfiguredAdapter, sandboxAllowed } from '../../../lib/sandboxes';
import { createHttpCardVerifier } from './http';
import { createSandboxCardVerifier } from './sandbox';
import type { CardVerifier } from './types';

export type * from './types';

export function createCardVerifier(env: Record<string, string | undefined>): CardVerifier {
  const url = env.CARD_VERIFY_URL?.trim();
  if (!url && !sandboxAllowed(env, 'cashless')) {
    return notConfiguredAdapter(NOT_CONFIGURED_MSG.cashless, ['verify']);
  }
  return url ? createHttpCardVerifier(url, env.CARD_VERIFY_TOKEN, Number(env.CARD_VERIFY_TIMEOUT_MS ?? 15_000)) : createSandboxCardVerifier();
}
