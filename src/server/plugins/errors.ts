/**
 * One error shape for the whole API: `{ Message, errors? }` with a pt-BR Message (the spec's clients
 * read it). Validation failures are 400 with every issue; 5xx bodies never carry internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '../../shared/messages';
import { HttpError } from '../lib/http-error';

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
      const errors = error.validation.map((v) => ({
        path: `${error.validationContext ?? ''}${v.instancePath}`.replace(/\//g, '.'),
        message: v.message ?? MSG.invalidInput,
      }));
      return reply.status(400).send({ Message: errors[0]?.message ?? MSG.invalidInput, errors });
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
