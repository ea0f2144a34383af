import { ErrorCode, errorTable } from '@ninety/contract';

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

/** The 40001 message naming a field, the same whether zod or a service found the problem. */
export function invalidFieldMessage(context: string, field: string, message: string): string {
  return field ? `${context}字段 ${field} 无效：${message}` : `${context}无效：${message}`;
}

/** 40001 for a request-body field a service found wrong (e.g. an answer that does not fit its item). */
export function invalidBodyField(field: string, message: string): AppError {
  return new AppError(ErrorCode.InvalidInput, invalidFieldMessage('请求体', field, message));
}
