/**
 * How the HTTP server itself behaves before any route runs (issue 18, findings 5, 7 and 8): which
 * proxies are believed, how long a slow client may hold a socket, and errors the framework raises
 * below the routes still answered in our `{code, msg}` envelope.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, errorTable, type ErrorEnvelope } from '@ninety/contract';
import type { FastifyHttpOptions, FastifyReply } from 'fastify';
import type { Config } from '../config';

type ServerOptions = Pick<
  FastifyHttpOptions<http.Server>,
  | 'trustProxy'
  | 'connectionTimeout'
  | 'keepAliveTimeout'
  | 'requestTimeout'
  | 'http'
  | 'clientErrorHandler'
  | 'frameworkErrors'
>;

/** What a malformed request (bad request line, header overflow, body longer than said) gets. */
function clientErrorAnswer(code: string | undefined): { status: number; body: ErrorEnvelope } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, body: { code: ErrorCode.InvalidInput, msg: '请求超时，请重试' } };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, body: { code: ErrorCode.InvalidInput, msg: '请求地址或请求头过长' } };
  }
  return {
    status: 400,
    body: { code: ErrorCode.InvalidInput, msg: errorTable[ErrorCode.InvalidInput].msg },
  };
}

/** Writes the envelope straight to the socket: there is no request or reply object yet. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = clientErrorAnswer(error.code);
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Cache-Control: no-store\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\n` +
        `Connection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}

/** A hop count believes that many proxies nearest to us, never an address the client wrote. */
function trustProxyOption(trust: Config['TRUST_PROXY']): ServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

export function httpServerOptions(config: Config): ServerOptions {
  return {
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Idle sockets (slow loris) and requests that take too long to arrive are closed.
    // A submission waits up to SCORING_WAIT_MS for its score on a quiet socket: never cut it off.
    connectionTimeout:
      config.SCORING_WAIT_MS > 0
        ? Math.max(config.HTTP_IDLE_TIMEOUT_MS, config.SCORING_WAIT_MS + 10_000)
        : config.HTTP_IDLE_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(config.HTTP_HEADERS_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: config.HTTP_TIMEOUT_CHECK_MS,
    },
    clientErrorHandler: answerClientError,
    // A URL the router cannot decode (e.g. `/api/%`) is the learner's mistake, in our envelope.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply)
        .status(400)
        .send({ code: ErrorCode.InvalidInput, msg: '请求地址无效' } satisfies ErrorEnvelope);
    },
  };
}
