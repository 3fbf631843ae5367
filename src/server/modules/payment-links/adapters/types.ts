/**
 * The card and boleto acquirer behind the public pay page (Pix goes through API Pix, modules/pix):
 * its interface. http.ts speaks to a real provider, sandbox.ts is the embedded default, index.ts
 * picks one from the configuration.
 *
 * Exactly once (issue 36): every charge carries our payment's id as `reference` and as the
 * `Idempotency-Key` header; the acquirer must answer a repeat of a key with the first outcome and
 * never charge twice. `lookup(reference)` asks for a key's outcome after a timeout ("em
 * verificação"), so a retry never sends the charge again.
 */

export interface CardCharge {
  amountCents: number;
  installments: number;
  /** Our payment's id: the Idempotency-Key and the charge's reference at the acquirer. */
  reference: string;
  card: { number: string; holderName: string; expiry: string; cvv: string };
}

export interface BoletoCharge {
  amountCents: number;
  /** Due date, a calendar day (YYYY-MM-DD) in America/Sao_Paulo. */
  dueDate: string;
  /** Our payment's id (the "nosso número" is derived from it): also the Idempotency-Key. */
  reference: string;
  description: string;
  payer: { name: string; cpf: string };
}

/** What the acquirer knows of a reference (`GET {base}/charges/{reference}`). */
export type ChargeLookup =
  | { kind: 'card'; status: 'paid' | 'declined'; providerRef: string }
  | { kind: 'boleto'; line: string; providerRef: string }
  /** The acquirer never received that key: nothing was charged. */
  | null;

export interface Acquirer {
  /** Shown to the payer; "sandbox" for the embedded one. */
  readonly name: string;
  readonly sandbox: boolean;
  chargeCard(charge: CardCharge): Promise<{ status: 'paid' | 'declined'; providerRef: string }>;
  /** A boleto (payment slip): its 47-digit linha digitável. */
  createBoleto(charge: BoletoCharge): Promise<{ line: string; providerRef: string }>;
  /** Whether a boleto was paid (the provider's word). */
  boletoStatus(providerRef: string): Promise<'pending' | 'paid'>;
  /** The outcome of the charge sent with this reference (Idempotency-Key); null when never received. */
  lookup(reference: string): Promise<ChargeLookup>;
}

/**
 * The acquirer did not answer (timeout, connection lost, 5xx): whether it charged is unknown, so the
 * payment stays pending ("em verificação") until `lookup` says.
 */
export class AcquirerUnavailableError extends Error {}
