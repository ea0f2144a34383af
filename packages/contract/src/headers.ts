/** The standard request headers of spec §3, sent on every call. */
export const standardHeaders = {
  clientType: 'pcweb',
  deviceType: 'pcweb',
  Serviceversion: '42',
} as const;

export const TOKEN_HEADER = 'token';
