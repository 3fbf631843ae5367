/**
 * Courier platforms (Play Delivery, Loggi, Meep) behind one adapter. With a base URL in the
 * environment a platform is called over HTTP; without one it is the embedded sandbox, which takes
 * the call, "assigns" a courier after a short delay and gives a tracking link, always labelled as
 * a sandbox (SANDBOX_COURIER_NAME, order.EntregaSandbox) so nobody waits for a real motoboy.
 * The sandbox's later assignment is not a timer in memory: its answer says when
 * (`assignAfterMs`) and the caller enqueues a durable job for it (courier-jobs.ts), so it happens
 * even if this process dies meanwhile.
 *
 * The HTTP contract a platform is held to (issue 36: a call happens exactly once):
 *
 *   POST {base}/deliveries
 *     Authorization: Bearer {COURIER_API_TOKEN}          (when set)
 *     Idempotency-Key: {key}                             stable per call: `balcao-entrega-{orderId}-{n}`,
 *                                                        the same on every retry of that call
 *     { externalReference: orderId, code, merchant, customer, amount }
 *   → 200/201 { id, trackingUrl?, courier?: { name, phone, document } }
 *   The platform MUST dedupe on Idempotency-Key: a repeat with a key it has seen creates nothing
 *   and answers the delivery that key created (several requests, one delivery).
 *
 *   GET {base}/deliveries?idempotencyKey={key}&externalReference={orderId}
 *   → 200 the delivery that key created (same shape as above), 404 when it has none.
 *
 * A call the platform did not answer (timeout, connection lost) is "em verificação", not a
 * failure: the job (courier-jobs.ts) asks GET for that key's delivery and records it, and sends
 * the POST again (same key) only when the platform says it has none. A refusal (any non-2xx
 * answer) is a failure, retried with the same key.
 *
 * Env: COURIER_PLAYDELIVERY_URL, COURIER_LOGGI_URL, COURIER_MEEP_URL (base URLs),
 * COURIER_API_TOKEN (bearer sent to them), COURIER_TIMEOUT_MS (how long a call may take before it
 * is "em verificação"; default 30000), COURIER_SANDBOX_DELAY_MS (default 5000). In production a
 * platform without its URL is "não configurado" unless ALLOW_SANDBOXES=couriers (lib/sandboxes.ts).
 */
import { NOT_CONFIGURED_MSG } from '../../../shared/not-configured';
import { ProviderNotConfiguredError, sandboxAllowed } from '../../lib/sandboxes';
import { REQUEST_TIMEOUT_MS } from '../../../shared/constants';
import { DELIVERY_PLATFORM, DELIVERY_PLATFORM_NAME, SANDBOX_COURIER_NAME } from '../../../shared/orders';

export interface CourierRequest {
  orderId: string;
  /** Sent as the Idempotency-Key header: the same on every retry of one call. */
  idempotencyKey: string;
  code: string;
  trackingCode: string;
  venueName: string;
  customer: { Nome: string; Telefone: string; Endereco: Record<string, string> | null };
  totalCents: number;
}

export interface CourierPerson {
  Nome: string;
  Telefone: string;
  Documento: string;
}

export interface CourierCall {
  externalId: string;
  trackingLink: string | null;
  /** Known at once on some platforms; otherwise it arrives later. */
  courier: CourierPerson | null;
  sandbox: boolean;
  /** The sandbox assigns SANDBOX_COURIER this long after the call (the caller schedules it). */
  assignAfterMs?: number;
}

/** The courier the sandbox "assigns". */
export const SANDBOX_COURIER: CourierPerson = { Nome: SANDBOX_COURIER_NAME, Telefone: '(11) 90000-0000', Documento: 'SANDBOX' };

export interface CourierAdapter {
  platform: number;
  name: string;
  sandbox: boolean;
  /** Set when nothing answers for this platform (production without its URL nor the sandbox). */
  notConfigured?: string;
  request(req: CourierRequest): Promise<CourierCall>;
  /** The delivery a call with this key created, or null when the platform has none. */
  find(idempotencyKey: string, orderId: string): Promise<CourierCall | null>;
}

/** The platform answered and refused the call (a non-2xx answer, or one without a delivery id). */
export class CourierError extends Error {}

/** The platform did not answer (timeout, connection lost): the call is "em verificação". */
export class CourierUnknownError extends Error {}

class SandboxCourier implements CourierAdapter {
  sandbox = true;
  constructor(
    public platform: number,
    public name: string,
    private publicUrl: string,
    private delayMs: number,
  ) {}

  async request(req: CourierRequest): Promise<CourierCall> {
    return {
      // Derived from the key, as a deduping platform answers: a repeat of one call is one delivery.
      externalId: `sandbox-${req.idempotencyKey}`,
      // The sandbox has no map: its tracking link is the order's own tracking page.
      trackingLink: `${this.publicUrl}/statusPedido/${req.trackingCode}`,
      courier: null,
      sandbox: true,
      assignAfterMs: this.delayMs,
    };
  }

  async find(): Promise<CourierCall | null> {
    // The sandbox keeps nothing: a call is its answer, and asking again answers the same delivery.
    return null;
  }
}

/** Production without the platform's URL nor ALLOW_SANDBOXES=couriers: every call is refused. */
class NotConfiguredCourier implements CourierAdapter {
  sandbox = false;
  notConfigured = NOT_CONFIGURED_MSG.couriers;
  constructor(
    public platform: number,
    public name: string,
  ) {}

  request(): Promise<CourierCall> {
    return Promise.reject(new ProviderNotConfiguredError(this.notConfigured));
  }

  find(): Promise<CourierCall | null> {
    return Promise.reject(new ProviderNotConfiguredError(this.notConfigured));
  }
}

/** A platform reached over HTTP (the contract in the header). */
class HttpCourier implements CourierAdapter {
  sandbox = false;
  constructor(
    public platform: number,
    public name: string,
    private baseUrl: string,
    private token: string | undefined,
    private timeoutMs: number,
  ) {}

  private get base(): string {
    return this.baseUrl.replace(/\/+$/, '');
  }

  private get auth(): Record<string, string> {
    return this.token ? { authorization: `Bearer ${this.token}` } : {};
  }

  async find(idempotencyKey: string, orderId: string): Promise<CourierCall | null> {
    let res: Response;
    try {
      const q = new URLSearchParams({ idempotencyKey, externalReference: orderId });
      res = await fetch(`${this.base}/deliveries?${q}`, { headers: this.auth, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch {
      throw new CourierUnknownError(this.name);
    }
    if (res.status === 404) return null;
    // Any other answer settles nothing: still "em verificação", asked again later.
    if (!res.ok) throw new CourierUnknownError(this.name);
    return this.parse(res, CourierUnknownError);
  }

  async request(req: CourierRequest): Promise<CourierCall> {
    let res: Response;
    try {
      res = await fetch(`${this.base}/deliveries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': req.idempotencyKey, ...this.auth },
        body: JSON.stringify({
          externalReference: req.orderId,
          code: req.code,
          merchant: req.venueName,
          customer: req.customer,
          amount: req.totalCents / 100,
        }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      // Sent, but no answer: the platform may have created the delivery. Not a failure.
      throw new CourierUnknownError(this.name);
    }
    if (!res.ok) throw new CourierError(this.name);
    return this.parse(res, CourierError);
  }

  private async parse(res: Response, Failure: new (m: string) => Error): Promise<CourierCall> {
    const body = (await res.json().catch(() => null)) as { id?: unknown; trackingUrl?: unknown; courier?: { name?: unknown; phone?: unknown; document?: unknown } } | null;
    if (!body || (typeof body.id !== 'string' && typeof body.id !== 'number')) throw new Failure(this.name);
    const c = body.courier;
    return {
      externalId: String(body.id),
      trackingLink: typeof body.trackingUrl === 'string' && /^https?:\/\//i.test(body.trackingUrl) ? body.trackingUrl : null,
      courier: c && typeof c.name === 'string' ? { Nome: c.name, Telefone: String(c.phone ?? ''), Documento: String(c.document ?? '') } : null,
      sandbox: false,
    };
  }
}

export interface Couriers {
  forPlatform(platform: number): CourierAdapter;
  /** Whether every platform is the sandbox (shown on the board). */
  allSandbox(): boolean;
  /** The "não configurado" text when no platform answers at all (shown on the board), else null. */
  notConfigured(): string | null;
}

export function createCouriers(env: Record<string, string | undefined>, publicUrl: string): Couriers {
  const delay = Number(env.COURIER_SANDBOX_DELAY_MS ?? 5000);
  const timeout = Number(env.COURIER_TIMEOUT_MS ?? REQUEST_TIMEOUT_MS);
  const timeoutMs = Number.isFinite(timeout) && timeout > 0 ? timeout : REQUEST_TIMEOUT_MS;
  const urls: Record<number, string | undefined> = {
    [DELIVERY_PLATFORM.PlayDelivery]: env.COURIER_PLAYDELIVERY_URL,
    [DELIVERY_PLATFORM.Loggi]: env.COURIER_LOGGI_URL,
    [DELIVERY_PLATFORM.Meep]: env.COURIER_MEEP_URL,
  };
  const adapters = new Map<number, CourierAdapter>();
  const sandbox = sandboxAllowed(env, 'couriers');
  for (const platform of Object.values(DELIVERY_PLATFORM)) {
    const name = DELIVERY_PLATFORM_NAME[platform];
    const url = urls[platform];
    adapters.set(
      platform,
      url
        ? new HttpCourier(platform, name, url, env.COURIER_API_TOKEN, timeoutMs)
        : sandbox
          ? new SandboxCourier(platform, name, publicUrl, Number.isFinite(delay) && delay >= 0 ? delay : 5000)
          : new NotConfiguredCourier(platform, name),
    );
  }
  return {
    forPlatform: (p) => adapters.get(p) ?? adapters.get(DELIVERY_PLATFORM.Meep)!,
    allSandbox: () => [...adapters.values()].every((a) => a.sandbox),
    notConfigured: () => ([...adapters.values()].every((a) => a.notConfigured) ? NOT_CONFIGURED_MSG.couriers : null),
  };
}
