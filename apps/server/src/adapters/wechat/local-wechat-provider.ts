import QRCode from 'qrcode';
import type { WechatProvider } from './wechat-provider';

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

  async createSceneQr(sceneId: string): Promise<string> {
    const svg = await QRCode.toString(this.scanPageUrl(sceneId), {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
    });
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  }
}
