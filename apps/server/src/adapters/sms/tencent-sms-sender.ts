import type { SmsSender } from './sms-sender';

export interface TencentSmsOptions {
  secretId: string;
  secretKey: string;
  region: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
}

interface SendStatus {
  Code?: string;
  Message?: string;
}

interface SmsClient {
  SendSms(request: {
    PhoneNumberSet: string[];
    SmsSdkAppId: string;
    SignName: string;
    TemplateId: string;
    TemplateParamSet: string[];
  }): Promise<{ SendStatusSet?: SendStatus[] }>;
}

/** Tencent Cloud SMS: the template takes the code and its validity in minutes. */
export class TencentSmsSender implements SmsSender {
  readonly name = 'tencent';
  private client: Promise<SmsClient> | null;

  constructor(
    private readonly options: TencentSmsOptions,
    client?: SmsClient,
  ) {
    this.client = client ? Promise.resolve(client) : null;
  }

  /**
   * The SDK is imported on the first code sent, not at start: the bundle would otherwise load it
   * (~0.1 s) with the server even where SMS_PROVIDER is console.
   */
  private sdkClient(): Promise<SmsClient> {
    this.client ??= import('tencentcloud-sdk-nodejs-sms').then(
      (tencentcloud) =>
        new tencentcloud.sms.v20210111.Client({
          credential: { secretId: this.options.secretId, secretKey: this.options.secretKey },
          region: this.options.region,
        }) as unknown as SmsClient,
    );
    // A failed import is tried again on the next code rather than remembered.
    this.client.catch(() => {
      this.client = null;
    });
    return this.client;
  }

  async sendCode({
    phonecode,
    phone,
    code,
    minutes,
  }: {
    phonecode: string;
    phone: string;
    code: string;
    minutes: number;
  }) {
    const client = await this.sdkClient();
    const result = await client.SendSms({
      PhoneNumberSet: [`+${phonecode}${phone}`],
      SmsSdkAppId: this.options.sdkAppId,
      SignName: this.options.signName,
      TemplateId: this.options.templateId,
      TemplateParamSet: [code, String(minutes)],
    });
    const status = result.SendStatusSet?.[0];
    if (status?.Code !== 'Ok') {
      throw new Error(
        `Tencent SMS refused the message: ${status?.Code ?? 'no status'} ${status?.Message ?? ''}`,
      );
    }
  }
}
