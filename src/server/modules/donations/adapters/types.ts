/**
 * The card acquirer that takes donations (links and cards; Pix goes through API Pix, modules/pix):
 * its interface and contract. http.ts speaks to a real provider, sandbox.ts is the embedded default,
 * index.ts picks one from the configuration. The contract is a small JSON API of ours (no card
 * standard is common to Brazilian acquirers; a gateway speaking it sits in front of the real one):
 * POST {url}/links, POST {url}/card {amountCents, number, holder, expiry, cvv, description, reference}
 * → {acquirerId, approved}, GET {url}/charges/{reference} → {acquirerId, approved} or 404 when that
 * key never arrived. In production without a provider there is none (unless
 * ALLOW_SANDBOX_PAYMENTS=true): the donor's page says card payments are not set up.
 *
 * Idempotency (the contract a real provider is held to, issue 36): POST /card carries the header
 * `Idempotency-Key: {reference}` (our donation's id, also in the body); a repeat of a key answers the
 * first outcome and never charges twice. A timeout (DONATION_ACQUIRER_TIMEOUT_MS, default 10 s) or a
 * 5xx leaves the outcome unknown ("em verificação"): GET /charges/{reference} settles it later.
 */

export interface CardRequest {
  amountCents: number;
  number: string;
  holder: string;
  expiry: string;
  cvv: string;
  description: string;
  /** Our donation's id: the Idempotency-Key and the charge's reference at the acquirer. */
  reference: string;
}

export interface CardOutcome {
  acquirerId: string;
  approved: boolean;
}

export interface Acquirer {
  /** Shown on the donor's page ("sandbox" for the embedded one). */
  name: string;
  sandbox: boolean;
  createLink(input: { amountCents: number; description: string }): Promise<{ gatewayLinkId: string }>;
  chargeCard(input: CardRequest): Promise<CardOutcome>;
  /** The outcome of the charge sent with this reference; null when the acquirer never received it. */
  lookupCharge(reference: string): Promise<CardOutcome | null>;
}

/** The acquirer did not answer (timeout, connection lost, 5xx): whether it charged is unknown. */
export class DonationAcquirerUnavailableError extends Error {}
