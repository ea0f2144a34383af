import type { SmsSender } from './sms-sender';

export interface OutboxMessage {
  phonecode: string;
  phone: string;
  code: string;
  text: string;
  sentAt: string;
}

const OUTBOX_LIMIT = 200;

export interface ConsoleSmsLogger {
  info(fields: Record<string, unknown>, message: string): void;
}

/**
 * Development sender: writes the code to the log and keeps the latest messages in memory so the
 * local outbox page and the tests can read them. Never used in production.
 */
export class ConsoleSmsSender implements SmsSender {
  readonly name = 'console';
  private readonly outbox: OutboxMessage[] = [];

  constructor(private readonly logger: ConsoleSmsLogger) {}

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
    const text = `【Ninety】您的验证码是 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略本短信。`;
    this.outbox.unshift({ phonecode, phone, code, text, sentAt: new Date().toISOString() });
    this.outbox.length = Math.min(this.outbox.length, OUTBOX_LIMIT);
    this.logger.info({ sms: { phonecode, phone, code } }, 'SMS (console sender)');
  }

  messagesFor(phonecode: string | undefined, phone: string): OutboxMessage[] {
    return this.outbox.filter(
      (message) => message.phone === phone && (!phonecode || message.phonecode === phonecode),
    );
  }
}
