import { errorTable, type ErrorCode } from '@ninety/contract';

/** The one error type of the server: thrown anywhere, turned into `{ code, msg }` by the error handler. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpStatus: number;

  constructor(code: ErrorCode, msg?: string, httpStatus?: number, options?: ErrorOptions) {
    super(msg ?? errorTable[code].msg, options);
    this.name = 'AppError';
    this.code = code;
    this.httpStatus = httpStatus ?? errorTable[code].status;
  }
}
