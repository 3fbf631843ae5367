/**
 * Pix for the whole server, through API Pix: one client per process, shared by payment links,
 * donations and the finance tools, so the sandbox's loopback PSP is one PSP for all of them.
 *
 * Settings (README): PIX_API_URL, PIX_TOKEN_URL, PIX_CLIENT_ID, PIX_CLIENT_SECRET, PIX_CERT_FILE +
 * PIX_CERT_KEY_FILE (mTLS), PIX_CA_FILE, PIX_KEY, PIX_PSP_NAME, PIX_CHARGE_EXPIRATION_SECONDS,
 * PIX_RETRY_BASE_MS. Without PIX_API_URL the labelled sandbox (loopback PSP, in process) answers the same calls, except with
 * NODE_ENV=production, where Pix is "not configured" unless ALLOW_SANDBOXES=payments (or ALLOW_SANDBOX_PAYMENTS=true).
 *
 * A charge is paid only when the PSP says so: the webhook's body and the payer's page are never
 * believed; `refresh` re-reads the cob and marks it paid when it is CONCLUIDA for the same key and
 * value, once, updating the owner (payment link payment, donation) in the same transaction.
 */
import { getVenuePixKey } from '../bank-accounts/bank-accounts.repository';
import { sandboxAllowed as familyAllowed } from '../../lib/sandboxes';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema/jobs';
import { enqueueJob } from '../../lib/jobs';
import type { Db, DbHandle } from '../../db/client';
import { pixCharges } from '../../db/schema/pix';
import type { Tx } from '../orders/orders.repository';
import { createApiPixClient, nodeTransport, PixApiError, PixUnavailableError, TXID_RE, centsOf, valorOf, type ApiPixClient, type PixRecebido } from './adapters/api-pix';
import { isValidCpfOrCnpj, normalizeDocument } from '../../../shared/documents';
import { createLoopbackPsp, LOOPBACK_API_BASE, LOOPBACK_TOKEN_PATH, type LoopbackPsp } from './adapters/sandbox';

/** A random-key (EVP) Pix key reserved for the sandbox: no bank settles it. */
export const SANDBOX_PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
const SANDBOX_ORIGIN = 'http://psp.sandbox.invalid';
const SANDBOX_CLIENT = { clientId: 'balcao-sandbox', clientSecret: 'sandbox-secret' };

/**
 * Where a place's Pix key comes from. Default: the place's bank account marked as its Pix key
 * (getVenuePixKey), else PIX_KEY, else the sandbox's key in the sandbox. Tests may replace it.
 */
export type PixKeyResolver = (db: Db, venueId: string) => Promise<string | null>;

export type PixChargeKind = 'payment-link' | 'donation' | 'table-bill';
export type PaidHandler = (tx: Tx, charge: typeof pixCharges.$inferSelect) => Promise<void>;

export class PixNotConfiguredError extends Error {}

/** How creating a cob went: its BR Code; refused (503 when the place has no Pix key, 502 when the PSP said no); or unknown (no answer). */
export type ChargeOutcome = { kind: 'ok'; brCode: string } | { kind: 'unknown' } | { kind: 'failed'; status: number; message: string };

/** Creates the cob of a payment and says how it went, with the caller's words for the two refusals. */
export async function chargeOutcome(pix: PixService, charge: Parameters<PixService['createCharge']>[0], msg: { noKey: string; refused: string }): Promise<ChargeOutcome> {
  try {
    const { brCode } = await pix.createCharge(charge);
    return { kind: 'ok', brCode };
  } catch (err) {
    if (err instanceof PixNotConfiguredError) return { kind: 'failed', status: 503, message: msg.noKey };
    if (err instanceof PixApiError) return { kind: 'failed', status: 502, message: msg.refused };
    if (err instanceof PixUnavailableError) return { kind: 'unknown' };
    throw err;
  }
}

/** At most this many re-read jobs one webhook call may queue (the rest: the payer's page re-reads). */
export const PIX_WEBHOOK_MAX_REREADS = 50;

/**
 * The secret path segment of the webhook URL registered at the PSP ({PUBLIC_URL}/api/pix/webhook/{token}):
 * PIX_WEBHOOK_TOKEN when set (24+ characters), else derived from PIX_CLIENT_SECRET (HMAC-SHA-256),
 * so every process of a deployment agrees on it without one more setting, and rotating the client
 * secret rotates it too. Without a PSP (the sandbox) it derives from the sandbox's own secret.
 */
export function pixWebhookToken(env: Record<string, string | undefined>): string {
  const own = env.PIX_WEBHOOK_TOKEN?.trim();
  if (own) {
    if (own.length < 24 || !/^[A-Za-z0-9_-]+$/.test(own)) throw new Error('PIX_WEBHOOK_TOKEN precisa de 24 ou mais letras, dígitos, "-" ou "_".');
    return own;
  }
  const secret = env.PIX_API_URL?.trim() ? (env.PIX_CLIENT_SECRET ?? '') : SANDBOX_CLIENT.clientSecret;
  return createHmac('sha256', secret).update('balcao:pix-webhook:v1').digest('base64url').slice(0, 32);
}

/** Re-reads a cob named by a webhook (pix.plugin.ts defines it): the PSP down is retried with backoff. */
export const PIX_REREAD_JOB = 'pix.cob-reread';
/** 1 s doubling up to 5 minutes, 40 attempts: about 3 hours, longer than a cob lives by default. */
export const PIX_REREAD_RETRY = { maxAttempts: 40, backoffMs: 1_000, maxBackoffMs: 5 * 60_000, leaseMs: 60_000 };

export interface PixService {
  /** 'psp': a real PSP; 'sandbox': the loopback PSP; 'off': production without a PSP. */
  readonly mode: 'psp' | 'sandbox' | 'off';
  /** Shown to payers ("sandbox" for the loopback PSP). */
  readonly name: string;
  readonly client: ApiPixClient | null;
  /** The sandbox's PSP (null with a real PSP): plays the payer's bank. */
  readonly loopback: LoopbackPsp | null;
  /** The secret path segment of the webhook URL (pixWebhookToken). */
  readonly webhookToken: string;
  setPixKeyResolver(resolver: PixKeyResolver): void;
  resolveKey(venueId: string): Promise<string | null>;
  /** Creates the cob at the PSP and records it; answers its txid and "copia e cola". */
  /** `payer`: who identified themselves (sent as the cob's `devedor` when the document is a real CPF or CNPJ). */
  createCharge(c: { venueId: string; kind: PixChargeKind; refId: string; txid: string; amountCents: number; description: string; key?: string | null; payer?: { name?: string | null; document?: string | null } | null }): Promise<{ txid: string; brCode: string }>;
  onPaid(kind: PixChargeKind, handler: PaidHandler): void;
  /** Re-reads the cob from the PSP; answers whether the charge is paid (now or before). */
  refresh(txid: string): Promise<boolean>;
  /**
   * The webhook's POST body: only its txids are used. Each of our pending charges named there gets a
   * re-read job (PIX_REREAD_JOB, on the durable queue); the webhook answers at once.
   */
  handleWebhook(body: unknown): Promise<void>;
}

export interface PixServiceOptions {
  db: Db;
  env: Record<string, string | undefined>;
  publicUrl: string;
  /** Tests: waits between retries (default: the client's backoff). */
  retryDelayMs?: (n: number) => number;
}

/** Whether the sandbox's payment simulators may exist: never in production unless allowed (lib/sandboxes.ts). */
export function sandboxAllowed(env: Record<string, string | undefined>): boolean {
  return familyAllowed(env, 'payments');
}

const memo = new WeakMap<object, PixService>();

/**
 * One service per app: buildApp hands the same module options object to every module, so payment
 * links, donations, finance and the webhook share one PSP client (and one sandbox PSP) and handlers.
 */
export function getPixService(opts: { db: DbHandle; env: Record<string, string | undefined>; config: { publicUrl: string } }): PixService {
  let s = memo.get(opts);
  if (!s) {
    s = createPixService({ db: opts.db.db, env: opts.env, publicUrl: opts.config.publicUrl });
    memo.set(opts, s);
  }
  return s;
}

export function createPixService(o: PixServiceOptions): PixService {
  const { db, env } = o;
  const apiUrl = env.PIX_API_URL?.trim();
  const handlers = new Map<PixChargeKind, PaidHandler>();
  const registered = new Set<string>();
  // The place's own key (its bank account marked as the place's Pix key, /configuracoes/contasBancarias),
  // else PIX_KEY, else (sandbox only) the sandbox's key.
  let resolver: PixKeyResolver = async (conn, venueId) => (await getVenuePixKey(conn, venueId)) ?? (env.PIX_KEY?.trim() || (apiUrl ? null : SANDBOX_PIX_KEY));
  let loopback: LoopbackPsp | null = null;
  let client: ApiPixClient | null = null;
  let mode: PixService['mode'];

  if (apiUrl) {
    const tokenUrl = env.PIX_TOKEN_URL?.trim();
    const clientId = env.PIX_CLIENT_ID?.trim();
    const clientSecret = env.PIX_CLIENT_SECRET ?? '';
    if (!tokenUrl || !clientId || !clientSecret) throw new Error('PIX_API_URL pede também PIX_TOKEN_URL, PIX_CLIENT_ID e PIX_CLIENT_SECRET.');
    const certFile = env.PIX_CERT_FILE?.trim();
    const keyFile = env.PIX_CERT_KEY_FILE?.trim();
    if (Boolean(certFile) !== Boolean(keyFile)) throw new Error('PIX_CERT_FILE e PIX_CERT_KEY_FILE andam juntos (certificado e chave do mTLS).');
    const caFile = env.PIX_CA_FILE?.trim();
    const transport = nodeTransport({ cert: certFile ? fs.readFileSync(certFile) : undefined, key: keyFile ? fs.readFileSync(keyFile) : undefined, ca: caFile ? fs.readFileSync(caFile) : undefined });
    const base = Number(env.PIX_RETRY_BASE_MS) >= 0 && env.PIX_RETRY_BASE_MS ? Number(env.PIX_RETRY_BASE_MS) : 300;
    client = createApiPixClient({ apiUrl, tokenUrl, clientId, clientSecret, transport, retryDelayMs: o.retryDelayMs ?? ((n) => base * 3 ** (n - 1)) });
    mode = 'psp';
  } else if (sandboxAllowed(env)) {
    loopback = createLoopbackPsp({
      ...SANDBOX_CLIENT,
      // The sandbox delivers its callbacks straight to the receiver's handler (same code as the route).
      deliver: async (_url, body) => {
        await service.handleWebhook(JSON.parse(body));
        return 200;
      },
    });
    client = createApiPixClient({ apiUrl: `${SANDBOX_ORIGIN}${LOOPBACK_API_BASE}`, tokenUrl: `${SANDBOX_ORIGIN}${LOOPBACK_TOKEN_PATH}`, ...SANDBOX_CLIENT, transport: loopback.transport, retryDelayMs: () => 0 });
    mode = 'sandbox';
  } else {
    mode = 'off';
  }
  const expiracao = Math.max(60, Number(env.PIX_CHARGE_EXPIRATION_SECONDS) || 3600);
  const webhookToken = pixWebhookToken(env);
  const webhookUrl = `${o.publicUrl.replace(/\/+$/, '')}/api/pix/webhook/${webhookToken}`;

  async function registerWebhook(key: string) {
    if (registered.has(key) || !client) return;
    try {
      await client.putWebhook(key, webhookUrl);
      registered.add(key);
    } catch {
      /* the status poll still confirms payments; the next charge tries again */
    }
  }

  const service: PixService = {
    mode,
    name: mode === 'sandbox' ? 'sandbox' : env.PIX_PSP_NAME?.trim() || (apiUrl ? new URL(apiUrl).host : ''),
    client,
    loopback,
    webhookToken,
    setPixKeyResolver(r) {
      resolver = r;
    },
    resolveKey: (venueId) => resolver(db, venueId),
    async createCharge(c) {
      if (!client) throw new PixNotConfiguredError('Pix not configured');
      if (!TXID_RE.test(c.txid)) throw new RangeError('txid must have 26 to 35 letters and digits');
      const key = c.key?.trim() || (await resolver(db, c.venueId));
      if (!key) throw new PixNotConfiguredError('no Pix key for this place');
      await registerWebhook(key);
      const cob = await client.putCob(c.txid, {
        calendario: { expiracao },
        valor: { original: valorOf(c.amountCents) },
        chave: key,
        devedor: devedorOf(c.payer) ?? undefined,
        // The cob's own text is UTF-8 (API Pix: string up to 140): accents kept, unlike the BR Code's.
        solicitacaoPagador: payerRequestText(c.description) || undefined,
      });
      if (typeof cob.pixCopiaECola !== 'string' || !cob.pixCopiaECola) throw new PixUnavailableError('cob without pixCopiaECola');
      // A repeat of the same txid (a settling job after a lost answer) is the same cob: one row.
      await db.insert(pixCharges).values({ txid: c.txid, venueId: c.venueId, kind: c.kind, refId: c.refId, amountCents: c.amountCents, pixKey: key }).onConflictDoNothing();
      return { txid: c.txid, brCode: cob.pixCopiaECola };
    },
    onPaid(kind, handler) {
      handlers.set(kind, handler);
    },
    async refresh(txid) {
      if (!client || !TXID_RE.test(txid)) return false;
      const [charge] = await db.select().from(pixCharges).where(eq(pixCharges.txid, txid));
      if (!charge) return false;
      if (charge.status === 'paid') return true;
      let cob;
      try {
        cob = await client.getCob(txid);
      } catch (err) {
        if (err instanceof PixApiError && err.status === 404) return false;
        throw err;
      }
      const expected = valorOf(charge.amountCents);
      const pix: PixRecebido | undefined = (cob.pix ?? []).find((p) => p.valor === expected && (!p.txid || p.txid === txid));
      if (cob.txid !== txid || cob.status !== 'CONCLUIDA' || cob.valor?.original !== expected || cob.chave !== charge.pixKey || !pix || centsOf(pix.valor) !== charge.amountCents) return false;
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(pixCharges)
          .set({ status: 'paid', endToEndId: typeof pix.endToEndId === 'string' ? pix.endToEndId.slice(0, 32) : null, paidAt: new Date() })
          .where(and(eq(pixCharges.txid, txid), eq(pixCharges.status, 'pending')))
          .returning();
        if (done) await handlers.get(done.kind as PixChargeKind)?.(tx, done);
      });
      return true;
    },
    async handleWebhook(body) {
      const list = body && typeof body === 'object' && Array.isArray((body as { pix?: unknown }).pix) ? ((body as { pix: unknown[] }).pix as Array<{ txid?: unknown }>) : [];
      const txids = [...new Set(list.map((p) => p?.txid).filter((t): t is string => typeof t === 'string' && TXID_RE.test(t)))].slice(0, 4 * PIX_WEBHOOK_MAX_REREADS);
      if (!txids.length) return;
      // Only our own charges still pending are worth a re-read; one queued re-read per charge is enough,
      // and one call queues at most PIX_WEBHOOK_MAX_REREADS (a charge left out is re-read by its payer's page).
      const pending = await db
        .select({ txid: pixCharges.txid })
        .from(pixCharges)
        .where(and(inArray(pixCharges.txid, txids), eq(pixCharges.status, 'pending')))
        .limit(PIX_WEBHOOK_MAX_REREADS);
      if (!pending.length) return;
      await db.transaction(async (tx) => {
        const queued = await tx
          .select({ txid: sql<string>`${jobs.payload}->>'txid'` })
          .from(jobs)
          .where(and(eq(jobs.name, PIX_REREAD_JOB), eq(jobs.state, 'queued'), inArray(sql`${jobs.payload}->>'txid'`, pending.map((p) => p.txid))));
        const skip = new Set(queued.map((q) => q.txid));
        for (const { txid } of pending) if (!skip.has(txid)) await enqueueJob(tx, PIX_REREAD_JOB, { txid }, { maxAttempts: PIX_REREAD_RETRY.maxAttempts });
      });
    },
  };
  return service;
}

/** API Pix's `solicitacaoPagador`: UTF-8 text up to 140 characters; control characters out, spaces collapsed, accents kept. */
export function payerRequestText(s: string | null | undefined): string {
  return apiPixText(s, 140);
}

/** Text for API Pix's UTF-8 fields: control characters out, spaces collapsed, cut at `max` characters (not bytes). */
function apiPixText(s: string | null | undefined, max: number): string {
  const clean = (s ?? '').normalize('NFC').replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/g, ' ').trim();
  return [...clean].slice(0, max).join('').trim();
}

/**
 * API Pix's `devedor` (cob request): the payer's name with a CPF or a CNPJ (alphanumeric CNPJ
 * included), only when both are there and the document is real; otherwise none (the field is optional).
 */
export function devedorOf(payer: { name?: string | null; document?: string | null } | null | undefined): { cpf: string; nome: string } | { cnpj: string; nome: string } | null {
  const nome = apiPixText(payer?.name, 200);
  const doc = normalizeDocument(payer?.document);
  if (!nome || !isValidCpfOrCnpj(doc)) return null;
  return doc.length === 11 ? { cpf: doc, nome } : { cnpj: doc, nome };
}
