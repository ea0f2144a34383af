import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { sessionKeys } from '../../../lib/storage-keys';

/** Whether the deletion left its one-time flag. */
function hasDeletedFlag(): boolean {
  try {
    return sessionStorage.getItem(sessionKeys.accountDeleted) !== null;
  } catch {
    return false;
  }
}

/** On the home page right after an account deletion: what happened. */
export function AccountDeletedNotice() {
  const [shown] = useState(hasDeletedFlag);
  // Cleared after the first render, so the notice shows once (and a StrictMode re-run still sees it).
  useEffect(() => {
    try {
      sessionStorage.removeItem(sessionKeys.accountDeleted);
    } catch {
      // Storage disabled: there is no flag.
    }
  }, []);
  if (!shown) return null;
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
