import { Button, Popconfirm } from 'antd';
import { useCallback, useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { useBindings } from '../api/get-bindings';
import { useUnbindWechat } from '../api/unbind-wechat';
import { BindWechatDialog } from './bind-wechat-dialog';
import styles from './bindings-panel.module.css';
import { ChangePhoneDialog } from './change-phone-dialog';

/**
 * 个人中心 · 登录方式: the phone (masked) and WeChat that sign this account in; change the phone,
 * bind or unbind WeChat. WeChat cannot be unbound while it is the only way in (ADR 0031).
 */
export function BindingsPanel() {
  const bindings = useBindings();
  const unbind = useUnbindWechat();
  const [changing, setChanging] = useState(false);
  const [bindingWechat, setBindingWechat] = useState(false);
  // Stable, so the QR's poll does not restart when the panel renders again.
  const closeWechat = useCallback(() => setBindingWechat(false), []);
  return (
    <QueryState query={bindings} subject="登录方式" skeletonRows={2}>
      {(data) => (
        <>
          <ul className={styles.list}>
            <li className={styles.row} aria-label="手机号">
              <span className={styles.label}>
                <span className={styles.name}>手机号</span>
                <span className={styles.value}>
                  {data.phone ? `+${data.phonecode ?? '86'} ${data.phone}` : '未绑定'}
                </span>
              </span>
              <Button size="small" onClick={() => setChanging(true)}>
                {data.phone ? '更换' : '绑定'}
              </Button>
            </li>
            <li className={styles.row} aria-label="微信">
              <span className={styles.label}>
                <span className={styles.name}>微信</span>
                <span className={styles.value}>
                  {data.wechat ? `已绑定：${data.wechat.nickname}` : '未绑定'}
                </span>
              </span>
              {data.wechat ? (
                data.phone ? (
                  <Popconfirm
                    title="解绑后将不能用这个微信扫码登录，确定解绑？"
                    okText="确定解绑"
                    cancelText="取消"
                    onConfirm={() => unbind.mutate()}
                  >
                    <Button size="small" loading={unbind.isPending}>
                      解绑
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button
                    size="small"

                    disabled
                    title="微信是唯一的登录方式，请先绑定手机号"
                  >
                    解绑
                  </Button>
                )
              ) : (
                <Button size="small" onClick={() => setBindingWechat(true)}>
                  绑定
                </Button>
              )}
            </li>
          </ul>
          <p className={styles.note}>
            {data.phone
              ? '手机号和微信都可以用来登录。'
              : '账号只能用微信登录：请绑定手机号，以免微信不可用时无法登录。'}
          </p>
          {changing && <ChangePhoneDialog bindings={data} onClose={() => setChanging(false)} />}
          {bindingWechat && <BindWechatDialog onClose={closeWechat} />}
        </>
      )}
    </QueryState>
  );
}
