import type { TErrorBody, TErrorCode } from '@app/contract/http';
import { errorCodeText } from '@app/contract/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { requestLanguage, translate } from '../lib/messages';

function send(reply: FastifyReply, status: number, body: TErrorBody) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

const CONTEXT_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/** Fastify's own client errors (bad JSON, wrong content type, too large) keep their status with our code. */
const CODE_FOR_STATUS: Partial<Record<number, TErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
};

/**
 * One error handler for the whole API: validation -> 400 naming the field, known errors
 * -> their code, anything else -> 500 with the request id and no internals.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const field = path || CONTEXT_NAMES[String(error.validationContext)] || 'body';
      const detail = first?.message ?? 'Invalid value';
      return send(reply, 400, {
        error: { code: 'VALIDATION_ERROR', message: `${field}: ${detail}`, field },
      });
    }
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.extra.retryAfterSeconds));
      }
      return send(reply, error.statusCode, {
        error: { code: error.code, message: error.message, ...error.extra },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, {
        error: { code: CODE_FOR_STATUS[status] ?? 'BAD_REQUEST', message: error.message },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    const language = requestLanguage(request);
    return send(reply, 500, {
      error: {
        code: 'INTERNAL',
        message: `${errorCodeText(language, 'INTERNAL')} ${translate(language, 'reference', { requestId: String(request.id) })}`,
        requestId: String(request.id),
      },
    });
  });
});
