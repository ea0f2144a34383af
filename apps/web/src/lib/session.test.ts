import { afterEach, describe, expect, it } from 'vitest';
import { sessionClientType } from './session';

describe('sessionClientType', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it.each([
    ['/', 'pcweb'],
    ['/data', 'pcweb'],
    ['/m/qr-confirm', 'h5'],
    ['/m/wechat-scan', 'h5'],
  ])('%s signs in as %s', (path, clientType) => {
    window.history.replaceState(null, '', path);
    expect(sessionClientType()).toBe(clientType);
  });
});
