/**
 * - `code`: the body carried a `code` (the server's error envelope);
 * - `not-found`: the body said `status: 404` (an unknown API path), rejected quietly;
 * - `session-ended`: the session was already found invalid, so every later call is quiet;
 * - `network`: fetch itself failed;
 * - `aborted`: the caller's AbortSignal fired;
 * - `bad-response`: the body was not the JSON envelope;
 * - `bad-request`: the call was refused before sending.
 */
export type HttpErrorKind =
  'code' | 'not-found' | 'session-ended' | 'network' | 'aborted' | 'bad-response' | 'bad-request';

export interface HttpErrorInit {
  kind: HttpErrorKind;
  msg: string;
  code?: number;
  /** HTTP status of the response, when there was one. */
  status?: number;
  body?: unknown;
  cause?: unknown;
}

export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly kind: HttpErrorKind;
  /** The server's error code, for `kind === 'code'`. */
  readonly code: number | undefined;
  /** Text for the learner (the server's `msg` or our own Chinese message). */
  readonly msg: string;
  readonly status: number | undefined;
  readonly body: unknown;

  constructor(init: HttpErrorInit) {
    super(init.msg, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.code = init.code;
    this.msg = init.msg;
    this.status = init.status;
    this.body = init.body;
  }
}
