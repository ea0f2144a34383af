import { ErrorEnvelopeSchema } from '@ninety/contract';

/** The HTTP statuses a route may answer with the error envelope (design.md §3). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 413 | 429 | 503;

/**
 * The error part of a route's `response` schema: `{ 400: ErrorEnvelopeSchema, … }` for the
 * statuses given, so a route lists what it can answer instead of restating the envelope.
 */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: typeof ErrorEnvelopeSchema } {
  return Object.fromEntries(statuses.map((status) => [status, ErrorEnvelopeSchema])) as {
    [K in S[number]]: typeof ErrorEnvelopeSchema;
  };
}
