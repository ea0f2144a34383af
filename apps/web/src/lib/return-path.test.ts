import { describe, expect, it } from 'vitest';
import { returnPathAfterSignIn, safeReturnPath } from './return-path';

const ORIGIN = 'https://ninety.cn';

describe('safeReturnPath', () => {
  it.each([
    ['/exp/RA/RA-001', '/exp/RA/RA-001'],
    ['/exp/RA/RA-001?from=share#answer', '/exp/RA/RA-001?from=share#answer'],
    ['/data', '/data'],
    ['/center?tab=devices', '/center?tab=devices'],
    ['https://ninety.cn/mock/exam', '/mock/exam'],
    ['/question-list/1/2?mobileToken=abc&x=1', '/question-list/1/2?x=1'],
    ['/?token=abc', '/'],
    ['/a/../center', '/center'],
  ])('keeps %s as %s', (raw, expected) => {
    expect(safeReturnPath(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    ['another site', 'https://evil.example/center'],
    ['a protocol-relative address', '//evil.example/center'],
    ['a backslash trick', '/\\evil.example'],
    ['a backslash after the slash', '\\/evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,hi'],
    ['the same host on another scheme', 'http://ninety.cn/center'],
    ['another port', 'https://ninety.cn:8443/center'],
    ['a relative path', 'center'],
    ['a tab inside the host', '/\t/evil.example'],
    ['a new line', '/center\nSet-Cookie: x'],
    ['the API', '/api/auth/getUser'],
    ['served files', '/files/uploads/1/a.png'],
    ['an empty string', ''],
    ['a very long path', `/${'a'.repeat(2001)}`],
    ['not a string', { pathname: '/center' }],
    ['nothing', undefined],
  ])('refuses %s', (_label, raw) => {
    expect(safeReturnPath(raw, ORIGIN)).toBeNull();
  });
});

describe('returnPathAfterSignIn', () => {
  it('leaves home to the ordinary reload', () => {
    expect(returnPathAfterSignIn('/', ORIGIN)).toBeNull();
    expect(returnPathAfterSignIn('/home', ORIGIN)).toBeNull();
    expect(returnPathAfterSignIn('/?token=abc', ORIGIN)).toBeNull();
  });

  it('returns to a deep link', () => {
    expect(returnPathAfterSignIn('/exp/WFD/WFD-003', ORIGIN)).toBe('/exp/WFD/WFD-003');
  });
});
