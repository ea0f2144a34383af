import { ErrorCode, errorTable, type ErrorEnvelope, type NotFoundEnvelope } from '@ninety/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, invalidFieldMessage } from '../lib/app-error';

const contextNames: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

function validationMessage(error: FastifyError): string {
  const context = contextNames[error.validationContext ?? ''] ?? '请求';
  const first = error.validation?.[0];
  if (!first) return `${context}无效`;
  const unknownKeys = first.params['keys'];
  if (first.keyword === 'unrecognized_keys' && Array.isArray(unknownKeys)) {
    return `${context}包含未知字段：${unknownKeys.join('、')}`;
  }
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return invalidFieldMessage(context, field, first.message ?? '');
}

function send(reply: FastifyReply, status: number, body: ErrorEnvelope): FastifyReply {
  return reply.status(status).send(body);
}

/** Maps the framework's own client errors (bad JSON, too large, wrong type) to our codes. */
function fromFrameworkError(error: FastifyError): { status: number; body: ErrorEnvelope } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { code: ErrorCode.InvalidInput, msg: '请求体不是有效的 JSON' } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { code: ErrorCode.InvalidInput, msg: '请求体不能为空' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        body: { code: ErrorCode.PayloadTooLarge, msg: errorTable[ErrorCode.PayloadTooLarge].msg },
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: {
          code: ErrorCode.UnsupportedMediaType,
          msg: errorTable[ErrorCode.UnsupportedMediaType].msg,
        },
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, body: { code: ErrorCode.InvalidInput, msg: '请求体长度与声明不符' } };
    default:
      return null;
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: Error, request: FastifyRequest, reply: FastifyReply) => {
    if (thrown instanceof AppError) {
      if (thrown.httpStatus >= 500) request.log.error({ err: thrown }, 'request failed');
      return send(reply, thrown.httpStatus, { code: thrown.code, msg: thrown.message });
    }
    const error = thrown as FastifyError;
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return send(reply, 400, { code: ErrorCode.InvalidInput, msg: validationMessage(error) });
    }
    const mapped = fromFrameworkError(error);
    if (mapped) return send(reply, mapped.status, mapped.body);

    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, {
        code: ErrorCode.TooManyRequests,
        msg: errorTable[ErrorCode.TooManyRequests].msg,
      });
    }
    if (status >= 400 && status < 500) {
      // Any other client mistake the framework catches: still our envelope, never a stack.
      return send(reply, status, {
        code: ErrorCode.InvalidInput,
        msg: errorTable[ErrorCode.InvalidInput].msg,
      });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(reply, 503, {
        code: ErrorCode.Unavailable,
        msg: errorTable[ErrorCode.Unavailable].msg,
      });
    }
    // The request id is bound to request.log, so the log line and the reply can be matched.
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { code: ErrorCode.Internal, msg: errorTable[ErrorCode.Internal].msg });
  });
}

export function apiNotFound(path: string): NotFoundEnvelope {
  return { status: 404, error: 'Not Found', path };
}
