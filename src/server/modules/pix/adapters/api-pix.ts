/**
 * Client of Banco Central's API Pix v2 (github.com/bacen/pix-api, openapi.yaml), the interface every
 * Brazilian PSP serves to its receiving users. OAuth2 client credentials (RFC 6749 §4.4) at
 * PIX_TOKEN_URL with the client id and secret in HTTP Basic, the token kept until shortly before it
 * expires and renewed when the PSP answers 401; the PSP's mTLS client certificate when given.
 *
 * Calls used: PUT /cob/{txid} (create an immediate charge), GET /cob/{txid}, GET /pix/{e2eid},
 * PUT /pix/{e2eid}/devolucao/{id} (refund), PUT /webhook/{chave}. Every PUT is idempotent by design
 * (txid and refund id are ours), so a network error, 429 or 5xx is retried with backoff.
 *
 * The transport is the only thing that differs between a real PSP (HTTPS, nodeTransport) and the
 * sandbox (the loopback PSP in pix/adapters/sandbox.ts, called in process): the requests are the same.
 */
import http from 'node:http';
import https from 'node:https';

export interface PixHttpRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  body?: string;
}
export interface PixHttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
export type PixTransport = (req: PixHttpRequest) => Promise<PixHttpResponse>;

/** RFC 7807 problem, as API Pix answers its errors. */
export interface PixProblem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  violacoes?: Array<{ razao?: string; propriedade?: string; valor?: string }>;
}

export type CobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export interface CobRequest {
  calendario: { expiracao: number };
  devedor?: { cpf?: string; cnpj?: string; nome: string };
  valor: { original: string; modalidadeAlteracao?: 0 | 1 };
  chave: string;
  solicitacaoPagador?: string;
}

export interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  natureza?: string;
  descricao?: string;
  horario: { solicitacao?: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  motivo?: string;
}

export interface PixRecebido {
  endToEndId: string;
  txid?: string;
  valor: string;
  horario: string;
  infoPagador?: string;
  devolucoes?: Devolucao[];
}

export interface Cob {
  calendario: { criacao: string; expiracao: number };
  txid: string;
  revisao: number;
  status: CobStatus;
  valor: { original: string; modalidadeAlteracao?: number };
  chave: string;
  devedor?: { cpf?: string; cnpj?: string; nome: string };
  solicitacaoPagador?: string;
  location?: string;
  pixCopiaECola?: string;
  pix?: PixRecebido[];
}

/** The PSP answered, but refused (4xx other than 401/429): retrying would not help. */
export class PixApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: PixProblem | null,
  ) {
    super(`API Pix ${status}${problem?.type ? ` ${problem.type.split('/').pop()}` : ''}`);
  }
}
/** The PSP could not be reached or kept failing (network, timeout, 429, 5xx) after the retries. */
export class PixUnavailableError extends Error {}

export const TXID_RE = /^[a-zA-Z0-9]{26,35}$/;
export const E2EID_RE = /^[a-zA-Z0-9]{32}$/;
export const DEVOLUCAO_ID_RE = /^[a-zA-Z0-9]{1,35}$/;
export const VALOR_RE = /^\d{1,10}\.\d{2}$/;

/** API Pix money: a string with a dot and two decimals ("12.50"). */
export const valorOf = (cents: number) => `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
export const centsOf = (valor: string) => (VALOR_RE.test(valor) ? Number(valor.replace('.', '')) : Number.NaN);

export interface ApiPixClientOptions {
  /** Base of the API, e.g. https://pix.example.com/api/v2 */
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  transport: PixTransport;
  /** Attempts for one call when the PSP is unavailable (default 4). */
  attempts?: number;
  /** Wait before retry n (1-based); default 300 ms × 3^(n-1). */
  retryDelayMs?: (n: number) => number;
  /** Renew the token this long before the PSP says it expires (default 60 s). */
  tokenMarginMs?: number;
  now?: () => number;
  scope?: string;
}

export interface ApiPixClient {
  putCob(txid: string, body: CobRequest): Promise<Cob>;
  getCob(txid: string): Promise<Cob>;
  /** The Pix received with this end-to-end id, or null when the PSP does not know it (404). */
  getPix(e2eid: string): Promise<PixRecebido | null>;
  putDevolucao(e2eid: string, id: string, body: { valor: string; descricao?: string }): Promise<Devolucao>;
  putWebhook(chave: string, webhookUrl: string): Promise<void>;
}

const SCOPE = 'cob.write cob.read pix.write pix.read webhook.write webhook.read';

export function createApiPixClient(o: ApiPixClientOptions): ApiPixClient {
  const base = o.apiUrl.replace(/\/+$/, '');
  const attempts = Math.max(1, o.attempts ?? 4);
  const delay = o.retryDelayMs ?? ((n) => 300 * 3 ** (n - 1));
  const margin = o.tokenMarginMs ?? 60_000;
  const now = o.now ?? Date.now;
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

  async function send(req: PixHttpRequest): Promise<PixHttpResponse> {
    let last: unknown;
    for (let n = 1; n <= attempts; n++) {
      if (n > 1) await sleep(delay(n - 1));
      try {
        const res = await o.transport(req);
        if (res.status === 429 || res.status >= 500) {
          last = new PixUnavailableError(`API Pix ${res.status}`);
          continue;
        }
        return res;
      } catch (err) {
        last = err;
      }
    }
    throw last instanceof PixUnavailableError ? last : new PixUnavailableError('API Pix unreachable');
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${encodeURIComponent(o.clientId)}:${encodeURIComponent(o.clientSecret)}`).toString('base64');
    const res = await send({
      method: 'POST',
      url: o.tokenUrl,
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: o.scope ?? SCOPE }).toString(),
    });
    const data = parse(res.body) as { access_token?: unknown; expires_in?: unknown } | null;
    if (res.status !== 200 || !data || typeof data.access_token !== 'string') throw new PixApiError(res.status, null);
    const ttl = typeof data.expires_in === 'number' && data.expires_in > 0 ? data.expires_in * 1000 : 300_000;
    token = { value: data.access_token, expiresAt: now() + ttl - Math.min(margin, ttl / 2) };
    return token.value;
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    // One token request at a time: concurrent calls share it.
    pending ??= fetchToken().finally(() => (pending = null));
    return pending;
  }

  async function call<T>(method: PixHttpRequest['method'], path: string, body?: unknown, okStatus: number[] = [200, 201]): Promise<{ status: number; data: T }> {
    for (let renewed = false; ; renewed = true) {
      const bearer = await accessToken();
      const res = await send({
        method,
        url: `${base}${path}`,
        headers: { authorization: `Bearer ${bearer}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status === 401 && !renewed) {
        token = null;
        continue;
      }
      if (!okStatus.includes(res.status)) throw new PixApiError(res.status, parse(res.body) as PixProblem | null);
      return { status: res.status, data: parse(res.body) as T };
    }
  }

  return {
    async putCob(txid, body) {
      if (!TXID_RE.test(txid)) throw new RangeError('txid must have 26 to 35 letters and digits');
      return (await call<Cob>('PUT', `/cob/${txid}`, body)).data;
    },
    async getCob(txid) {
      if (!TXID_RE.test(txid)) throw new RangeError('txid must have 26 to 35 letters and digits');
      return (await call<Cob>('GET', `/cob/${txid}`)).data;
    },
    async getPix(e2eid) {
      if (!E2EID_RE.test(e2eid)) return null;
      try {
        return (await call<PixRecebido>('GET', `/pix/${e2eid}`)).data;
      } catch (err) {
        if (err instanceof PixApiError && err.status === 404) return null;
        throw err;
      }
    },
    async putDevolucao(e2eid, id, body) {
      if (!E2EID_RE.test(e2eid) || !DEVOLUCAO_ID_RE.test(id)) throw new RangeError('bad e2eid or refund id');
      return (await call<Devolucao>('PUT', `/pix/${e2eid}/devolucao/${id}`, body)).data;
    },
    async putWebhook(chave, webhookUrl) {
      await call('PUT', `/webhook/${encodeURIComponent(chave)}`, { webhookUrl }, [200, 201, 204]);
    },
  };
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** HTTP(S) transport with the PSP's client certificate (mTLS) when given, and its CA when private. */
export function nodeTransport(opts: { cert?: Buffer; key?: Buffer; ca?: Buffer; timeoutMs?: number } = {}): PixTransport {
  const agent = new https.Agent({ keepAlive: true, cert: opts.cert, key: opts.key, ...(opts.ca ? { ca: opts.ca } : {}) });
  const timeout = opts.timeoutMs ?? 15_000;
  return (req) =>
    new Promise((resolve, reject) => {
      const url = new URL(req.url);
      const mod = url.protocol === 'https:' ? https : http;
      const r = mod.request(
        url,
        { method: req.method, headers: { ...req.headers, ...(req.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(req.body)) }) }, ...(url.protocol === 'https:' ? { agent } : {}), timeout },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers[k] = v;
            resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
          });
          res.on('error', reject);
        },
      );
      r.on('timeout', () => r.destroy(new Error('timeout')));
      r.on('error', reject);
      if (req.body !== undefined) r.write(req.body);
      r.end();
    });
}
