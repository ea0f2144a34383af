import { ErrorCode } from '@ninety/contract';
import { Alert, Button, Input, Result, Spin, Tag } from 'antd';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { HttpError } from '../../lib/http';
import { useWechatIdentities } from './api/wechat-identities';
import type { SimulatedIdentity } from './api/wechat-identities';
import { useWechatScan } from './api/wechat-scan';
import styles from './wechat-scan-page.module.css';

/** The local provider's scene ids: 12 random bytes in hex, as the dialog polls them. */
const SCENE_ID_PATTERN = /^[0-9a-f]{24}$/;
const DEFAULT_NICKNAME = '微信用户';
const NICKNAME_MAX_LENGTH = 30;
const FALLBACK_TEXT = '操作失败，请稍后再试';

/** The server registers the simulator's endpoints only with the local WeChat provider. */
function isSimulatorOff(error: unknown): boolean {
  return error instanceof HttpError && error.kind === 'not-found';
}

function isExpired(error: unknown): boolean {
  return error instanceof HttpError && error.code === ErrorCode.QrExpired;
}

function errorText(error: unknown): string {
  return (error instanceof HttpError && error.msg) || FALLBACK_TEXT;
}

export function WechatScanPage() {
  const [searchParams] = useSearchParams();
  const sceneId = searchParams.get('sceneId') ?? '';

  return (
    <>
      <PageHeading title="模拟微信扫码" />
      <Alert
        className={styles.notice}
        type="warning"
        showIcon
        title="这是本地开发环境的微信扫码模拟器：生产环境中由真实微信完成扫码"
      />
      {SCENE_ID_PATTERN.test(sceneId) ? (
        <Simulator key={sceneId} sceneId={sceneId} />
      ) : (
        <Result
          className={styles.outcome}
          status="error"
          title={<h2 className={styles.resultTitle}>二维码无效，请在电脑上重新打开登录二维码</h2>}
        />
      )}
    </>
  );
}

function Simulator({ sceneId }: { sceneId: string }) {
  const identities = useWechatIdentities();
  const scan = useWechatScan(sceneId);

  if (scan.isSuccess) {
    return (
      <Result
        className={styles.outcome}
        status="success"
        title={<h2 className={styles.resultTitle}>扫码成功，请回到电脑上继续</h2>}
        subTitle={
          <>
            <span className={styles.line}>微信身份：{scan.data.nickname}</span>
            {!scan.data.hasPhone && (
              <span className={styles.line}>该微信尚未绑定手机号，电脑端将要求绑定手机号</span>
            )}
          </>
        }
      />
    );
  }
  if (isSimulatorOff(identities.error) || isSimulatorOff(scan.error)) {
    return (
      <Result
        className={styles.outcome}
        status="warning"
        title={<h2 className={styles.resultTitle}>当前服务器未启用微信扫码模拟器</h2>}
        subTitle="服务器使用真实微信登录时，请用微信扫描电脑上的二维码"
      />
    );
  }
  if (isExpired(scan.error)) {
    return (
      <Result
        className={styles.outcome}
        status="warning"
        title={<h2 className={styles.resultTitle}>二维码已过期，请在电脑上刷新</h2>}
      />
    );
  }

  const pendingAs = scan.isPending ? scan.variables : undefined;
  return (
    <>
      {scan.error && (
        <Alert className={styles.notice} type="error" showIcon title={errorText(scan.error)} />
      )}
      <section className={styles.section} aria-labelledby="wechat-identities">
        <h2 id="wechat-identities" className={styles.sectionTitle}>
          已有的模拟微信身份
        </h2>
        {identities.isPending ? (
          <div className={styles.loading}>
            <Spin />
          </div>
        ) : identities.isError ? (
          <Alert
            type="error"
            showIcon
            title={errorText(identities.error)}
            action={
              <Button size="small" onClick={() => void identities.refetch()}>
                重新加载
              </Button>
            }
          />
        ) : identities.data.length === 0 ? (
          <p className={styles.empty}>还没有模拟的微信身份，可在下方以新身份扫码</p>
        ) : (
          <ul className={styles.identities}>
            {identities.data.map((identity) => (
              <IdentityItem
                key={identity.openId}
                identity={identity}
                isScanning={
                  pendingAs !== undefined &&
                  'openId' in pendingAs &&
                  pendingAs.openId === identity.openId
                }
                isDisabled={scan.isPending}
                onScan={() => scan.mutate({ openId: identity.openId })}
              />
            ))}
          </ul>
        )}
      </section>
      <NewIdentityForm
        isScanning={pendingAs !== undefined && 'nickname' in pendingAs}
        isDisabled={scan.isPending}
        onScan={(nickname) => scan.mutate({ nickname })}
      />
    </>
  );
}

interface IdentityItemProps {
  identity: SimulatedIdentity;
  isScanning: boolean;
  isDisabled: boolean;
  onScan: () => void;
}

function IdentityItem({ identity, isScanning, isDisabled, onScan }: IdentityItemProps) {
  return (
    <li className={styles.identity}>
      <div className={styles.who}>
        <div className={styles.name}>
          <strong>{identity.nickname || '未命名'}</strong>
          <Tag color={identity.hasPhone ? 'green' : 'default'}>
            {identity.hasPhone ? '已绑定手机' : '未绑定手机'}
          </Tag>
        </div>
        <span className={styles.openId}>{identity.openId}</span>
      </div>
      <Button
        type="primary"
        ghost
        loading={isScanning}
        disabled={isDisabled && !isScanning}
        onClick={onScan}
      >
        以此身份扫码
      </Button>
    </li>
  );
}

interface NewIdentityFormProps {
  isScanning: boolean;
  isDisabled: boolean;
  onScan: (nickname: string) => void;
}

function NewIdentityForm({ isScanning, isDisabled, onScan }: NewIdentityFormProps) {
  const inputId = useId();
  const errorId = useId();
  const [nickname, setNickname] = useState(DEFAULT_NICKNAME);
  const [isBlank, setIsBlank] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = nickname.trim();
    setIsBlank(trimmed === '');
    if (trimmed) onScan(trimmed);
  };

  return (
    <section className={styles.section} aria-labelledby="wechat-new-identity">
      <h2 id="wechat-new-identity" className={styles.sectionTitle}>
        新的微信用户
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={inputId} className={styles.label}>
          昵称
        </label>
        <Input
          id={inputId}
          value={nickname}
          maxLength={NICKNAME_MAX_LENGTH}
          showCount
          status={isBlank ? 'error' : undefined}
          aria-invalid={isBlank}
          aria-describedby={isBlank ? errorId : undefined}
          onChange={(event) => {
            setNickname(event.target.value);
            if (isBlank) setIsBlank(false);
          }}
        />
        {isBlank && (
          <p id={errorId} className={styles.fieldError} role="alert">
            请输入昵称
          </p>
        )}
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={isScanning}
          disabled={isDisabled && !isScanning}
        >
          以新身份扫码
        </Button>
      </form>
    </section>
  );
}
