import * as tencentcloud from 'tencentcloud-sdk-nodejs-sms';
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
  private readonly client: SmsClient;

  constructor(
    private readonly options: TencentSmsOptions,
    client?: SmsClient,
  ) {
    this.client =
      client ??
      (new tencentcloud.sms.v20210111.Client({
        credential: { secretId: options.secretId, secretKey: options.secretKey },
        region: options.region,
      }) as unknown as SmsClient);
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
    const result = await this.client.SendSms({
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
