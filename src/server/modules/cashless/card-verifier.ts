/**
 * Credit-card verification service (spec 001 §2.10, §7 VerifyUserCard). The card issuer's check of a
 * document photo is a third party's: a real service is CARD_VERIFY_URL (+ CARD_VERIFY_TOKEN); without
 * it the embedded sandbox answers (the screen labels it "sandbox"); in production only with
 * ALLOW_SANDBOXES=cashless, else it is "não configurado".
 */
import { NOT_CONFIGURED_MSG, NOT_CONFIGURED_NAME } from '../../../shared/not-configured';
import { ProviderNotConfiguredError, sandboxAllowed } from '../../lib/sandboxes';
import { createSandboxCardVerifier } from './sandbox';

export interface CardToVerify {
  cardId: string;
  holderName: string;
  finalNumber: string;
  image: Buffer;
  mime: string;
}

export interface CardVerifier {
  /** "sandbox" or the service's host. */
  name: string;
  sandbox: boolean;
  /** Set when nothing verifies (production without CARD_VERIFY_URL nor its sandbox): what to configure. */
  notConfigured?: string;
  /** true when the service accepted the document for this card. Throws when it cannot be reached. */
  verify(card: CardToVerify): Promise<boolean>;
}

/** A verification service at `baseUrl`: POST {baseUrl}/verify, JSON, bearer token; 200 with `{ verified }`. */
export function createHttpCardVerifier(baseUrl: string, token: string | undefined, timeoutMs = 15_000): CardVerifier {
  const base = baseUrl.replace(/\/$/, '');
  return {
    name: new URL(base).host,
    sandbox: false,
    async verify(card) {
      const res = await fetch(`${base}/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ cardId: card.cardId, holderName: card.holderName, finalNumber: card.finalNumber, imageDocument: `data:${card.mime};base64,${card.image.toString('base64')}` }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status !== 200) return false;
      const body = (await res.json().catch(() => ({}))) as { verified?: unknown };
      return body.verified !== false;
    },
  };
}

export function createCardVerifier(env: Record<string, string | undefined>): CardVerifier {
  const url = env.CARD_VERIFY_URL?.trim();
  if (!url && !sandboxAllowed(env, 'cashless')) {
    const message = NOT_CONFIGURED_MSG.cashless;
    return { name: NOT_CONFIGURED_NAME, sandbox: false, notConfigured: message, verify: () => Promise.reject(new ProviderNotConfiguredError(message)) };
  }
  return url ? createHttpCardVerifier(url, env.CARD_VERIFY_TOKEN, Number(env.CARD_VERIFY_TIMEOUT_MS ?? 15_000)) : createSandboxCardVerifier();
}
