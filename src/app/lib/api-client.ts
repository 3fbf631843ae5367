/**
 * The only place that calls fetch. Adds the bearer token, applies the timeout, parses the answer
 * with the shared schema and throws a typed ApiError (with the server's pt-BR `Message`). It shows
 * no toasts and does no redirects: a 401 clears the session here, once, and the router reacts.
 */
import type { $ZodType, output } from 'zod/v4/core';
import { CONTRACT_FINGERPRINT_HEADER, REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { runtimeConfig } from './runtime-config';
import { clearSession, getSession } from './session';
import { saveBlob } from './save-file';

/** The contract this build speaks (src/server/contract-fingerprint.ts). */
const CONTRACT_FINGERPRINT = typeof __CONTRACT_FINGERPRINT__ === 'string' ? __CONTRACT_FINGERPRINT__ : null;

interface StandardSchema {
  '~standard': { validate(v: unknown): { value?: unknown; issues?: unknown } | Promise<{ value?: unknown; issues?: unknown }> };
}

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly body: unknown = null,
  ) {
    super(message);
  }
  /** True when the server never answered (offline, timeout). */
  get isNetwork() {
    return this.status === 0;
  }
  /**
   * The server's own text for this failure: its `Message`, or a plain-text body (the spec's
   * "response text"); null when it sent none or never answered, so a screen can show the
   * spec's fallback instead of our generic message.
   */
  get serverMessage(): string | null {
    // A 2xx that failed the answer's schema (a null result) carries no error text of the server's.
    if (this.status >= 200 && this.status < 300) return null;
    const b = this.body;
    const text = typeof b === 'string' ? b : b && typeof b === 'object' && typeof (b as { Message?: unknown }).Message === 'string' ? (b as { Message: string }).Message : '';
    const t = text.trim();
    // An HTML error page from a proxy is not a message for a person.
    return t && !t.startsWith('<') && t.length <= 500 ? t : null;
  }
}

/**
 * What a failed call says to a person: the ApiError's own text (the server's message, or what the
 * client says of a dropped connection or a timeout), else `fallback` (the generic error unless a
 * screen's spec words its own).
 */
export function errorText(error: unknown, fallback: string = MSG.genericError): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** The server's text for a failed call, else the screen's own fallback (spec: "server Message, or …"). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

export interface RequestOptions<S extends $ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  schema?: S;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Use this token instead of the session's (sign-in, before the session is saved). */
  token?: string;
  signal?: AbortSignal;
  /**
   * A large answer the tablet must draw at once (the board's orders): when our own server says it
   * checked it against this very contract (its fingerprint, see src/server/contract-fingerprint.ts),
   * it is taken as it is instead of being parsed again with the same schema. Any other answer (another
   * backend, a server built from other sources) is parsed as always.
   */
  checkedByServer?: boolean;
  /**
   * The one success status the call's spec accepts (e.g. 201 for AdicionarProdutoV2: "any other
   * status yields null"): another 2xx answer is then a failure too, with the server's Message.
   */
  expectStatus?: number;
  /** Reads the answer's headers (e.g. the spec's x-total-count) before its body is parsed. */
  onHeaders?: (headers: Headers) => void;
}

export function apiUrl(path: string, query?: RequestOptions<undefined>['query']): string {
  const base = runtimeConfig().apiBaseUrl.replace(/\/$/, '');
  const url = `${base}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

/**
 * A signed-in write while the browser says it is offline is refused at once (issue 28): a request
 * would only hang until its timeout. The error is a network one (status 0), so callers that queue
 * commands (the order outbox) keep them, and forms stay open with what was typed.
 */
export function offlineRefusal(method: string | undefined, hasBody: boolean): string | null {
  if (!method || method === 'GET' || typeof navigator === 'undefined' || navigator.onLine || !getSession()) return null;
  return method !== 'DELETE' && hasBody ? MSG.offlineWrite : MSG.offlineAction;
}

export async function api<S extends $ZodType | undefined = undefined>(
  path: string,
  opts: RequestOptions<S> = {},
): Promise<S extends $ZodType ? output<S> : unknown> {
  const token = opts.token ?? getSession()?.token;
  // Queued commands (they carry an Idempotency-Key: the order and waiter outboxes) keep their own
  // offline handling; a person's save or delete is refused at once.
  const queued = Object.keys(opts.headers ?? {}).some((h) => h.toLowerCase() === 'idempotency-key');
  const refusal = queued ? null : offlineRefusal(opts.method, opts.body !== undefined);
  if (refusal) throw new ApiError(0, refusal);
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(apiUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
  } catch {
    throw new ApiError(0, MSG.serverUnavailable);
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    if (res.status === 401 && token) clearSession();
    throw new ApiError(res.status, messageOf(data), data);
  }
  if (opts.expectStatus !== undefined && res.status !== opts.expectStatus) throw new ApiError(res.status, messageOf(data), data);
  opts.onHeaders?.(res.headers);
  if (!opts.schema) return data as never;
  if (opts.checkedByServer && res.headers.get(CONTRACT_FINGERPRINT_HEADER) === CONTRACT_FINGERPRINT) return data as never;
  return parseAnswer(opts.schema, res.status, data) as never;
}

/** The server's pt-BR `Message`, or the generic one. */
function messageOf(data: unknown): string {
  return data && typeof data === 'object' && typeof (data as { Message?: unknown }).Message === 'string' ? (data as { Message: string }).Message : MSG.genericError;
}

/** Parses an answer with the shared schema (Standard Schema's validate(): no zod function is imported here). */
async function parseAnswer(schema: $ZodType, status: number, data: unknown): Promise<unknown> {
  const result = await (schema as unknown as StandardSchema)['~standard'].validate(data);
  if (result.issues) throw new ApiError(status, MSG.genericError, data);
  return result.value;
}

export interface UploadOptions<S extends $ZodType> {
  schema: S;
  /** Called with the fraction sent so far (0 to 1). */
  onProgress: (fraction: number) => void;
  query?: RequestOptions<undefined>['query'];
  /** Content type of a string or Blob body (FormData sets its own). */
  contentType?: string;
  /** 0 = no limit. Default 120 s. */
  timeoutMs?: number;
}

/**
 * A POST with upload progress (images, banners, CSV imports, extracts). fetch reports no upload
 * progress, so this one call uses XMLHttpRequest, with everything `api()` does: the base URL, the
 * bearer token, the server's Message in an ApiError, a 401 that clears the session, the answer
 * parsed with the shared schema.
 */
export function apiUpload<S extends $ZodType>(path: string, body: string | Blob | FormData, opts: UploadOptions<S>): Promise<output<S>> {
  const token = getSession()?.token;
  const refusal = offlineRefusal('POST', true);
  if (refusal) return Promise.reject(new ApiError(0, refusal));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path, opts.query));
    if (opts.contentType) xhr.setRequestHeader('content-type', opts.contentType);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.timeout = opts.timeoutMs ?? 120_000;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, MSG.serverUnavailable));
    xhr.ontimeout = () => reject(new ApiError(0, MSG.serverUnavailable));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401 && token) clearSession();
        reject(new ApiError(xhr.status, messageOf(data), data));
        return;
      }
      parseAnswer(opts.schema, xhr.status, data).then((v) => resolve(v as output<S>), reject);
    };
    xhr.send(body);
  });
}

/** A picked file as a `data:` URL (the JSON image uploads carry it so). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Uploads an image the way the catalogue and the donation banners take it: JSON `{ localClienteId,
 * imagem }` with the file as a data URL, progress in percent; resolves with the address the server
 * serves the image from.
 */
export async function uploadImageAsDataUrl(path: string, schema: $ZodType<{ url: string }>, localClienteId: string, file: Blob, onProgress: (percent: number) => void): Promise<string> {
  const imagem = await readAsDataUrl(file);
  const answer = await apiUpload(path, JSON.stringify({ localClienteId, imagem }), {
    schema,
    contentType: 'application/json',
    onProgress: (f) => onProgress(Math.round(f * 100)),
  });
  return answer.url;
}

/**
 * Fetches a generated file (`{ FileName, RelativePath }` from a report call) from
 * `api/download/file` with the session's token and hands it to the browser as a download.
 */
export async function downloadGeneratedFile(file: { FileName: string; RelativePath: string }): Promise<void> {
  const token = getSession()?.token;
  let res: Response;
  try {
    res = await fetch(apiUrl('api/download/file', { filename: file.FileName, relativepath: file.RelativePath }), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(0, MSG.serverUnavailable);
  }
  if (!res.ok) {
    if (res.status === 401 && token) clearSession();
    throw new ApiError(res.status, res.status === 404 ? MSG.fileNotFound : MSG.genericError);
  }
  saveBlob(await res.blob(), file.FileName);
}
