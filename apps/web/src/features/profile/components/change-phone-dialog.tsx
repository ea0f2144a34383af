import { DEFAULT_PHONECODE, ErrorCode, type Bindings } from '@ninety/contract';
import { Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { HttpError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useChangePhone } from '../api/change-phone';
import { useCurrentPhoneCodeWait } from '../api/get-current-phone-code-wait';
import { useSendCurrentPhoneCode } from '../api/send-current-phone-code';
import { useSendNewPhoneCode } from '../api/send-new-phone-code';
import { useVerifyCurrentPhone } from '../api/verify-current-phone';
import styles from './bindings-panel.module.css';
import { useCountdown } from './use-countdown';

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** What the dialog says of a failed call; nothing when the session ended (the page reloads). */
function problemOf(error: unknown): string | null {
  if (!(error instanceof HttpError)) return '操作失败，请稍后再试';
  return error.kind === 'session-ended' || error.kind === 'aborted' ? null : error.msg;
}

/**
 * A code input with its send button. The countdown lives here, from `initialWait` (the server's
 * answer when the field appeared; the field is mounted again when that answer changes).
 */
function CodeField({
  label,
  code,
  onCode,
  onSend,
  sending,
  sent,
  initialWait = 0,
  canSend = true,
}: {
  label: string;
  code: string;
  onCode: (code: string) => void;
  /** Sends; calls `started` with the wait the server answered once the code is sent. */
  onSend: (started: (seconds: number) => void) => void;
  sending: boolean;
  sent: boolean;
  initialWait?: number;
  canSend?: boolean;
}) {
  const [resendIn, startCountdown] = useCountdown(initialWait);
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
      {/* Not antd's `loading`: its spinner leaves by a width transition, and when a quick answer
          ends the spinner's entry midway (a busy machine) the transition never ends, so an
          invisible "loading" icon stayed in the button's name ("loading 发送验证码"). */}
      <Button onClick={() => onSend(startCountdown)} disabled={sending || resendIn > 0 || !canSend}>
        {sending
          ? '发送中…'
          : resendIn > 0
            ? `${resendIn} 秒后重发`
            : sent
              ? '重新发送'
              : '发送验证码'}
      </Button>
    </Space.Compact>
  );
}

/**
 * 更换手机号: first the current phone proves it is the learner (a code to it), then the new one
 * (a code to it). An account without a phone starts at the new one. Other devices are signed out.
 * The current phone's send button counts down the wait left from its last code (usually the
 * sign-in's own), and every error is said inside the dialog, not by a toast over it. Mounted only
 * while open, so each opening asks the wait afresh.
 */
export function ChangePhoneDialog({
  bindings,
  onClose,
}: {
  bindings: Bindings;
  onClose: () => void;
}) {
  const hasPhone = bindings.phone !== null;
  const wait = useCurrentPhoneCodeWait(hasPhone);
  const sendCurrent = useSendCurrentPhoneCode();
  const verifyCurrent = useVerifyCurrentPhone();
  const sendNew = useSendNewPhoneCode();
  const change = useChangePhone();
  const [currentCode, setCurrentCode] = useState('');
  const [proof, setProof] = useState<string | undefined>(undefined);
  const [phonecode, setPhonecode] = useState(DEFAULT_PHONECODE);
  const [phone, setPhone] = useState('');
  const [newCode, setNewCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Whether a code went out, kept through a later refused resend (the first code still counts).
  const [currentSent, setCurrentSent] = useState(false);
  const [newSent, setNewSent] = useState(false);
  const onNewPhone = !hasPhone || proof !== undefined;
  const busy = verifyCurrent.isPending || change.isPending;
  const failed = (error: unknown) => setProblem(problemOf(error));

  const close = () => {
    if (busy) return;
    onClose();
  };

  const confirm = () => {
    setProblem(null);
    if (!onNewPhone) {
      verifyCurrent.mutate(currentCode, {
        onSuccess: (result) => setProof(result.proof),
        onError: failed,
      });
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
        onError: failed,
      },
    );
  };

  const sendCurrentCode = (started: (seconds: number) => void) => {
    setProblem(null);
    sendCurrent.mutate(undefined, {
      onSuccess: (result) => {
        setCurrentSent(true);
        started(result.resendAfter);
      },
      onError: (error) => {
        failed(error);
        // Another device may have asked a code meanwhile: count down what the server says now.
        if (error instanceof HttpError && error.code === ErrorCode.TooManyRequests) {
          void wait.refetch();
        }
      },
    });
  };

  const sendNewCode = (started: (seconds: number) => void) => {
    setProblem(null);
    sendNew.mutate(
      { phonecode, phone, ...(proof ? { proof } : {}) },
      {
        onSuccess: (result) => {
          setNewSent(true);
          started(result.resendAfter);
        },
        onError: failed,
      },
    );
  };

  return (
    <Modal
      open
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
              ? !/^\d{6}$/.test(newCode) || !newSent
              : !/^\d{6}$/.test(currentCode) || !currentSent
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
            // Mounted again with each answer of the wait, which it then counts down.
            key={wait.dataUpdatedAt}
            label="当前手机号验证码"
            code={currentCode}
            onCode={setCurrentCode}
            sending={sendCurrent.isPending}
            // Not before the wait is known: a send now would only be refused.
            canSend={!wait.isFetching}
            sent={currentSent}
            initialWait={wait.data?.resendIn ?? 0}
            onSend={sendCurrentCode}
          />
          {currentSent && <span className={styles.note}>验证码已发送，5 分钟内有效。</span>}
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
            sent={newSent}
            canSend={phone.length >= 4 && phonecode.length >= 1}
            onSend={sendNewCode}
          />
          {hasPhone && (
            <span className={styles.note}>
              更换后请用新手机号登录；为保护账号，其他设备上的登录会全部退出，本机保持登录。
            </span>
          )}
        </div>
      )}
      {problem && (
        <p className={`${styles.error} ${styles.problem}`} role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}
