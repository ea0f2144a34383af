import { useQuery } from '@tanstack/react-query';
import { Modal } from 'antd';
import { wxInfoQueryOptions } from '../api/get-new-wx-info';
import styles from './login-dialog.module.css';

export const SMS_HELP_IMAGE = '/images/sms-help.svg';

interface SmsHelpDialogProps {
  open: boolean;
  onClose: () => void;
}

/** "收不到验证码？": the help image, and the teacher's WeChat for when nothing else works. */
export function SmsHelpDialog({ open, onClose }: SmsHelpDialogProps) {
  const { data: wx } = useQuery({ ...wxInfoQueryOptions, enabled: open });
  return (
    <Modal title="收不到验证码？" open={open} onCancel={onClose} footer={null} width={400} centered>
      <img
        className={styles.helpImage}
        src={SMS_HELP_IMAGE}
        alt="收不到验证码时：检查手机号与区号，查看短信是否被拦截，60 秒后重新获取，仍收不到请联系老师微信"
      />
      {wx && (
        <div className={styles.teacher}>
          {wx.qrCode && <img src={wx.qrCode} alt="老师微信二维码" width={96} height={96} />}
          <p>
            老师微信：<strong>{wx.wx}</strong>
          </p>
        </div>
      )}
    </Modal>
  );
}
