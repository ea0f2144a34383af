/**
 * Whether an error means the database cannot be reached or did not answer in time, rather than a
 * fault in a statement: those answer 50300 on every route, as `GET /api/health` does (issue 18,
 * finding 6). Drizzle wraps driver errors, so the whole `cause` chain is looked at.
 */

/** SQLSTATE classes and codes of an unreachable, restarting, overloaded or timed-out server. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-4]|57014|53300|53400)$/;

const UNAVAILABLE_SYSCALL = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** node-postgres reports lost connections and its own timeouts by message only. */
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection error and is not queryable|Client was closed and is not queryable|Cannot use a pool after calling end/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SYSCALL.has(code))
    )
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}
