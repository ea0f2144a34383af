import { describe, expect, it } from 'vitest';
import { LocalWechatProvider } from './local-wechat-provider';

describe('LocalWechatProvider web authorisation (the local default)', () => {
  it('comes straight back to our page with a code and the state, and reads an openid from it', async () => {
    const provider = new LocalWechatProvider('http://localhost:3000');
    const url = new URL(provider.oauthAuthorizeUrl('http://localhost:3000/order/NT1', 'abcdefgh'));
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/order/NT1');
    expect(url.searchParams.get('state')).toBe('abcdefgh');
    const code = url.searchParams.get('code')!;
    expect(code).toMatch(/^local_[0-9a-f]{24}$/);
    const openId = await provider.openIdFromCode(code);
    expect(openId).toMatch(/^oLocal[\w-]{22}$/);
    expect(await provider.openIdFromCode(code)).toBe(openId);
    await expect(provider.openIdFromCode('0123456789abcdef')).rejects.toThrow();
  });
});
