/**
 * The embedded sandbox card verifier (labelled "sandbox" in the screen): it accepts any real image
 * of at least 1 KB, except for cards whose last digits are 0000, which it refuses, so the failure
 * path can be tried without a real service.
 */
import type { CardVerifier } from './types';

export const SANDBOX_REFUSED_FINAL = '0000';

export function createSandboxCardVerifier(): CardVerifier {
  return {
    name: 'sandbox',
    sandbox: true,
    async verify(card) {
      return card.finalNumber !== SANDBOX_REFUSED_FINAL && card.image.length >= 1024;
    },
  };
}
