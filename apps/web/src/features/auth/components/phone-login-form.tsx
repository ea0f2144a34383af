import { DEFAULT_PHONECODE } from '@ninety/contract';
import type { Country } from '@ninety/contract';
import { Button, Form, Input, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useBindingPhone } from '../api/binding-phone';
import { useCountryList } from '../api/get-country-list';
import { useLoginPhone } from '../api/login-phone';
import { useSendSms } from '../api/send-sms';
import { useSmsCountdown } from '../hooks/use-sms-countdown';
import styles from './login-dialog.module.css';

export const PHONE_HINT = '请输入手机号';
export const CODE_HINT = '请输入验证码';
export const CODE_REQUIRED_TEXT = '请输入验证码';
export const SEND_CODE_TEXT = '获取验证码';
export const LOGIN_TEXT = '登录/注册';
export const BIND_TEXT = '绑定并登录';
/** The country-code list is at most this tall (spec §2). */
export const COUNTRY_LIST_HEIGHT = 300;

const DEFAULT_COUNTRY: Country = {
  code: 'CN',
  name: '中国',
  nameEn: 'China',
  phonecode: DEFAULT_PHONECODE,
};

interface LoginFormValues {
  /** ISO code of the chosen country: several countries share a dial code (+1, +7 …). */
  country: string;
  phone: string;
  code: string;
}

interface PhoneLoginFormProps {
  /** Set in binding mode: the WeChat identity the phone will be tied to. */
  userCode?: string;
  /** Checked on submit: the agreement must be ticked (spec §5). */
  confirmAgreement: () => boolean;
  onSignedIn: (token: string) => void;
  onHelp: () => void;
}

export function retryText(seconds: number): string {
  return `${seconds}秒后重试`;
}

/** Phone, SMS code, 登录/注册 — or 绑定并登录 in binding mode (spec §2, §4, §5). */
export function PhoneLoginForm({
  userCode,
  confirmAgreement,
  onSignedIn,
  onHelp,
}: PhoneLoginFormProps) {
  const [form] = Form.useForm<LoginFormValues>();
  const { data: countries } = useCountryList();
  const sendSms = useSendSms();
  const loginPhone = useLoginPhone();
  const bindingPhone = useBindingPhone();
  const countdown = useSmsCountdown();
  const isBinding = userCode !== undefined;
  const isSubmitting = loginPhone.isPending || bindingPhone.isPending;

  const countryList = useMemo(
    () => (countries?.length ? countries : [DEFAULT_COUNTRY]),
    [countries],
  );
  const countryOptions = useMemo(
    () =>
      countryList.map((country) => ({
        value: country.code,
        label: `+${country.phonecode} ${country.name}`,
        search:
          `+${country.phonecode} ${country.phonecode} ${country.name} ${country.nameEn} ${country.code}`.toLowerCase(),
      })),
    [countryList],
  );

  const phonecodeOf = (countryCode: string): string =>
    countryList.find((country) => country.code === countryCode)?.phonecode ?? DEFAULT_PHONECODE;

  const sendCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return;
    }
    const { phone, country } = form.getFieldsValue(['phone', 'country']) as LoginFormValues;
    countdown.start();
    sendSms.mutate(
      { phone: phone.trim(), phonecode: phonecodeOf(country) },
      // The helper has shown the server's reason (wrong number, too frequent …).
      { onError: () => countdown.reset() },
    );
  };

  const submit = (values: LoginFormValues) => {
    if (!confirmAgreement()) return;
    const body = {
      phone: values.phone.trim(),
      code: values.code.trim(),
      phonecode: phonecodeOf(values.country),
    };
    const onSuccess = ({ token }: { token: string }) => onSignedIn(token);
    if (isBinding) bindingPhone.mutate({ ...body, userCode }, { onSuccess });
    else loginPhone.mutate(body, { onSuccess });
  };

  return (
    <Form<LoginFormValues>
      form={form}
      className={styles.form}
      initialValues={{ country: DEFAULT_COUNTRY.code, phone: '', code: '' }}
      onFinish={submit}
      requiredMark={false}
      size="large"
    >
      <Form.Item>
        <Space.Compact block>
          <Form.Item name="country" noStyle>
            <Select
              // Inline: antd's own rule gives a select inside a form item the full width.
              style={{ width: 120, flex: 'none' }}
              aria-label="国家/地区区号"
              options={countryOptions}
              showSearch={{ optionFilterProp: 'search' }}
              listHeight={COUNTRY_LIST_HEIGHT}
              popupMatchSelectWidth={260}
            />
          </Form.Item>
          <Form.Item
            name="phone"
            noStyle
            // Required without a message (spec §5): the red border is the hint.
            rules={[{ required: true, whitespace: true, message: '' }]}
          >
            <Input
              style={{ flex: 1, minWidth: 0 }}
              aria-label="手机号"
              placeholder={PHONE_HINT}
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={15}
            />
          </Form.Item>
        </Space.Compact>
        {/* antd points the invalid field's aria-describedby at `<field id>_help`, which a noStyle
            item never renders: the spec shows no message (a red border only), so the element is
            hidden and only gives the error state its words (issue 23). */}
        <span id="phone_help" hidden>
          请填写手机号
        </span>
      </Form.Item>
      <Form.Item>
        <Space.Compact block>
          <Form.Item
            name="code"
            noStyle
            rules={[{ required: true, whitespace: true, message: CODE_REQUIRED_TEXT }]}
          >
            <Input
              aria-label="验证码"
              placeholder={CODE_HINT}
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          </Form.Item>
          <Button
            className={styles.sendButton}
            disabled={countdown.isCounting}
            onClick={() => void sendCode()}
          >
            {countdown.isCounting ? retryText(countdown.seconds) : SEND_CODE_TEXT}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isSubmitting}>
        {isBinding ? BIND_TEXT : LOGIN_TEXT}
      </Button>
      <button type="button" className={styles.helpLink} onClick={onHelp}>
        收不到验证码？
      </button>
    </Form>
  );
}
