import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { OfficialAccountProvider } from './official-account-provider';

const options = { appId: 'wxapp', appSecret: 'sec', pushToken: 'tok' };

function fakeWechat() {
  let tokens = 0;
  const fetchImpl = vi.fn(async (url: string, init?: { body?: string }) => ({
    json: async () => {
      if (url.includes('/token?')) return { access_token: `AT${(tokens += 1)}`, expires_in: 7200 };
      if (url.includes('/sns/oauth2/access_token?')) {
        const query = new URL(url).searchParams;
        if (query.get('appid') !== 'wxapp' || query.get('secret') !== 'sec') {
          return { errcode: 40125, errmsg: 'invalid appsecret' };
        }
        if (query.get('grant_type') !== 'authorization_code') return { errcode: 40002 };
        return query.get('code') === 'goodcode1'
          ? { access_token: 'WEBAT', expires_in: 7200, openid: 'oPayer1', scope: 'snsapi_base' }
          : { errcode: 40163, errmsg: 'code been used' };
      }
      if (url.includes('/qrcode/create')) {
        const body = JSON.parse(init?.body ?? '{}');
        return { ticket: `T/${body.action_info.scene.scene_str}+${body.expire_seconds}` };
      }
      return { errcode: 1, errmsg: 'unexpected' };
    },
  }));
  return fetchImpl;
}

describe('OfficialAccountProvider (unit, WeChat faked)', () => {
  it('caches the access token and refreshes it before expiry', async () => {
    let now = 0;
    const fetchImpl = fakeWechat();
    const provider = new OfficialAccountProvider(options, fetchImpl, () => now);
    expect(await Promise.all([provider.getAccessToken(), provider.getAccessToken()])).toEqual([
      'AT1',
      'AT1',
    ]);
    now = 7200_000 - 6 * 60_000;
    expect(await provider.getAccessToken()).toBe('AT1');
    now = 7200_000 - 4 * 60_000;
    expect(await provider.getAccessToken()).toBe('AT2');
    expect(fetchImpl.mock.calls.filter(([url]) => String(url).includes('/token?'))).toHaveLength(2);
  });

  it('creates a temporary string-scene QR and returns its image URL', async () => {
    const provider = new OfficialAccountProvider(options, fakeWechat());
    const url = await provider.createSceneQr('scene1', 300);
    expect(url).toBe(
      `https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=${encodeURIComponent('T/scene1+300')}`,
    );
  });

  it('web authorisation: snsapi_base to our page, then code → openid', async () => {
    const provider = new OfficialAccountProvider(options, fakeWechat());
    const url = provider.oauthAuthorizeUrl('https://ninety.example/order/NT1?x=1', 'st4te123');
    expect(url).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wxapp' +
        `&redirect_uri=${encodeURIComponent('https://ninety.example/order/NT1?x=1')}` +
        '&response_type=code&scope=snsapi_base&state=st4te123#wechat_redirect',
    );
    expect(await provider.openIdFromCode('goodcode1')).toBe('oPayer1');
    await expect(provider.openIdFromCode('usedcode1')).rejects.toThrow('40163');
  });

  it('checks the push signature: SHA-1 of the sorted token, timestamp and nonce', () => {
    const provider = new OfficialAccountProvider(options, fakeWechat());
    const signature = createHash('sha1')
      .update(['tok', '123', 'abc'].sort().join(''))
      .digest('hex');
    expect(provider.verifyPushSignature(signature, '123', 'abc')).toBe(true);
    expect(provider.verifyPushSignature(signature, '124', 'abc')).toBe(false);
    expect(provider.verifyPushSignature('zz', '123', 'abc')).toBe(false);
  });

  it.each([
    ['SCAN of a follower', 'SCAN', 'sceneA', { sceneId: 'sceneA', openId: 'oUser' }],
    [
      'subscribe through the QR',
      'subscribe',
      'qrscene_sceneB',
      { sceneId: 'sceneB', openId: 'oUser' },
    ],
    ['a plain subscribe', 'subscribe', '', null],
    ['a menu click', 'CLICK', 'menu1', null],
  ])('parses %s', (_name, event, key, expected) => {
    const provider = new OfficialAccountProvider(options, fakeWechat());
    const xml = `<xml><FromUserName><![CDATA[oUser]]></FromUserName><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${key}]]></EventKey></xml>`;
    expect(provider.parsePush(xml)).toEqual(expected);
  });

  it('ignores malformed XML and text messages', () => {
    const provider = new OfficialAccountProvider(options, fakeWechat());
    expect(provider.parsePush('<xml><unclosed>')).toBeNull();
    expect(
      provider.parsePush('<xml><MsgType>text</MsgType><FromUserName>o</FromUserName></xml>'),
    ).toBeNull();
  });
});
