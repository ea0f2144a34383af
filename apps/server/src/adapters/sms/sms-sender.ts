/** Sends a sign-in code by SMS. The console sender is the default; Tencent Cloud in production. */
export interface SmsSender {
  readonly name: string;
  sendCode(message: {
    phonecode: string;
    phone: string;
    code: string;
    minutes: number;
  }): Promise<void>;
}
