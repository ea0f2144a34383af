import { ReloadOutlined } from '@ant-design/icons';
import { Button, Segmented, Spin } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import {
  APP_LOGIN_CODE_PREFIX,
  APP_SCAN_MODE,
  WECHAT_SCAN_MODE,
  useScanLogin,
} from '../hooks/use-scan-login';
import type { ScanMode } from '../hooks/use-scan-login';
import { useIsDialogOpen } from './dialog-open-context';
import styles from './login-dialog.module.css';

export const QR_SIZE = 180;

const modeOptions: { label: string; value: ScanMode }[] = [
  { label: '微信扫码', value: WECHAT_SCAN_MODE },
  { label: 'App 扫码', value: APP_SCAN_MODE },
];

const hints: Record<ScanMode, string> = {
  [WECHAT_SCAN_MODE]: '请使用微信扫码',
  [APP_SCAN_MODE]: '请使用 Ninety App 扫码',
};

interface ScanLoginPanelProps {
  mode: ScanMode;
  onModeChange: (mode: ScanMode) => void;
  onToken: (token: string) => void;
  onNeedsBinding: (userCode: string) => void;
}

/** Scan mode (spec §2, §4): WeChat (default) or the Ninety app, a QR code and its status. */
export function ScanLoginPanel({
  mode,
  onModeChange,
  onToken,
  onNeedsBinding,
}: ScanLoginPanelProps) {
  // Polls only while the dialog is open: closing stops it at once.
  const isActive = useIsDialogOpen();
  const { code, status, isStopped, refresh } = useScanLogin({
    mode,
    isActive,
    onToken,
    onNeedsBinding,
  });

  let picture;
  if (isStopped) {
    picture = (
      <Button icon={<ReloadOutlined />} onClick={refresh}>
        刷新二维码
      </Button>
    );
  } else if (!code) {
    picture = <Spin aria-label="二维码生成中" />;
  } else if (code.mode === APP_SCAN_MODE) {
    picture = (
      <div className={styles.qr} data-login-code={code.uuid}>
        <QRCodeSVG
          value={`${APP_LOGIN_CODE_PREFIX}${code.uuid}`}
          size={QR_SIZE}
          marginSize={1}
          title="App 扫码登录二维码"
        />
      </div>
    );
  } else {
    picture = (
      <div className={styles.qr} data-scene-id={code.sceneId}>
        <img src={code.url} alt="微信扫码登录二维码" width={QR_SIZE} height={QR_SIZE} />
      </div>
    );
  }

  return (
    <div className={styles.scan}>
      <Segmented<ScanMode>
        block
        options={modeOptions}
        value={mode}
        onChange={onModeChange}
        aria-label="扫码方式"
      />
      <div className={styles.qrBox}>{picture}</div>
      <p className={styles.hint}>{hints[mode]}</p>
      <p className={styles.status} role="status" aria-live="polite">
        {isStopped ? '二维码已失效，请刷新' : status}
      </p>
    </div>
  );
}
