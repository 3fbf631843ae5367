/**
 * The iFood adapter: iFood's published Merchant API v1.0, spoken the same way to iFood itself
 * (IFOOD_API_URL) and to the in-process sandbox (adapters/sandbox.ts, reached through `fetch`).
 *
 * - OAuth2 client credentials: POST /authentication/v1.0/oauth/token, form-encoded grantType,
 *   clientId, clientSecret → { accessToken, type, expiresIn }. The token is reused and renewed
 *   before it expires (a margin of a fifth of its life, at most 5 minutes); a 401 renews it once.
 * - Errors carry the HTTP status; `retryable` (network, 408, 429, 5xx) tells the callers (the
 *   poller, the job queue) to try again later, anything else is iFood refusing the call.
 */
import { z } from 'zod';
import {
  ifoodCancellationReasons,
  ifoodEvents,
  ifoodMerchantStatus,
  ifoodOrder,
  tokenResponse,
  type IfoodAction,
  type IfoodCancellationReason,
  type IfoodCancellationRequest,
  type IfoodEvent,
  type IfoodMerchantStatus,
  type IfoodOrder,
  ifoodInterruption,
  ifoodInterruptions,
  type IfoodInterruption,
  type IfoodInterruptionRequest,
  type IfoodAlternativeRequest,
} from './types';

export const IFOOD_API_URL_DEFAULT = 'https://merchant-api.ifood.com.br';
const TIMEOUT_MS = 10_000;
const MAX_MARGIN_MS = 5 * 60_000;

export class IfoodError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    message?: string,
    /** iFood's `Retry-After` on a 429/503, in ms: the rate limit's own time to try again. */
    readonly retryAfterMs?: number,
  ) {
    super(message ?? `iFood ${path}: ${status || 'sem resposta'}`);
  }
  /** Worth trying again later: no answer, timeout, rate limit or a server error. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

/** `Retry-After` (RFC 9110: seconds, or an HTTP date) in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const v = header.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

export interface IfoodClientOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The transport: global fetch for iFood, the sandbox's handler in-process. */
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

export class IfoodClient {
  private readonly base: string;
  private readonly doFetch: typeof fetch;
  private readonly now: () => number;
  private token: { value: string; renewAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(private readonly opts: IfoodClientOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
    this.now = opts.now ?? Date.now;
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await this.doFetch(`${this.base}${path}`, { ...init, signal: AbortSignal.timeout(this.opts.timeoutMs ?? TIMEOUT_MS) });
    } catch {
      // No internals (addresses, stack) travel further than this.
      throw new IfoodError(0, path);
    }
  }

  /** The current access token, asking for a new one when none is held or it is about to expire. */
  async accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return this.token.value;
    this.pending ??= this.requestToken().finally(() => (this.pending = null));
    return this.pending;
  }

  private async requestToken(): Promise<string> {
    const path = '/authentication/v1.0/oauth/token';
    const res = await this.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grantType: 'client_credentials', clientId: this.opts.clientId, clientSecret: this.opts.clientSecret }).toString(),
    });
    if (!res.ok) throw new IfoodError(res.status, path, undefined, retryAfterMs(res.headers.get('retry-after'), this.now()));
    const parsed = tokenResponse.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new IfoodError(502, path, 'iFood: resposta de token inválida');
    const lifeMs = parsed.data.expiresIn * 1000;
    const renewAt = this.now() + lifeMs - Math.min(MAX_MARGIN_MS, lifeMs / 5);
    this.token = { value: parsed.data.accessToken, renewAt };
    return this.token.value;
  }

  /** An authorised call; a 401 (token revoked or expired early) renews the token and tries once more. */
  private async call(path: string, init: RequestInit = {}, retried = false): Promise<Response> {
    const token = await this.accessToken();
    const res = await this.send(path, { ...init, headers: { accept: 'application/json', ...(init.headers ?? {}), authorization: `Bearer ${token}` } });
    // A 401 was not processed by iFood, so trying once more with a new token repeats nothing.
    if (res.status === 401 && !retried) {
      this.token = null;
      return this.call(path, init, true);
    }
    if (!res.ok) throw new IfoodError(res.status, path, undefined, retryAfterMs(res.headers.get('retry-after'), this.now()));
    return res;
  }

  private async json<T>(res: Response, schema: z.ZodType<T>, path: string): Promise<T> {
    const parsed = schema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new IfoodError(502, path, `iFood ${path}: resposta fora do contrato`);
    return parsed.data;
  }

  /** GET /events/v1.0/events:polling for these merchants (x-polling-merchants); [] on 204. */
  async pollEvents(merchantIds: string[]): Promise<IfoodEvent[]> {
    const path = '/events/v1.0/events:polling';
    const res = await this.call(path, { headers: { 'x-polling-merchants': merchantIds.join(',') } });
    if (res.status === 204) return [];
    return this.json(res, ifoodEvents, path);
  }

  /** POST /events/v1.0/events/acknowledgment with [{ id }]. */
  async acknowledge(eventIds: string[]): Promise<void> {
    if (!eventIds.length) return;
    await this.call('/events/v1.0/events/acknowledgment', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(eventIds.map((id) => ({ id }))),
    });
  }

  async getOrder(orderId: string): Promise<IfoodOrder> {
    const path = `/order/v1.0/orders/${encodeURIComponent(orderId)}`;
    return this.json(await this.call(path), ifoodOrder, path);
  }

  async cancellationReasons(orderId: string): Promise<IfoodCancellationReason[]> {
    const path = `/order/v1.0/orders/${encodeURIComponent(orderId)}/cancellationReasons`;
    const res = await this.call(path);
    if (res.status === 204) return [];
    return this.json(res, ifoodCancellationReasons, path);
  }

  /** POST /order/v1.0/orders/{id}/{action} (202 Accepted); requestCancellation carries { reason, cancellationCode }. */
  async orderAction(orderId: string, action: IfoodAction, body?: IfoodCancellationRequest | null): Promise<void> {
    await this.call(`/order/v1.0/orders/${encodeURIComponent(orderId)}/${action}`, {
      method: 'POST',
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
  }

  /**
   * The consumer's cancellation request (HANDSHAKE_DISPUTE): POST /order/v1.0/disputes/{disputeId}/accept,
   * or …/reject with `{ reason }` (iFood's negotiation platform; one answer per dispute).
   */
  async answerDispute(disputeId: string, accept: boolean, reason?: string): Promise<void> {
    const path = `/order/v1.0/disputes/${encodeURIComponent(disputeId)}/${accept ? 'accept' : 'reject'}`;
    await this.call(path, { method: 'POST', ...(accept ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reason: reason ?? '' }) }) });
  }

  /**
   * A counter-proposal on the negotiation platform: POST /order/v1.0/disputes/{disputeId}/alternatives/{alternativeId}
   * with the alternative's type and amount (adapters/types.ts, IfoodAlternativeRequest). It is the dispute's one answer.
   */
  async proposeAlternative(disputeId: string, alternativeId: string, body: IfoodAlternativeRequest): Promise<void> {
    const path = `/order/v1.0/disputes/${encodeURIComponent(disputeId)}/alternatives/${encodeURIComponent(alternativeId)}`;
    await this.call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  /** POST /merchant/v1.0/merchants/{id}/interruptions: pauses the store from start to end; answers the interruption (its id). */
  async createInterruption(merchantId: string, body: IfoodInterruptionRequest): Promise<IfoodInterruption> {
    const path = `/merchant/v1.0/merchants/${encodeURIComponent(merchantId)}/interruptions`;
    const res = await this.call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return this.json(res, ifoodInterruption, path);
  }

  /** GET /merchant/v1.0/merchants/{id}/interruptions. */
  async listInterruptions(merchantId: string): Promise<IfoodInterruption[]> {
    const path = `/merchant/v1.0/merchants/${encodeURIComponent(merchantId)}/interruptions`;
    const res = await this.call(path);
    if (res.status === 204) return [];
    return this.json(res, ifoodInterruptions, path);
  }

  /** DELETE /merchant/v1.0/merchants/{id}/interruptions/{interruptionId}; one already gone (404) is fine. */
  async deleteInterruption(merchantId: string, interruptionId: string): Promise<void> {
    try {
      await this.call(`/merchant/v1.0/merchants/${encodeURIComponent(merchantId)}/interruptions/${encodeURIComponent(interruptionId)}`, { method: 'DELETE' });
    } catch (err) {
      if (err instanceof IfoodError && err.status === 404) return;
      throw err;
    }
  }

  async merchantStatus(merchantId: string): Promise<IfoodMerchantStatus> {
    const path = `/merchant/v1.0/merchants/${encodeURIComponent(merchantId)}/status`;
    return this.json(await this.call(path), ifoodMerchantStatus, path);
  }
}
