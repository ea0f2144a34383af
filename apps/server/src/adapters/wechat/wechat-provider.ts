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
  /**
   * WeChat web authorisation (网页授权, scope snsapi_base, no consent screen): where WeChat's
   * browser goes so that it comes back to `redirectUri` with `?code=…&state=…`.
   */
  oauthAuthorizeUrl(redirectUri: string, state: string): string;
  /** The openid a web-authorisation code stands for; throws when the code is not good. */
  openIdFromCode(code: string): Promise<string>;
}
