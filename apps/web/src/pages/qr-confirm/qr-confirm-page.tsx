import { DesktopOutlined } from '@ant-design/icons';
import { Alert, Button, Result, Spin } from 'antd';
import type { ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { requestLogin } from '../../lib/login-events';
import { isSignedIn } from '../../lib/session';
import { useCancelQrLogin } from './api/cancel-qr-login';
import { useConfirmQrLogin } from './api/confirm-qr-login';
import { useQrLoginInfo } from './api/qr-login-info';
import { describeUserAgent } from './describe-user-agent';
import { canRetry, isQrGone, qrErrorText } from './qr-error-text';
import styles from './qr-confirm-page.module.css';

/** The desktop makes the uuid with `crypto.randomUUID()`; the server accepts RFC 9562 uuids. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function QrConfirmPage() {
  const [searchParams] = useSearchParams();
  const uuid = searchParams.get('uuid') ?? '';

  if (!UUID_PATTERN.test(uuid)) {
    return (
      <Outcome status="error" title="二维码无效" text="二维码无效，请在电脑上重新打开登录二维码" />
    );
  }
  if (!isSignedIn()) {
    return (
      <Outcome
        status="info"
        title="确认登录"
        text="请先登录 Ninety 账号，再确认电脑端登录"
        action={
          <Button
            type="primary"
            size="large"
            autoInsertSpace={false}
            onClick={() => requestLogin()}
          >
            登录
          </Button>
        }
      />
    );
  }
  return <QrLoginRequest key={uuid} uuid={uuid} />;
}

function QrLoginRequest({ uuid }: { uuid: string }) {
  const info = useQrLoginInfo(uuid);
  const confirm = useConfirmQrLogin(uuid);
  const cancel = useCancelQrLogin(uuid);

  if (info.isPending) {
    return (
      <section className={styles.loading}>
        <h1 className={styles.title}>确认登录</h1>
        <Spin />
        <p className={styles.lead}>正在读取登录请求…</p>
      </section>
    );
  }
  if (info.isError) {
    return (
      <Outcome
        status="error"
        title="无法确认登录"
        text={qrErrorText(info.error)}
        action={
          canRetry(info.error) ? (
            <Button size="large" loading={info.isFetching} onClick={() => void info.refetch()}>
              重新加载
            </Button>
          ) : undefined
        }
      />
    );
  }

  const actionError = confirm.error ?? cancel.error;
  if (isQrGone(actionError)) {
    return <Outcome status="warning" title="无法确认登录" text={qrErrorText(actionError)} />;
  }

  switch (info.data.status) {
    case 'confirmed':
      return <Outcome status="success" title="已确认登录" text="已确认登录，电脑端将自动进入" />;
    case 'consumed':
      return (
        <Outcome status="success" title="电脑端已登录" text="这个二维码已用于登录，无需再次确认" />
      );
    case 'canceled':
      return (
        <Outcome
          status="info"
          title="已取消登录"
          text="电脑端不会登录；如需登录，请在电脑上刷新二维码后重新扫码"
        />
      );
    case 'expired':
      return (
        <Outcome status="warning" title="二维码已过期" text="二维码已过期，请在电脑上刷新二维码" />
      );
  }

  const { userAgent, ip } = info.data.requestedFrom;
  const isBusy = confirm.isPending || cancel.isPending;
  return (
    <section className={styles.request}>
      <DesktopOutlined className={styles.desktop} aria-hidden />
      <h1 className={styles.title}>登录 Ninety 网页版</h1>
      <p className={styles.lead}>电脑端正在请求登录你的 Ninety 账号</p>
      <dl className={styles.details}>
        <div className={styles.detail}>
          <dt>浏览器</dt>
          <dd>{describeUserAgent(userAgent)}</dd>
        </div>
        <div className={styles.detail}>
          <dt>IP 地址</dt>
          <dd>{ip ?? '未知'}</dd>
        </div>
      </dl>
      <p className={styles.hint}>请确认是你本人在电脑上发起的登录；如果不是，请点击“取消”。</p>
      {actionError && (
        <Alert className={styles.alert} type="error" showIcon title={qrErrorText(actionError)} />
      )}
      <div className={styles.actions}>
        <Button
          type="primary"
          size="large"
          block
          loading={confirm.isPending}
          disabled={isBusy && !confirm.isPending}
          onClick={() => {
            cancel.reset();
            confirm.mutate();
          }}
        >
          确认登录
        </Button>
        <Button
          size="large"
          block
          autoInsertSpace={false}
          loading={cancel.isPending}
          disabled={isBusy && !cancel.isPending}
          onClick={() => {
            confirm.reset();
            cancel.mutate();
          }}
        >
          取消
        </Button>
      </div>
    </section>
  );
}

interface OutcomeProps {
  status: NonNullable<ResultProps['status']>;
  title: string;
  text: string;
  action?: ReactNode;
}

/** A final or blocking state: an icon, the heading and what to do next. */
function Outcome({ status, title, text, action }: OutcomeProps) {
  return (
    <Result
      className={styles.outcome}
      status={status}
      title={<h1 className={styles.title}>{title}</h1>}
      subTitle={text}
      extra={action}
    />
  );
}
