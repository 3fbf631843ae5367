/**
 * A loopback PSP serving Banco Central's API Pix v2 (bacen/pix-api openapi.yaml 2.9.0), written
 * from the published contract: OAuth2 client credentials at /oauth/token (HTTP Basic, form body,
 * Bearer tokens with expires_in), PUT/GET /cob/{txid}, GET /pix/{e2eid},
 * PUT/GET /pix/{e2eid}/devolucao/{id}, PUT/GET /webhook/{chave}, errors as RFC 7807 problems with
 * the types the API lists (CobOperacaoInvalida, CobNaoEncontrado, PixNaoEncontrado,
 * PixDevolucaoInvalida...), and the webhook callback POST {webhookUrl}/pix with { pix: [...] }.
 *
 * It is the sandbox (called in process through `transport`, so the app runs the real client) and
 * the tests' fake (served on 127.0.0.1 through `listen`). Its BR Codes are static codes for the
 * charge's key, which no bank settles for the sandbox key; `pay` plays the payer's bank.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { buildStaticBrCode } from '../br-code';
import { DEVOLUCAO_ID_RE, E2EID_RE, TXID_RE, VALOR_RE, centsOf, type Cob, type Devolucao, type PixHttpRequest, type PixHttpResponse, type PixRecebido, type PixTransport } from './api-pix';

export const LOOPBACK_API_BASE = '/api/v2';
export const LOOPBACK_TOKEN_PATH = '/oauth/token';
const ERR = 'https://pix.bcb.gov.br/api/v2/error/';

export interface LoopbackPspOptions {
  clientId: string;
  clientSecret: string;
  /** Lifetime of an access token in seconds (default 3600). */
  tokenTtlSeconds?: number;
  now?: () => number;
  /** Receiver's name and city printed in the BR Codes (the PSP knows its customer). */
  merchant?: { name: string; city: string };
  /** Delivers a webhook callback (POST url with a JSON body); answers the HTTP status. */
  deliver?: (url: string, body: string) => Promise<number>;
}

/** Pix this PSP received outside its charges (the sandbox's view of the finance ledger). */
export type PixSource = (e2eid: string) => Promise<PixRecebido | null>;

export interface LoopbackPsp {
  /** In-process transport for the API Pix client. */
  transport: PixTransport;
  handle(req: PixHttpRequest): Promise<PixHttpResponse>;
  /** Serves the PSP on 127.0.0.1 (tests); answers its API base and token address. */
  listen(): Promise<{ apiUrl: string; tokenUrl: string; close(): Promise<void> }>;
  /** The payer's bank pays a charge (valor defaults to the charge's); the webhook is delivered. */
  pay(txid: string, valor?: string): Promise<PixRecebido>;
  /** A Pix received with no charge (for refunds and lookups). */
  receive(pix: { valor: string; txid?: string }): PixRecebido;
  cob(txid: string): Cob | undefined;
  /** Adds a source of Pix received elsewhere (sandbox: payments the finance ledger lists). */
  addPixSource(source: PixSource): void;
  webhooks(): Map<string, string>;
  /** Requests seen, as "METHOD /path" (tests). */
  log: string[];
  /** The next n API calls answer this status (tests: 5xx, 429). */
  failNext(n: number, status?: number): void;
  /** The next n API calls are carried out but their answers are lost (tests: 504 after the fact). */
  loseNextAnswers(n: number): void;
  /** Every token issued so far stops being accepted (tests: expiry). */
  expireTokens(): void;
}

export function createLoopbackPsp(o: LoopbackPspOptions): LoopbackPsp {
  const now = o.now ?? Date.now;
  const ttl = o.tokenTtlSeconds ?? 3600;
  const tokens = new Map<string, number>();
  const cobs = new Map<string, Cob>();
  const pixes = new Map<string, PixRecebido>();
  const hooks = new Map<string, string>();
  const log: string[] = [];
  const sources: PixSource[] = [];
  let failures: { n: number; status: number } = { n: 0, status: 503 };
  let lose = 0;

  const json = (status: number, body: unknown, type = 'application/json'): PixHttpResponse => ({ status, headers: { 'content-type': type }, body: body === undefined ? '' : JSON.stringify(body) });
  const problem = (status: number, type: string, title: string, detail?: string, violacoes?: Array<{ razao: string; propriedade: string }>) =>
    json(status, { type: `${ERR}${type}`, title, status, ...(detail ? { detail } : {}), ...(violacoes ? { violacoes } : {}) }, 'application/problem+json');

  function e2eid(): string {
    // E + ISPB (8) + yyyyMMddHHmm (12) + 11 alphanumerics = 32 characters.
    const d = new Date(now()).toISOString().replace(/\D/g, '').slice(0, 12);
    return `E99999999${d}${randomBytes(8).toString('hex').slice(0, 11)}`;
  }

  function token(req: PixHttpRequest, body: string): PixHttpResponse {
    const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [id, secret] = m ? Buffer.from(m[1], 'base64').toString('utf8').split(':').map(decodeURIComponent) : [];
    if (id !== o.clientId || secret !== o.clientSecret) return json(401, { error: 'invalid_client' });
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') return json(400, { error: 'unsupported_grant_type' });
    const value = randomUUID().replace(/-/g, '');
    tokens.set(value, now() + ttl * 1000);
    return json(200, { access_token: value, token_type: 'Bearer', expires_in: ttl, scope: new URLSearchParams(body).get('scope') ?? '' });
  }

  function cobView(c: Cob): Cob {
    const paid = [...pixes.values()].filter((p) => p.txid === c.txid);
    return { ...c, ...(paid.length ? { pix: paid } : {}) };
  }

  function putCob(txid: string, b: Record<string, any> | null): PixHttpResponse {
    const v: Array<{ razao: string; propriedade: string }> = [];
    if (!TXID_RE.test(txid)) v.push({ razao: 'O campo txid não respeita o schema.', propriedade: 'cob.txid' });
    const exp = b?.calendario?.expiracao ?? 86400;
    if (!Number.isInteger(exp) || exp <= 0) v.push({ razao: 'O campo cob.calendario.expiracao é igual ou menor que zero.', propriedade: 'cob.calendario.expiracao' });
    const original = b?.valor?.original;
    if (typeof original !== 'string' || !VALOR_RE.test(original)) v.push({ razao: 'O campo cob.valor.original não respeita o schema.', propriedade: 'cob.valor.original' });
    else if (centsOf(original) === 0) v.push({ razao: 'Valor da cobrança não pode ser 0.00', propriedade: 'cob.valor.original' });
    if (typeof b?.chave !== 'string' || !b.chave || b.chave.length > 77) v.push({ razao: 'O campo cob.chave não respeita o schema.', propriedade: 'cob.chave' });
    if (b?.solicitacaoPagador !== undefined && (typeof b.solicitacaoPagador !== 'string' || b.solicitacaoPagador.length > 140)) v.push({ razao: 'O campo solicitacaoPagador não respeita o schema.', propriedade: 'cob.solicitacaoPagador' });
    // devedor (optional): nome up to 200 with exactly one of cpf (11 digits) or cnpj (14; alphanumeric from July 2026).
    const d = b?.devedor;
    if (d !== undefined) {
      const okName = typeof d?.nome === 'string' && d.nome.trim() !== '' && d.nome.length <= 200;
      const okDoc = (d?.cpf !== undefined) !== (d?.cnpj !== undefined) && (d?.cpf === undefined || /^\d{11}$/.test(d.cpf)) && (d?.cnpj === undefined || /^[0-9A-Z]{12}\d{2}$/.test(d.cnpj));
      if (!okName || !okDoc) v.push({ razao: 'O campo cob.devedor não respeita o schema.', propriedade: 'cob.devedor' });
    }
    const existing = cobs.get(txid);
    if (existing && existing.status !== 'ATIVA') v.push({ razao: 'A cobrança não está ATIVA.', propriedade: 'cob.txid' });
    if (v.length) return problem(400, 'CobOperacaoInvalida', 'Cobrança inválida.', 'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o schema ou está semanticamente errada.', v);
    const criacao = existing?.calendario.criacao ?? new Date(now()).toISOString();
    const location = `pix.sandbox.invalid/qr/v2/${randomUUID().replace(/-/g, '')}`;
    const cob: Cob = {
      calendario: { criacao, expiracao: exp },
      txid,
      revisao: existing ? existing.revisao + 1 : 0,
      status: 'ATIVA',
      valor: { original, modalidadeAlteracao: 0 },
      chave: b!.chave,
      ...(d ? { devedor: d } : {}),
      ...(b!.solicitacaoPagador ? { solicitacaoPagador: b!.solicitacaoPagador } : {}),
      location,
      pixCopiaECola: buildStaticBrCode({
        key: b!.chave,
        description: b!.solicitacaoPagador,
        merchantName: o.merchant?.name ?? 'BALCAO SANDBOX',
        merchantCity: o.merchant?.city ?? 'SAO PAULO',
        amountCents: centsOf(original),
        txid,
      }),
    };
    cobs.set(txid, cob);
    return json(201, cob);
  }

  async function pixBy(e2e: string): Promise<PixRecebido | null> {
    const p = pixes.get(e2e);
    if (p) return p;
    for (const source of sources) {
      const found = await source(e2e);
      if (found) {
        pixes.set(e2e, { ...found, devolucoes: found.devolucoes ?? [] });
        break;
      }
    }
    return pixes.get(e2e) ?? null;
  }

  async function putDevolucao(e2e: string, id: string, b: Record<string, any> | null): Promise<PixHttpResponse> {
    if (!E2EID_RE.test(e2e)) return problem(404, 'PixNaoEncontrado', 'Pix não encontrado.');
    const pix = await pixBy(e2e);
    if (!pix) return problem(404, 'PixNaoEncontrado', 'Pix não encontrado.');
    const list = (pix.devolucoes ??= []);
    const v: Array<{ razao: string; propriedade: string }> = [];
    if (!DEVOLUCAO_ID_RE.test(id)) v.push({ razao: 'O id da devolução não respeita o schema.', propriedade: 'devolucao.id' });
    if (typeof b?.valor !== 'string' || !VALOR_RE.test(b.valor) || centsOf(b.valor) === 0) v.push({ razao: 'O campo devolucao.valor não respeita o schema.', propriedade: 'devolucao.valor' });
    const same = list.find((d) => d.id === id);
    if (same) {
      // The same request again is answered with the same refund (PUT is idempotent).
      if (same.valor === b?.valor) return json(201, same);
      v.push({ razao: 'O id da devolução já foi utilizado por outra devolução deste Pix.', propriedade: 'devolucao.id' });
    }
    const used = list.filter((d) => d.status !== 'NAO_REALIZADO').reduce((s, d) => s + centsOf(d.valor), 0);
    if (!v.length && used + centsOf(b!.valor) > centsOf(pix.valor)) v.push({ razao: 'A devolução, com as anteriores, excederia o valor do Pix.', propriedade: 'devolucao.valor' });
    if (v.length) return problem(400, 'PixDevolucaoInvalida', 'Devolução inválida.', undefined, v);
    const d: Devolucao = { id, rtrId: `D99999999${e2e.slice(9, 21)}${randomBytes(8).toString('hex').slice(0, 11)}`, valor: b!.valor, horario: { solicitacao: new Date(now()).toISOString() }, status: 'EM_PROCESSAMENTO' };
    list.push(d);
    return json(201, d);
  }

  async function handle(req: PixHttpRequest): Promise<PixHttpResponse> {
    const res = await serve(req);
    if (lose > 0 && new URL(req.url).pathname.startsWith(`${LOOPBACK_API_BASE}/`) && res.status < 300) {
      lose--;
      return problem(504, 'IndisponibilidadePorTempoEsgotado', 'Tempo esgotado.');
    }
    return res;
  }

  async function serve(req: PixHttpRequest): Promise<PixHttpResponse> {
    const url = new URL(req.url);
    const path = url.pathname;
    log.push(`${req.method} ${path}`);
    if (failures.n > 0) {
      failures.n--;
      return problem(failures.status, failures.status === 503 ? 'ServicoIndisponivel' : 'ErroInternoDoServidor', 'Serviço indisponível.');
    }
    if (path === LOOPBACK_TOKEN_PATH && req.method === 'POST') return token(req, req.body ?? '');
    if (!path.startsWith(`${LOOPBACK_API_BASE}/`)) return problem(404, 'NaoEncontrado', 'Não encontrado.');
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const until = bearer ? tokens.get(bearer) : undefined;
    if (!until || until <= now()) return { status: 401, headers: { 'www-authenticate': 'Bearer error="invalid_token"' }, body: '' };
    let body: Record<string, any> | null = null;
    if (req.body) {
      try {
        body = JSON.parse(req.body) as Record<string, any>;
      } catch {
        return problem(400, 'RequisicaoInvalida', 'Requisição inválida.');
      }
    }
    const parts = path.slice(LOOPBACK_API_BASE.length + 1).split('/').map(decodeURIComponent);
    if (parts[0] === 'cob' && parts.length === 2) {
      if (req.method === 'PUT') return putCob(parts[1], body);
      if (req.method === 'GET') {
        const c = cobs.get(parts[1]);
        return c ? json(200, cobView(c)) : problem(404, 'CobNaoEncontrado', 'Cobrança não encontrada.');
      }
    }
    if (parts[0] === 'pix' && parts.length === 2 && req.method === 'GET') {
      const p = E2EID_RE.test(parts[1]) ? await pixBy(parts[1]) : null;
      return p ? json(200, p) : problem(404, 'PixNaoEncontrado', 'Pix não encontrado.');
    }
    if (parts[0] === 'pix' && parts.length === 4 && parts[2] === 'devolucao') {
      if (req.method === 'PUT') return putDevolucao(parts[1], parts[3], body);
      if (req.method === 'GET') {
        const d = (await pixBy(parts[1]))?.devolucoes?.find((x) => x.id === parts[3]);
        return d ? json(200, d) : problem(404, 'PixDevolucaoNaoEncontrada', 'Devolução não encontrada.');
      }
    }
    if (parts[0] === 'webhook' && parts.length === 2) {
      if (req.method === 'PUT') {
        const u = body?.webhookUrl;
        if (typeof u !== 'string' || !/^https?:\/\//.test(u)) return problem(400, 'WebhookOperacaoInvalida', 'Webhook inválido.', undefined, [{ razao: 'Campo webhook.webhookUrl não respeita o schema.', propriedade: 'webhook.webhookUrl' }]);
        hooks.set(parts[1], u);
        return json(200, undefined);
      }
      if (req.method === 'GET') {
        const u = hooks.get(parts[1]);
        return u ? json(200, { webhookUrl: u, chave: parts[1], criacao: new Date(now()).toISOString() }) : problem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.');
      }
    }
    return problem(404, 'NaoEncontrado', 'Não encontrado.');
  }

  function receive(p: { valor: string; txid?: string }): PixRecebido {
    const pix: PixRecebido = { endToEndId: e2eid(), ...(p.txid ? { txid: p.txid } : {}), valor: p.valor, horario: new Date(now()).toISOString(), devolucoes: [] };
    pixes.set(pix.endToEndId, pix);
    return pix;
  }

  return {
    handle,
    transport: (req) => handle(req),
    async listen() {
      const server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
          const body = Buffer.concat(chunks).toString('utf8');
          handle({ method: req.method as PixHttpRequest['method'], url: `http://127.0.0.1${req.url}`, headers, body: body || undefined }).then(
            (r) => {
              res.writeHead(r.status, r.headers);
              res.end(r.body);
            },
            () => {
              res.writeHead(500);
              res.end();
            },
          );
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return {
        apiUrl: `${origin}${LOOPBACK_API_BASE}`,
        tokenUrl: `${origin}${LOOPBACK_TOKEN_PATH}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      };
    },
    async pay(txid, valor) {
      const c = cobs.get(txid);
      if (!c || c.status !== 'ATIVA') throw new Error('no active charge with this txid');
      const pix = receive({ valor: valor ?? c.valor.original, txid });
      c.status = 'CONCLUIDA';
      const url = hooks.get(c.chave);
      if (url && o.deliver) await o.deliver(`${url.replace(/\/+$/, '')}/pix`, JSON.stringify({ pix: [{ endToEndId: pix.endToEndId, txid, valor: pix.valor, horario: pix.horario }] }));
      return pix;
    },
    receive,
    addPixSource: (source) => void sources.push(source),
    cob: (txid) => {
      const c = cobs.get(txid);
      return c && cobView(c);
    },
    webhooks: () => hooks,
    log,
    failNext(n, status = 503) {
      failures = { n, status };
    },
    loseNextAnswers(n) {
      lose = n;
    },
    expireTokens() {
      for (const k of tokens.keys()) tokens.set(k, 0);
    },
  };
}
