/**
 * What the log may say about a request: the route as registered (`/api/sharetoken/:token`), so
 * path parameters such as share tokens, order codes or postal codes never reach it, and only the
 * names of query parameters (intake and search queries carry customer data; the event stream
 * carries the bearer token). Database errors lose the values they quote.
 */
interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  routeOptions?: { url?: string };
}

/** `/api/x/:id?a=…&b=…` for a matched route; the bare path (no query) for any other. */
export function redactedUrl(req: LoggedRequest): string {
  const [path, query = ''] = req.url.split(/\?(.*)/s, 2);
  const names = query
    .split('&')
    .map((p) => p.split('=')[0])
    .filter(Boolean)
    .slice(0, 20)
    .map((n) => `${n.slice(0, 40)}=…`);
  const base = req.routeOptions?.url ?? (path.length > 200 ? `${path.slice(0, 200)}…` : path);
  return names.length ? `${base}?${names.join('&')}` : base;
}

/** Quoted values in database messages ('invalid input syntax for type uuid: "abc"'). */
function scrub(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  return text.replace(/"[^"]*"/g, '"…"').replace(/\bparams: .*$/s, 'params: …').replace(/\(([^()]*)\)=\([^()]*\)/g, '($1)=(…)');
}

export interface LoggedError {
  type?: string;
  message?: string;
  code?: string;
  stack?: string;
  cause?: LoggedError;
}

export function redactedError(err: unknown, depth = 0): LoggedError | undefined {
  if (!err || typeof err !== 'object' || depth > 3) return undefined;
  const e = err as { name?: string; message?: string; code?: unknown; stack?: string; cause?: unknown; query?: string };
  return {
    type: e.name,
    message: scrub(e.name === 'DrizzleQueryError' && e.query ? `Failed query: ${e.query}` : e.message),
    code: typeof e.code === 'string' ? e.code : undefined,
    stack: scrub(e.stack?.split('\n').slice(1).join('\n')),
    cause: redactedError(e.cause, depth + 1),
  };
}

/** Pino serializers for buildApp's logger. */
export const logSerializers = {
  req: (req: LoggedRequest) => ({ method: req.method, url: redactedUrl(req), remoteAddress: req.ip }),
  err: (err: unknown) => {
    const e = redactedError(err);
    return { ...e, type: e?.type ?? 'Error', message: e?.message ?? '', stack: e?.stack ?? '' };
  },
};
