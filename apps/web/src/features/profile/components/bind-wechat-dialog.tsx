import { ErrorCode, LOGIN_POLL_INTERVAL_MS } from '@ninety/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { pollWechatBinding } from '../api/poll-wechat-binding';
import { useStartWechatBinding } from '../api/start-wechat-binding';
import styles from './bindings-panel.module.css';

/**
 * 绑定微信: a QR from the same WeChat adapter as the sign-in dialog, polled every second (spec
 * §9) until the scan is bound, the QR expires (a fresh one on request) or the WeChat belongs to
 * another account.
 */
export function BindWechatDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const start = useStartWechatBinding();
  const { mutate: startScene } = start;
  const scene = start.data;
  const [problem, setProblem] = useState<string | null>(null);

  // Mounted only while open (the panel renders it so): each opening is a fresh QR.
  useEffect(() => startScene(), [startScene]);

  useEffect(() => {
    if (!scene || problem) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const bindings = await pollWechatBinding(scene.sceneId, controller.signal);
        queryClient.setQueryData(queryKeys.profile.bindings, bindings);
        toast.success('微信已绑定');
        onClose();
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof HttpError && error.code === ErrorCode.QrPending) {
          timer = setTimeout(() => void poll(), LOGIN_POLL_INTERVAL_MS);
          return;
        }
        setProblem(error instanceof HttpError ? error.msg : '绑定失败，请稍后再试');
      }
    };
    timer = setTimeout(() => void poll(), LOGIN_POLL_INTERVAL_MS);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [scene, problem, queryClient, onClose]);

  return (
    <Modal open title="绑定微信" onCancel={onClose} footer={null} destroyOnHidden>
      <div className={`${styles.step} ${styles.center}`}>
        {scene && !problem && (
          <>
            <img
              className={styles.qr}
              src={scene.url}
              alt="绑定微信二维码"
              data-scene-id={scene.sceneId}
            />
            <span role="status">请用微信扫码，扫码后即绑定到当前账号</span>
          </>
        )}
        {!scene && !problem && <span role="status">正在生成二维码…</span>}
        {problem && (
          <>
            <p className={styles.error} role="alert">
              {problem}
            </p>
            <Button
              onClick={() => {
                setProblem(null);
                startScene();
              }}
            >
              刷新二维码
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}
