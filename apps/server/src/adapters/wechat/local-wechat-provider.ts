import { createHash, randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { WechatProvider } from './wechat-provider';

const LOCAL_CODE_PREFIX = 'local_';

/**
 * The development stand-in for WeChat: its QR opens our own scan page, where a tester scans as a
 * new or an existing simulated WeChat identity.
 */
export class LocalWechatProvider implements WechatProvider {
  readonly name = 'local';

  constructor(private readonly publicBaseUrl: string) {}

  scanPageUrl(sceneId: string): string {
    return `${this.publicBaseUrl}/m/wechat-scan?sceneId=${encodeURIComponent(sceneId)}`;
  }

  /**
   * The local default authorises at once: straight back to our page with a code of its own, as
   * WeChat does for snsapi_base (which shows the learner no consent screen).
   */
  oauthAuthorizeUrl(redirectUri: string, state: string): string {
    const url = new URL(redirectUri);
    url.searchParams.set('code', `${LOCAL_CODE_PREFIX}${randomBytes(12).toString('hex')}`);
    url.searchParams.set('state', state);
    return url.toString();
  }

  /** A simulated openid, the same for the same code (it only names the payer to the sandbox). */
  async openIdFromCode(code: string): Promise<string> {
    if (!code.startsWith(LOCAL_CODE_PREFIX)) throw new Error('not a local WeChat code');
    return `oLocal${createHash('sha256').update(code).digest('base64url').slice(0, 22)}`;
  }

  async createSceneQr(sceneId: string): Promise<string> {
    const svg = await QRCode.toString(this.scanPageUrl(sceneId), {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
    });
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  }
}
