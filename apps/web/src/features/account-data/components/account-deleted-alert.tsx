import { Alert } from 'antd';

/** What an account deletion did; loaded only on the one visit that shows it. */
export function AccountDeletedAlert() {
  return (
    <Alert
      type="success"
      showIcon
      closable
      style={{ marginBottom: 16 }}
      title="账号已注销"
      description="你的账号资料、练习记录、录音和上传的文件已删除，所有设备上的登录都已失效。用同一手机号再次登录将注册一个新的空账号。"
    />
  );
}
