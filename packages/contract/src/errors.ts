/**
 * The error table of design.md §3. Both sides read it: the server to answer, the client to react.
 * `status` is the HTTP status the server answers with.
 */
export const ErrorCode = {
  /** QR login not scanned yet: keep polling. */
  QrPending: 2,
  /** WeChat scan of an account with no phone: `msg` carries the userCode for binding. */
  WechatNeedsPhone: 1011,
  TokenMissing: 10006,
  SessionExpired: 100016,
  SessionRevoked: 100017,
  AccountDisabled: 100018,
  InvalidInput: 40001,
  SmsCodeWrong: 40002,
  SmsCodeExpired: 40003,
  SmsCodeTooManyAttempts: 40004,
  /** The QR code expired, was used or was canceled: the dialog makes a fresh one. */
  QrExpired: 40005,
  /** A mobileToken that is unknown, used or expired. */
  MobileTokenInvalid: 40006,
  /** The WeChat identity is already bound to another phone account. */
  IdentityAlreadyBound: 40007,
  /** A phone that is already another account's sign-in (changing the bound phone). */
  PhoneAlreadyBound: 40008,
  BadSignature: 40010,
  QuotaUsedUp: 40301,
  MembershipRequired: 40302,
  /** A material's download asked for by someone who has not bought it. */
  PurchaseRequired: 40303,
  NotFound: 40401,
  PayloadTooLarge: 41301,
  UnsupportedMediaType: 41501,
  TooManyRequests: 42901,
  Internal: 50000,
  Unavailable: 50300,
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

interface ErrorInfo {
  status: number;
  /** The default message shown to the learner when the thrower gives none. */
  msg: string;
}

export const errorTable: Record<ErrorCode, ErrorInfo> = {
  [ErrorCode.QrPending]: { status: 200, msg: '等待扫码' },
  [ErrorCode.WechatNeedsPhone]: { status: 200, msg: '请绑定手机号' },
  [ErrorCode.TokenMissing]: { status: 401, msg: '请先登录' },
  [ErrorCode.SessionExpired]: { status: 401, msg: '登录已过期，请重新登录' },
  [ErrorCode.SessionRevoked]: { status: 401, msg: '账号已在其他地方登录或已退出，请重新登录' },
  [ErrorCode.AccountDisabled]: { status: 403, msg: '账号已被停用，请联系客服' },
  [ErrorCode.InvalidInput]: { status: 400, msg: '请求参数有误' },
  [ErrorCode.SmsCodeWrong]: { status: 400, msg: '验证码错误' },
  [ErrorCode.SmsCodeExpired]: { status: 400, msg: '验证码已过期，请重新获取' },
  [ErrorCode.SmsCodeTooManyAttempts]: { status: 400, msg: '验证码错误次数过多，请重新获取' },
  [ErrorCode.QrExpired]: { status: 400, msg: '二维码已过期，请刷新后重新扫码' },
  [ErrorCode.MobileTokenInvalid]: { status: 400, msg: '登录凭证无效或已过期，请重新登录' },
  [ErrorCode.IdentityAlreadyBound]: { status: 400, msg: '该微信已绑定其他手机号' },
  [ErrorCode.PhoneAlreadyBound]: { status: 400, msg: '该手机号已绑定其他账号' },
  [ErrorCode.BadSignature]: { status: 400, msg: '请求签名无效或已过期' },
  [ErrorCode.QuotaUsedUp]: { status: 403, msg: '剩余次数不足' },
  [ErrorCode.MembershipRequired]: { status: 403, msg: '该功能仅对会员开放' },
  [ErrorCode.PurchaseRequired]: { status: 403, msg: '购买后才能使用' },
  [ErrorCode.NotFound]: { status: 404, msg: '内容不存在' },
  [ErrorCode.PayloadTooLarge]: { status: 413, msg: '请求内容过大' },
  [ErrorCode.UnsupportedMediaType]: { status: 415, msg: '不支持的内容类型' },
  [ErrorCode.TooManyRequests]: { status: 429, msg: '操作过于频繁，请稍后再试' },
  [ErrorCode.Internal]: { status: 500, msg: '服务器开小差了，请稍后再试' },
  [ErrorCode.Unavailable]: { status: 503, msg: '服务暂不可用，请稍后再试' },
};

/** Codes that mean the stored session can no longer be used (spec §8). */
export const sessionInvalidCodes: readonly number[] = [
  ErrorCode.TokenMissing,
  ErrorCode.SessionExpired,
  ErrorCode.SessionRevoked,
  ErrorCode.AccountDisabled,
];
