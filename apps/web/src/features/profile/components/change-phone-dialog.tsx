import { DEFAULT_PHONECODE, type Bindings } from '@ninety/contract';
import { Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useChangePhone } from '../api/change-phone';
import { useSendCurrentPhoneCode } from '../api/send-current-phone-code';
import { useSendNewPhoneCode } from '../api/send-new-phone-code';
import { useVerifyCurrentPhone } from '../api/verify-current-phone';
import styles from './bindings-panel.module.css';
import { useCountdown } from './use-countdown';

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

function CodeField({
  label,
  code,
  onCode,
  onSend,
  sending,
  sent,
  resendIn,
  canSend = true,
}: {
  label: string;
  code: string;
  onCode: (code: string) => void;
  onSend: () => void;
  sending: boolean;
  sent: boolean;
  resendIn: number;
  canSend?: boolean;
}) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        aria-label={label}
        placeholder="6 位验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => onCode(digits(event.target.value, 6))}
      />
      <Button onClick={onSend} loading={sending} disabled={resendIn > 0 || !canSend}>
        {resendIn > 0 ? `${resendIn} 秒后重发` : sent ? '重新发送' : '发送验证码'}
      </Button>
    </Space.Compact>
  );
}

/**
 * 更换手机号: first the current phone proves it is the learner (a code to it), then the new one
 * (a code to it). An account without a phone starts at the new one. Other devices are signed out.
 */
export function ChangePhoneDialog({
  bindings,
  open,
  onClose,
}: {
  bindings: Bindings;
  open: boolean;
  onClose: () => void;
}) {
  const hasPhone = bindings.phone !== null;
  const sendCurrent = useSendCurrentPhoneCode();
  const verifyCurrent = useVerifyCurrentPhone();
  const sendNew = useSendNewPhoneCode();
  const change = useChangePhone();
  const [currentCode, setCurrentCode] = useState('');
  const [proof, setProof] = useState<string | undefined>(undefined);
  const [phonecode, setPhonecode] = useState(DEFAULT_PHONECODE);
  const [phone, setPhone] = useState('');
  const [newCode, setNewCode] = useState('');
  const [currentResendIn, startCurrentCountdown] = useCountdown();
  const [newResendIn, startNewCountdown] = useCountdown();
  const onNewPhone = !hasPhone || proof !== undefined;
  const busy = verifyCurrent.isPending || change.isPending;

  const close = () => {
    if (busy) return;
    onClose();
  };

  const confirm = () => {
    if (!onNewPhone) {
      verifyCurrent.mutate(currentCode, { onSuccess: (result) => setProof(result.proof) });
      return;
    }
    change.mutate(
      { phonecode, phone, code: newCode, ...(proof ? { proof } : {}) },
      {
        onSuccess: ({ signedOutDevices }) => {
          toast.success(
            signedOutDevices > 0
              ? `手机号已更换，其他 ${signedOutDevices} 台设备已退出登录`
              : '手机号已更换',
          );
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={hasPhone ? '更换手机号' : '绑定手机号'}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" autoInsertSpace={false} onClick={close} disabled={busy}>
          取消
        </Button>,
        <Button
          key="confirm"
          type="primary"
          loading={busy}
          disabled={
            onNewPhone
              ? !/^\d{6}$/.test(newCode) || !sendNew.data
              : !/^\d{6}$/.test(currentCode) || !sendCurrent.data
          }
          onClick={confirm}
        >
          {onNewPhone ? (hasPhone ? '确认更换' : '确认绑定') : '下一步'}
        </Button>,
      ]}
    >
      {!onNewPhone ? (
        <div className={styles.step}>
          <span>
            第 1 步：验证当前手机号 +{bindings.phonecode ?? DEFAULT_PHONECODE} {bindings.phone}
          </span>
          <CodeField
            label="当前手机号验证码"
            code={currentCode}
            onCode={setCurrentCode}
            sending={sendCurrent.isPending}
            sent={!!sendCurrent.data}
            resendIn={currentResendIn}
            onSend={() =>
              sendCurrent.mutate(undefined, {
                onSuccess: (result) => startCurrentCountdown(result.resendAfter),
              })
            }
          />
          {sendCurrent.data && <span className={styles.note}>验证码已发送，5 分钟内有效。</span>}
        </div>
      ) : (
        <div className={styles.step}>
          <span>
            {hasPhone ? '第 2 步：输入新手机号，并填写它收到的验证码' : '输入要绑定的手机号'}
          </span>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              aria-label="国家/地区区号"
              prefix="+"
              style={{ width: 90 }}
              inputMode="numeric"
              maxLength={4}
              value={phonecode}
              onChange={(event) => setPhonecode(digits(event.target.value, 4))}
            />
            <Input
              aria-label="新手机号"
              placeholder="请输入手机号"
              inputMode="tel"
              maxLength={15}
              value={phone}
              onChange={(event) => setPhone(digits(event.target.value, 15))}
            />
          </Space.Compact>
          <CodeField
            label="新手机号验证码"
            code={newCode}
            onCode={setNewCode}
            sending={sendNew.isPending}
            sent={!!sendNew.data}
            resendIn={newResendIn}
            canSend={phone.length >= 4 && phonecode.length >= 1}
            onSend={() =>
              sendNew.mutate(
                { phonecode, phone, ...(proof ? { proof } : {}) },
                { onSuccess: (result) => startNewCountdown(result.resendAfter) },
              )
            }
          />
          {hasPhone && (
            <span className={styles.note}>
              更换后请用新手机号登录；为保护账号，其他设备上的登录会全部退出，本机保持登录。
            </span>
          )}
        </div>
      )}
    </Modal>
  );
}
