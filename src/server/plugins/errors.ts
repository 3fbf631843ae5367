/**
 * One error shape for the whole API: `{ Message, errors? }` with a pt-BR Message (the spec's clients
 * read it). Validation failures are 400 with every issue; 5xx bodies never carry internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import ptBR from 'zod/v4/locales/pt-BR.js';
import { MSG } from '../../shared/messages';
import { ORDER_MSG } from '../../shared/orders';
import { FileStoreUnavailableError } from '../lib/file-storage';
import { HttpError } from '../lib/http-error';
import { fieldName } from './security';

const zodDefault = ptBR().localeError as (issue: Record<string, unknown>) => string | { message: string } | undefined;

const EXPECTED: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  bigint: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  array: 'uma lista',
  object: 'um objeto',
  date: 'uma data',
  null: 'vazio',
};

/**
 * Zod's own messages ("Entrada inválida: esperava um texto, recebeu um valor "undefined"") name no
 * field; a message the contract wrote itself (spec texts) is kept as it is.
 */
function fieldMessage(
  v: { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> },
  context: string,
  data: unknown,
): string {
  const path = v.instancePath.split('/').filter(Boolean);
  let value: unknown = data;
  for (const p of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[p] : undefined;
  const own = v.message;
  const generated = zodDefault({ code: v.keyword, ...v.params, input: value });
  const defaultText = typeof generated === 'string' ? generated : generated?.message;
  if (own && defaultText !== own) return own;
  const isQuery = context === 'querystring' || context === 'params';
  if (!path.length) {
    return isQuery ? 'Parâmetros inválidos.' : 'O corpo da requisição está vazio ou inválido.';
  }
  const what = isQuery ? `O parâmetro "${fieldName(path)}"` : `O campo "${fieldName(path)}"`;
  const p = v.params;
  const bound = (key: string) => String(p[key]);
  switch (v.keyword) {
    case 'invalid_type':
      if (value === undefined) return `Informe ${isQuery ? 'o parâmetro' : 'o campo'} "${fieldName(path)}".`;
      return `${what} deve ser ${EXPECTED[String(p.expected)] ?? 'de outro tipo'}.`;
    case 'too_big':
      if (p.origin === 'string') return `${what} deve ter no máximo ${bound('maximum')} caracteres.`;
      if (p.origin === 'array' || p.origin === 'set') return `${what} deve ter no máximo ${bound('maximum')} itens.`;
      return `${what} deve ser ${p.inclusive === false ? 'menor que' : 'no máximo'} ${bound('maximum')}.`;
    case 'too_small':
      if (p.origin === 'string') return `${what} deve ter no mínimo ${bound('minimum')} caracteres.`;
      if (p.origin === 'array' || p.origin === 'set') return `${what} deve ter no mínimo ${bound('minimum')} itens.`;
      return `${what} deve ser ${p.inclusive === false ? 'maior que' : 'no mínimo'} ${bound('minimum')}.`;
    case 'invalid_value':
      return `${what} deve ser um destes valores: ${((p.values as unknown[]) ?? []).map(String).join(', ')}.`;
    case 'invalid_format':
      return `${what} tem formato inválido.`;
    case 'unrecognized_keys':
      return `Campo não esperado: ${((p.keys as unknown[]) ?? []).map((k) => `"${String(k)}"`).join(', ')}.`;
    default:
      return `${what} é inválido.`;
  }
}

/** Postgres errors that only bad input can cause: the answer is 4xx, never 500. */
const DB_INPUT_ERRORS: Record<string, [number, string]> = {
  '22P02': [400, MSG.invalidInput], // invalid text representation (uuid, integer...)
  '22003': [400, 'Número fora do intervalo permitido.'],
  '22021': [400, 'O texto contém caracteres não permitidos.'],
  '22001': [400, 'Texto longo demais para o campo.'],
  '22007': [400, 'Data inválida.'],
  '22008': [400, 'Data fora do intervalo permitido.'],
  '22023': [400, MSG.invalidInput],
  '2201B': [400, MSG.invalidInput],
  '22025': [400, MSG.invalidInput],
  '23502': [400, MSG.invalidInput],
  '23503': [409, 'O registro referenciado não existe ou está em uso.'],
  '23505': [409, 'Já existe um registro com estes dados.'],
  '23514': [400, MSG.invalidInput],
  '54000': [400, 'Os dados enviados são grandes demais.'],
};

/**
 * The database is unreachable for a moment (restart, failover, pool exhausted): a 503 the clients
 * retry (the board's outbox does), not a 500. SQLSTATE class 08, 57P01-57P03 and 53300, or the
 * driver's own connection errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^08/.test(code) || ['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code)) return true;
    if (typeof e.message === 'string' && /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error/i.test(e.message)) return true;
  }
  return false;
}

/** The SQLSTATE of a database error, also when the ORM wrapped it. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de conteúdo não suportado. Envie JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'O corpo da requisição está vazio.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'JSON inválido no corpo da requisição.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'O corpo da requisição é grande demais.',
  FST_ERR_BAD_URL: 'Endereço inválido.',
  FST_ERR_MAX_PARAM_LENGTH: 'Endereço longo demais.',
};

/**
 * The router answers some malformed URLs before any handler runs; this gives them the same
 * `{ Message }` shape (pass it as Fastify's `frameworkErrors` option).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  reply.status(error.statusCode ?? 400).send({ Message: FRAMEWORK_MESSAGES[error.code] ?? MSG.invalidInput });
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ Message: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? '';
      const data = context === 'body' ? request.body : context === 'querystring' ? request.query : context === 'params' ? request.params : request.headers;
      const errors = error.validation.map((v) => ({
        path: `${context}${v.instancePath}`.replace(/\//g, '.'),
        message: fieldMessage(v as Parameters<typeof fieldMessage>[0], context, data),
      }));
      return reply.status(400).send({ Message: errors[0]?.message ?? MSG.invalidInput, errors });
    }
    const state = sqlState(error);
    if (state && DB_INPUT_ERRORS[state]) {
      const [dbStatus, message] = DB_INPUT_ERRORS[state];
      request.log.warn({ sqlState: state, route: request.routeOptions.url }, 'entrada recusada pelo banco');
      return reply.status(dbStatus).send({ Message: message });
    }
    // A lock wait that passed its lock_timeout (the venue lock of order writes: issue 36) or a
    // statement that passed statement_timeout: the server is busy, not broken; the client retries.
    if (state === '55P03') {
      request.log.warn({ sqlState: state, route: request.routeOptions.url }, 'espera por trava excedeu o limite');
      return reply.status(503).header('retry-after', '3').send({ Message: ORDER_MSG.venueBusy });
    }
    if (state === '57014') {
      request.log.warn({ sqlState: state, route: request.routeOptions.url }, 'consulta excedeu o limite de tempo');
      return reply.status(503).header('retry-after', '5').send({ Message: MSG.databaseUnavailable });
    }
    // Before the database check: an S3 outage carries network error codes too.
    if (error instanceof FileStoreUnavailableError) {
      request.log.warn({ route: request.routeOptions.url, error: ((error.cause as Error | undefined)?.message ?? error.message).slice(0, 200) }, 'armazenamento de arquivos indisponível');
      return reply.status(503).header('retry-after', '5').send({ Message: MSG.fileStoreUnavailable });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ route: request.routeOptions.url, error: (error as Error).message }, 'banco de dados indisponível');
      return reply.status(503).header('retry-after', '5').send({ Message: MSG.databaseUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError') {
        return reply.status(400).send({ Message: FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY });
      }
      return reply.status(status).send({ Message: FRAMEWORK_MESSAGES[error.code] ?? MSG.invalidInput });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ Message: MSG.genericError });
  });
});
