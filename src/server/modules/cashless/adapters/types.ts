/**
 * The credit-card verification service's interface (spec 001 §2.10, §7 VerifyUserCard): the card
 * issuer's check of a document photo is a third party's. http.ts is a real service, sandbox.ts the
 * embedded default; index.ts picks one from the configuration.
 */

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
