import { MobileOutlined, QrcodeOutlined } from '@ant-design/icons';
import { ConfigProvider, Modal } from 'antd';
import { use, useState } from 'react';
import { page } from '../../../lib/page';
import { returnPathAfterSignIn } from '../../../lib/return-path';
import { setToken } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { WECHAT_SCAN_MODE } from '../hooks/use-scan-login';
import type { ScanMode } from '../hooks/use-scan-login';
import { AgreementCheckbox } from './agreement-checkbox';
import { DialogOpenContext } from './dialog-open-context';
import { PhoneLoginForm } from './phone-login-form';
import { ScanLoginPanel } from './scan-login-panel';
import { SmsHelpDialog } from './sms-help-dialog';
import styles from './login-dialog.module.css';

export const LOGIN_TITLE = '手机验证码登录';
export const BINDING_TITLE = '绑定手机号';
export const AGREEMENT_WARNING = '请阅读并同意用户协议';
export const TO_SCAN_LABEL = '扫码登录';
export const TO_PHONE_LABEL = '手机验证码登录';

export interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
  /** The gated page that asked for the sign-in: signing in opens it rather than reloading. */
  returnTo?: string | undefined;
}

/**
 * The login dialog (spec §2, §4): phone mode with an SMS code, scan mode with a QR code (WeChat by
 * default, or the Ninety app), and binding mode when a WeChat identity has no phone yet.
 */
export function LoginDialog({ open, onClose, returnTo }: LoginDialogProps) {
  const [isScan, setIsScan] = useState(false);
  const [scanMode, setScanMode] = useState<ScanMode>(WECHAT_SCAN_MODE);
  const [userCode, setUserCode] = useState<string>();
  const [isAgreed, setIsAgreed] = useState(false);
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const isBinding = userCode !== undefined;
  const { getPrefixCls } = use(ConfigProvider.ConfigContext);

  const confirmAgreement = (): boolean => {
    if (!isAgreed) toast.warning(AGREEMENT_WARNING);
    return isAgreed;
  };

  const toggleScan = () => {
    if (isScan) setIsScan(false);
    else if (confirmAgreement()) setIsScan(true);
  };

  const signedIn = (token: string) => {
    setToken(token);
    onClose();
    // A fresh page fetches the user info and everything that depends on the session: the deep
    // link that asked for the sign-in (only a path of this app), else this page again.
    const target = returnPathAfterSignIn(returnTo);
    if (target) page.replace(target);
    else page.reload();
  };

  const needsBinding = (code: string) => {
    setUserCode(code);
    setIsScan(false);
  };

  const toggle = isBinding ? null : (
    <button
      type="button"
      className={styles.modeToggle}
      aria-label={isScan ? TO_PHONE_LABEL : TO_SCAN_LABEL}
      title={isScan ? TO_PHONE_LABEL : TO_SCAN_LABEL}
      onClick={toggleScan}
    >
      {isScan ? <MobileOutlined aria-hidden /> : <QrcodeOutlined aria-hidden />}
    </button>
  );

  return (
    <DialogOpenContext value={open}>
      <Modal
        title={isBinding ? BINDING_TITLE : LOGIN_TITLE}
        open={open}
        onCancel={onClose}
        footer={null}
        width={400}
        centered
        // A fade, not antd's default zoom: the zoom first lays the dialog out full size, then
        // shrinks it to 20% and grows it back, so a click on 我已阅读并同意 right after the dialog
        // appeared landed on whatever had moved under it and the box stayed unticked.
        transitionName={getPrefixCls('fade')}
        // Unmounts the content once closed; the host starts each opening with a fresh dialog.
        destroyOnHidden
      >
        {toggle}
        {isBinding && <p className={styles.bindingNote}>该微信尚未绑定手机号，绑定后即可登录</p>}
        {isScan ? (
          <ScanLoginPanel
            mode={scanMode}
            onModeChange={setScanMode}
            onToken={signedIn}
            onNeedsBinding={needsBinding}
          />
        ) : (
          <PhoneLoginForm
            key={isBinding ? 'binding' : 'login'}
            userCode={userCode}
            confirmAgreement={confirmAgreement}
            onSignedIn={signedIn}
            onHelp={() => setIsHelpOpen(true)}
          />
        )}
        <AgreementCheckbox checked={isAgreed} onChange={setIsAgreed} />
        <SmsHelpDialog open={isHelpOpen} onClose={() => setIsHelpOpen(false)} />
      </Modal>
    </DialogOpenContext>
  );
}
