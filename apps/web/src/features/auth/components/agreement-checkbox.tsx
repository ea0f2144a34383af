import { Checkbox } from 'antd';
import styles from './login-dialog.module.css';

export const USER_AGREEMENT_PATH = '/agreement/user';
export const PRIVACY_POLICY_PATH = '/agreement/privacy';

interface AgreementCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** 我已阅读并同意《用户协议》和《隐私政策》; both documents open in a new tab. */
export function AgreementCheckbox({ checked, onChange }: AgreementCheckboxProps) {
  return (
    <Checkbox
      className={styles.agreement}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    >
      我已阅读并同意
      <a href={USER_AGREEMENT_PATH} target="_blank" rel="noopener noreferrer">
        《用户协议》
      </a>
      和
      <a href={PRIVACY_POLICY_PATH} target="_blank" rel="noopener noreferrer">
        《隐私政策》
      </a>
    </Checkbox>
  );
}
