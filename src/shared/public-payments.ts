/**
 * Ours: limits of the public payment pages (payment links, donations). Card testers are throttled,
 * not the link (issue 37):
 * - every address takes at most PAY_RATE_LIMIT Pix, card or boleto attempts in PAY_RATE_WINDOW_S;
 * - a payer (an address, or a card fingerprint: an HMAC of the number) with PAY_DECLINE_LIMIT
 *   declined cards in the window waits (429 with Retry-After) before trying another card;
 * - a link or donation event with PAY_TARGET_DECLINE_CEILING declines in the window (only a
 *   distributed attack gets there) is not closed: each card attempt then needs a proof of work the
 *   page solves in about a second (428 with a challenge, PAY_CHALLENGE_HEADER on the retry).
 */
export const PAY_RATE_LIMIT = 30;
export const PAY_RATE_WINDOW_S = 600;
export const PAY_DECLINE_LIMIT = 5;
export const PAY_TARGET_DECLINE_CEILING = 100;
/** Leading zero bits of SHA-256(token ":" nonce): about 65 thousand hashes on average. */
export const PAY_CHALLENGE_BITS = 16;
export const PAY_CHALLENGE_TTL_S = 300;
export const PAY_CHALLENGE_HEADER = 'x-pay-challenge';

export const PAY_MSG = {
  challenge: 'Muitas tentativas com cartão neste link. Confirme que você não é um robô: estamos verificando o seu navegador.',
  challengeInvalid: 'A verificação do navegador expirou. Tente novamente.',
} as const;

/** Whether SHA-256 digest bytes start with `bits` zero bits. */
export function hasLeadingZeroBits(digest: Uint8Array, bits: number): boolean {
  let i = 0;
  for (; bits >= 8; bits -= 8, i++) if (digest[i] !== 0) return false;
  return bits === 0 || digest[i] >> (8 - bits) === 0;
}

/** Solves a challenge (browser and Node: Web Crypto): the header value to send. */
export async function solveChallenge(c: { token: string; bits: number }): Promise<string> {
  const enc = new TextEncoder();
  for (let nonce = 0; ; nonce++) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', enc.encode(`${c.token}:${nonce}`)));
    if (hasLeadingZeroBits(digest, c.bits)) return `${c.token}:${nonce}`;
  }
}
