import type { CardVerifier } from './types';

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
