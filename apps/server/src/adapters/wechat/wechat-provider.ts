/** Who scanned which scene, as reported by the provider. */
export interface WechatScan {
  sceneId: string;
  openId: string;
  unionId?: string;
}

/** Makes the QR image a learner scans with WeChat to sign in. */
export interface WechatProvider {
  readonly name: 'local' | 'official';
  /** An image URL (or data URL) for the scene's QR code. */
  createSceneQr(sceneId: string, expiresInSeconds: number): Promise<string>;
}
