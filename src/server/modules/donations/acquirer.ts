/**
 * The card acquirer that takes donations (links and cards; Pix goes through API Pix, modules/pix).
 * The embedded default is the labelled sandbox (sandbox.ts); a real provider is
 * DONATION_ACQUIRER_URL + DONATION_ACQUIRER_TOKEN, spoken to over a small JSON API of ours (no card
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
import { sandboxAllowed } from '../../lib/sandboxes';
import { createSandboxAcquirer } from './sandbox';

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

export function createHttpAcquirer(baseUrl: string, token: string | undefined, timeoutMs = 10_000): Acquirer {
  const base = baseUrl.replace(/\/$/, '');
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<T | null> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...(key ? { 'idempotency-key': key } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new DonationAcquirerUnavailableError('unreachable');
    }
    if (res.status === 404 && method === 'GET') return null;
    if (!res.ok) throw new DonationAcquirerUnavailableError(`acquirer answered ${res.status}`);
    try {
      return (await res.json()) as T;
    } catch {
      throw new DonationAcquirerUnavailableError('bad answer');
    }
  }
  const outcome = (r: CardOutcome | null) => (r ? { acquirerId: String(r.acquirerId), approved: r.approved === true } : null);
  return {
    name: new URL(base).host,
    sandbox: false,
    createLink: async (input) => (await call<{ gatewayLinkId: string }>('POST', '/links', input))!,
    // The card number never reaches our logs or database: only the acquirer sees it.
    chargeCard: async (input) => outcome(await call<CardOutcome>('POST', '/card', input, input.reference))!,
    lookupCharge: async (reference) => outcome(await call<CardOutcome>('GET', `/charges/${encodeURIComponent(reference)}`)),
  };
}

export function createAcquirer(env: Record<string, string | undefined>): Acquirer | null {
  const url = env.DONATION_ACQUIRER_URL?.trim();
  const timeoutMs = Number(env.DONATION_ACQUIRER_TIMEOUT_MS) > 0 ? Number(env.DONATION_ACQUIRER_TIMEOUT_MS) : undefined;
  if (url) return createHttpAcquirer(url, env.DONATION_ACQUIRER_TOKEN, timeoutMs);
  return sandboxAllowed(env, 'donations') ? createSandboxAcquirer() : null;
}
