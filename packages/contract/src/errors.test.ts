import { describe, expect, it } from 'vitest';
import { ErrorCode, errorTable, sessionInvalidCodes } from './errors';

describe('error table (design.md §3)', () => {
  it.each([
    [ErrorCode.QrPending, 200],
    [ErrorCode.WechatNeedsPhone, 200],
    [ErrorCode.TokenMissing, 401],
    [ErrorCode.SessionExpired, 401],
    [ErrorCode.SessionRevoked, 401],
    [ErrorCode.AccountDisabled, 403],
    [ErrorCode.InvalidInput, 400],
    [ErrorCode.SmsCodeWrong, 400],
    [ErrorCode.SmsCodeExpired, 400],
    [ErrorCode.SmsCodeTooManyAttempts, 400],
    [ErrorCode.BadSignature, 400],
    [ErrorCode.QuotaUsedUp, 403],
    [ErrorCode.MembershipRequired, 403],
    [ErrorCode.PurchaseRequired, 403],
    [ErrorCode.NotFound, 404],
    [ErrorCode.TooManyRequests, 429],
    [ErrorCode.Internal, 500],
  ])('code %i answers HTTP %i', (code, status) => {
    expect(errorTable[code].status).toBe(status);
  });

  it('gives every code a Chinese message', () => {
    for (const { msg } of Object.values(errorTable)) expect(msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('lists the four session-invalid codes of spec §8', () => {
    expect([...sessionInvalidCodes].sort()).toEqual([10006, 100016, 100017, 100018].sort());
  });
});
