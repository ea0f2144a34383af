import { Alert, Button, Checkbox, Input, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useDeleteAccount } from '../api/delete-account';
import { useExportAccountData } from '../api/export-account-data';
import { useSendDeletionCode } from '../api/send-deletion-code';
import styles from './my-data-panel.module.css';

export interface MyDataPanelProps {
  /** The account's phone as 个人中心 shows it (masked), or null when none is bound. */
  phone: string | null;
  phonecode: string | null;
}

const deletedItems = [
  '账号资料、会员权益与剩余次数（尚未到期的会员视为放弃）',
  '全部练习记录、得分与口语录音',
  '收藏、生词本、学习时长与练习次数、分享的作答',
  '练习设置和上传的文件（如头像）',
];

/** Seconds left before another code may be sent. */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

function DeleteAccountDialog({
  open,
  onClose,
  phone,
  phonecode,
}: MyDataPanelProps & { open: boolean; onClose: () => void }) {
  const sendCode = useSendDeletionCode();
  const deletion = useDeleteAccount();
  const [code, setCode] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [resendIn, startCountdown] = useCountdown();
  const sentTo = sendCode.data ? `+${sendCode.data.phonecode} ${sendCode.data.phone}` : null;
  const codeIsComplete = /^\d{6}$/.test(code);

  return (
    <Modal
      open={open}
      title="注销账号"
      onCancel={deletion.isPending ? undefined : onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={deletion.isPending}>
          取消
        </Button>,
        <Button
          key="confirm"
          danger
          type="primary"
          disabled={!codeIsComplete || !understood || !sendCode.data}
          loading={deletion.isPending}
          onClick={() => deletion.mutate({ code })}
        >
          确认注销
        </Button>,
      ]}
    >
      <Alert
        type="error"
        showIcon
        title="注销后无法恢复"
        description="注销会立即删除以下数据，所有设备上的登录都会失效。建议先导出你的数据。"
      />
      <ul className={styles.list}>
        {deletedItems.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      {phone === null ? (
        <p className={styles.note}>
          该账号未绑定手机号，无法通过短信验证是你本人。请先绑定手机号，或通过个人中心的老师微信联系我们协助注销。
        </p>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span>
            为确认是你本人，我们会向 {sentTo ?? `+${phonecode ?? '86'} ${phone}`} 发送验证码。
          </span>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              aria-label="验证码"
              placeholder="6 位验证码"
              inputMode="numeric"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
            <Button
              onClick={() =>
                sendCode.mutate(undefined, {
                  onSuccess: (result) => startCountdown(result.resendAfter),
                })
              }
              loading={sendCode.isPending}
              disabled={resendIn > 0}
            >
              {resendIn > 0 ? `${resendIn} 秒后重发` : sendCode.data ? '重新发送' : '发送验证码'}
            </Button>
          </Space.Compact>
          {sentTo && <span className={styles.note}>验证码已发送至 {sentTo}，5 分钟内有效。</span>}
          <Checkbox checked={understood} onChange={(event) => setUnderstood(event.target.checked)}>
            我已了解：注销后以上数据全部删除，无法恢复
          </Checkbox>
        </Space>
      )}
    </Modal>
  );
}

/** 我的数据 in 个人中心: download everything we hold, or delete the account. */
export function MyDataPanel({ phone, phonecode }: MyDataPanelProps) {
  const exportData = useExportAccountData();
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <p className={styles.text}>
        下载我们保存的关于你的全部数据（JSON
        文件）：账号资料、会员与次数、练习设置、登录设备、学习数据、收藏、生词本、分享、全部作答与评分、模考记录与成绩报告，以及录音列表（录音链接数小时内有效）。每小时最多导出
        3 次。
      </p>
      <Space wrap>
        <Button onClick={() => exportData.mutate()} loading={exportData.isPending}>
          导出我的数据
        </Button>
        <Button danger onClick={() => setDeleting(true)}>
          注销账号
        </Button>
      </Space>
      <DeleteAccountDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        phone={phone}
        phonecode={phonecode}
      />
    </>
  );
}
