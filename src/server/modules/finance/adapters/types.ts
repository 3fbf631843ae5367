/**
 * The finance side's providers, their interfaces and contracts: the acquirer (a captured card
 * transaction's lookup; Pix reads and refunds go through API Pix, modules/pix), the bank (transfers
 * out of the payments account) and the ERP (Sankhya: a session's orders as invoices). acquirer.ts,
 * bank.ts and erp.ts speak to real ones over HTTP (http.ts), sandbox.ts is the embedded default,
 * index.ts picks them from the configuration.
 *
 * The acquirer's contract: GET {url}/transactions/{id} → { amountCents, serialNumber, cardLastDigits,
 * capturedAt } or 404 when it does not know it (a read: no Idempotency-Key).
 *
 * The bank's contract (what a real bank behind BANK_API_URL must do; tests/support/fake-bank.ts is a
 * loopback fake written from it):
 *
 *   POST {url}/transfers
 *     Authorization: Bearer {token}
 *     Idempotency-Key: {our transfer id}    (a UUID, the same on every attempt of one transfer)
 *     body: BankTransfer (below, JSON)
 *     → 200/201 { protocol: string }        the transfer was made
 *     → 4xx { Message }                     refused (closed account, ...): nothing was sent
 *     → 5xx / 429 / no answer in time       unknown: ask GET /transfers/{key}, never POST blindly
 *     The bank keeps every key (at least 7 days) with its outcome: a POST with a key it has seen
 *     makes no second transfer and answers the first one's outcome (422 when the body differs).
 *
 *   GET {url}/transfers/{key}
 *     → 200 { status: 'done', protocol }    made
 *     → 200 { status: 'failed', Message }   refused
 *     → 200 { status: 'processing' }        received, not decided yet: ask again later
 *     → 404                                 the bank never received this key: nothing was sent, so
 *                                           the same POST (same key) may be sent again
 *
 * The ERP's contract (what a real ERP gateway behind ERP_API_URL must do; tests/support/fake-erp.ts is
 * a loopback fake written from it):
 *
 *   POST {url}/invoices
 *     Authorization: Bearer {token}
 *     Idempotency-Key: {our send id}        (a UUID, the same on every attempt of one send)
 *     body: ErpInvoice (below, JSON)
 *     → 200/201 { number: string }          the invoice was issued
 *     → 4xx { Message, errors?: string[] }  refused (an item without NCM, ...): nothing was issued
 *     → 5xx / 429 / no answer in time       unknown: ask GET /invoices/{key}, never POST blindly
 *     The ERP keeps every key (at least 7 days) with its outcome: a POST with a key it has seen
 *     issues no second invoice and answers the first one's outcome.
 *
 *   GET {url}/invoices/{key}
 *     → 200 { status: 'issued', number }    issued
 *     → 200 { status: 'refused', errors }   refused
 *     → 200 { status: 'processing' }        received, not decided yet: ask again later
 *     → 404                                 never received this key: the same POST (same key) may be sent again
 */

/** The provider answered and refused (4xx, or a refusal in its body): its message is shown as is. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** The provider's answer body, when it sent JSON. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/**
 * The provider did not answer in time, could not be reached, or answered 5xx/429: the outcome of a
 * command is unknown ("em verificação"), never a failure; settle it by asking the provider.
 */
export class ProviderUnavailableError extends ProviderError {}

/** The PSP could not be reached (or answered 5xx/429 after the client's retries): worth trying again later. */
export class PspUnavailableError extends ProviderUnavailableError {}

export interface AcquiredTransaction {
  amountCents: number;
  serialNumber: string;
  cardLastDigits: string;
  capturedAt: Date;
}

export type PixRemoteStatus = 'pending' | 'approved' | 'cancelled';

export interface AcquirerAdapter {
  name: string;
  sandbox: boolean;
  /** Set when no acquirer answers (production without ACQUIRER_API_* nor its sandbox): what to configure. */
  notConfigured?: string;
  /**
   * A transaction the acquirer captured (totem processing), or null when it does not know it (404);
   * throws ProviderUnavailableError when it did not answer. A read (GET transactions/{id}): repeating
   * it changes nothing at the acquirer, so it needs no Idempotency-Key.
   */
  findTransaction(acquirerTransactionId: string): Promise<AcquiredTransaction | null>;
  pixStatus(endToEndId: string): Promise<{ status: PixRemoteStatus; approvedAt: Date | null }>;
  /** Refund `refundId` (ours, 1 to 35 letters and digits: the same id again is the same refund). */
  refundPix(endToEndId: string, amountCents: number, refundId: string): Promise<{ refundId: string }>;
}

export interface BankTransfer {
  bankCode: string;
  agency: string;
  account: string;
  accountDigit: string;
  accountType: number;
  document: string;
  holderName: string;
  amountCents: number;
}

export type BankTransferStatus = { status: 'done'; protocol: string } | { status: 'failed'; reason: string } | { status: 'processing' } | { status: 'unknown' };

export interface BankAdapter {
  name: string;
  sandbox: boolean;
  /** Set when no bank answers (production without BANK_API_* nor its sandbox): what to configure. */
  notConfigured?: string;
  /** Seconds-level bound of one call: the settle job waits this long before asking about a transfer still in flight. */
  timeoutMs: number;
  /**
   * Sends a transfer with `key` as its Idempotency-Key; answers the bank's protocol, throws
   * ProviderError with the bank's reason, or ProviderUnavailableError when the outcome is unknown.
   */
  transfer(t: BankTransfer, key: string): Promise<{ protocol: string }>;
  /** What the bank did with the transfer of `key` (throws ProviderUnavailableError when it cannot say). */
  transferStatus(key: string): Promise<BankTransferStatus>;
}

export interface ErpInvoice {
  id: string;
  orderDate: Date;
  items: Array<{ quantity: number; name: string; valueCents: number; ncm: string | null }>;
  totalCents: number;
}

/** 'unknown': the ERP did not answer in time (or 5xx/429): "em verificação", ask it by the key. */
export type ErpExportResult = { ok: true; erpNumber: string } | { ok: false; errors: string[] } | { ok: null };

export type ErpExportStatus = { status: 'issued'; erpNumber: string } | { status: 'refused'; errors: string[] } | { status: 'processing' } | { status: 'unknown' };

export interface ErpAdapter {
  name: string;
  sandbox: boolean;
  /** Set when no ERP answers (production without ERP_API_* nor its sandbox): what to configure. */
  notConfigured?: string;
  /** Bound of one call: the settle job waits this long before asking about a send still in flight. */
  timeoutMs: number;
  /** Sends an invoice with `key` (our send id) as its Idempotency-Key; never throws for the ERP's answers. */
  exportInvoice(invoice: ErpInvoice, key: string): Promise<ErpExportResult>;
  /** What the ERP did with the send of `key` (throws ProviderUnavailableError when it cannot say). */
  exportStatus(key: string): Promise<ErpExportStatus>;
}
