/**
 * The accreditation provider's interface (the payments provider's credentialing back end, spec 001 §7
 * "MPPagamentosCredentials" / "MPPagamentosCompliance"), implemented by http.ts (a real provider)
 * and sandbox.ts (the embedded default); index.ts picks one from the configuration.
 *
 * The provider's contract for proposals (exactly once, issue 36; tests/support/fake-accreditation.ts
 * is a loopback fake written from it):
 *
 *   POST {url}/proposals
 *     Authorization: Bearer {token}
 *     Idempotency-Key: {our proposal row id}   (a UUID, the same on every attempt of one proposal)
 *     body: { document, fullName, acquirerId, mcc }
 *     → 200/201 { proposalId }                 the proposal was created
 *     → 4xx { Message }                        refused: nothing was created
 *     → 5xx / 429 / no answer in time          unknown: ask GET /proposals/{key}, never POST blindly
 *     The provider keeps every key (at least 7 days): a POST with a key it has seen creates nothing
 *     and answers the first outcome.
 *
 *   GET {url}/proposals/{key}
 *     → 200 { proposalId }                     created
 *     → 200 { status: 'refused', Message }     refused
 *     → 200 { status: 'processing' }           received, not decided yet: ask again later
 *     → 404                                    never received: the same POST (same key) may be sent again
 */
export interface ProposalRequest {
  document: string;
  fullName: string;
  acquirerId: number;
  mcc: string | null;
}

/** `ok: null`: no answer in time (or 5xx/429): "em verificação", ask the provider by the key. */
export type ProposalResult = { ok: true; proposalId: string } | { ok: false; message: string } | { ok: null };
export type ProposalStatus = { status: 'created'; proposalId: string } | { status: 'refused'; message: string } | { status: 'processing' } | { status: 'unknown' };

export interface AccreditationProvider {
  readonly name: string;
  readonly sandbox: boolean;
  /** Set when nothing answers (production without a provider nor its sandbox): what to configure. */
  readonly notConfigured?: string;
  /** Bound of one call: the settle job waits this long before asking about a send still in flight. */
  readonly timeoutMs: number;
  /**
   * Sends a proposal to an acquirer with `key` (our proposal row's id) as its Idempotency-Key; it
   * starts pending. Never throws for the provider's answers (refused, unknown).
   */
  submitProposal(req: ProposalRequest, key: string): Promise<ProposalResult>;
  /** What the provider did with the proposal of `key` (throws ProviderError when it cannot say). */
  proposalStatus(key: string): Promise<ProposalStatus>;
  /** The merchant's MCC as the acquirer knows it, or null when it has none. */
  fetchMcc(document: string): Promise<string | null>;
  /** The address of the merchant's management portal, or null when there is none. */
  managementUrl(document: string): Promise<string | null>;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}
