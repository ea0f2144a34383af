import { createHash, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as FastXmlParser from 'fast-xml-parser';
import type { WechatProvider, WechatScan } from './wechat-provider';

const require = createRequire(import.meta.url);

const API = 'https://api.weixin.qq.com/cgi-bin';
const OAUTH_AUTHORIZE = 'https://open.weixin.qq.com/connect/oauth2/authorize';
const OAUTH_TOKEN = 'https://api.weixin.qq.com/sns/oauth2/access_token';
/** Refresh the access token this long before WeChat says it expires. */
const TOKEN_MARGIN_MS = 5 * 60 * 1000;

export interface OfficialAccountOptions {
  appId: string;
  appSecret: string;
  /** The token set in the official account's server configuration (event push). */
  pushToken: string;
}

type Fetch = (
  url: string,
  init?: { method?: string; body?: string; headers?: Record<string, string> },
) => Promise<{
  json(): Promise<unknown>;
}>;

interface WechatApiError {
  errcode?: number;
  errmsg?: string;
}

/**
 * WeChat official-account sign-in: a temporary QR code carrying the scene id; WeChat pushes a
 * subscribe or SCAN event with the scanner's openid to our push endpoint.
 */
export class OfficialAccountProvider implements WechatProvider {
  readonly name = 'official';
  private accessToken: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private xmlParser: FastXmlParser.XMLParser | null = null;

  /**
   * Required on the first push, not imported at the top: the server's bundle would load the
   * parser (~50 ms) at every start, official account or not.
   */
  private get parser(): FastXmlParser.XMLParser {
    if (!this.xmlParser) {
      const { XMLParser } = require('fast-xml-parser') as typeof FastXmlParser;
      this.xmlParser = new XMLParser({ parseTagValue: false, trimValues: true });
    }
    return this.xmlParser;
  }

  constructor(
    private readonly options: OfficialAccountOptions,
    private readonly fetchImpl: Fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  /** Cached across calls, refreshed before expiry; concurrent callers share one refresh. */
  async getAccessToken(): Promise<string> {
    if (this.accessToken && this.accessToken.expiresAt - TOKEN_MARGIN_MS > this.now())
      return this.accessToken.value;
    this.pendingToken ??= this.fetchAccessToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchAccessToken(): Promise<string> {
    const url = `${API}/token?grant_type=client_credential&appid=${encodeURIComponent(this.options.appId)}&secret=${encodeURIComponent(this.options.appSecret)}`;
    const body = (await (await this.fetchImpl(url)).json()) as WechatApiError & {
      access_token?: string;
      expires_in?: number;
    };
    if (!body.access_token)
      throw new Error(`WeChat token request failed: ${body.errcode} ${body.errmsg}`);
    this.accessToken = {
      value: body.access_token,
      expiresAt: this.now() + (body.expires_in ?? 7200) * 1000,
    };
    return body.access_token;
  }

  async createSceneQr(sceneId: string, expiresInSeconds: number): Promise<string> {
    const token = await this.getAccessToken();
    const response = await this.fetchImpl(
      `${API}/qrcode/create?access_token=${encodeURIComponent(token)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          expire_seconds: expiresInSeconds,
          action_name: 'QR_STR_SCENE',
          action_info: { scene: { scene_str: sceneId } },
        }),
      },
    );
    const body = (await response.json()) as WechatApiError & { ticket?: string };
    if (!body.ticket) {
      // A token revoked elsewhere: forget it so the next call fetches a new one.
      if (body.errcode === 40001 || body.errcode === 42001) this.accessToken = null;
      throw new Error(`WeChat QR request failed: ${body.errcode} ${body.errmsg}`);
    }
    return `https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=${encodeURIComponent(body.ticket)}`;
  }

  oauthAuthorizeUrl(redirectUri: string, state: string): string {
    // WeChat reads these parameters in this order and needs the #wechat_redirect fragment.
    return (
      `${OAUTH_AUTHORIZE}?appid=${encodeURIComponent(this.options.appId)}` +
      `&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=snsapi_base` +
      `&state=${encodeURIComponent(state)}#wechat_redirect`
    );
  }

  /** Code → openid (sns/oauth2/access_token); the web access token it also returns is not kept. */
  async openIdFromCode(code: string): Promise<string> {
    const url =
      `${OAUTH_TOKEN}?appid=${encodeURIComponent(this.options.appId)}` +
      `&secret=${encodeURIComponent(this.options.appSecret)}` +
      `&code=${encodeURIComponent(code)}&grant_type=authorization_code`;
    const body = (await (await this.fetchImpl(url)).json()) as WechatApiError & {
      openid?: string;
    };
    if (!body.openid) {
      throw new Error(`WeChat web authorisation failed: ${body.errcode} ${body.errmsg}`);
    }
    return body.openid;
  }

  /** WeChat signs pushes with SHA-1 of the sorted token, timestamp and nonce. */
  verifyPushSignature(signature: string, timestamp: string, nonce: string): boolean {
    const expected = createHash('sha1')
      .update([this.options.pushToken, timestamp, nonce].sort().join(''))
      .digest();
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The scan in a pushed event, or null for events that are not a scan of one of our scenes. */
  parsePush(xml: string): WechatScan | null {
    let parsed: { xml?: Record<string, string> };
    try {
      parsed = this.parser.parse(xml) as { xml?: Record<string, string> };
    } catch {
      return null;
    }
    const message = parsed.xml;
    if (!message || message['MsgType'] !== 'event') return null;
    const event = message['Event'];
    const key = message['EventKey'] ?? '';
    const openId = message['FromUserName'];
    if (!openId) return null;
    // A first-time follower's scan arrives as subscribe with EventKey "qrscene_<scene>".
    if (event === 'subscribe' && key.startsWith('qrscene_'))
      return { sceneId: key.slice('qrscene_'.length), openId };
    if (event === 'SCAN' && key) return { sceneId: key, openId };
    return null;
  }
}
