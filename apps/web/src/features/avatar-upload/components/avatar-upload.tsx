import { DEFAULT_AVATAR } from '@ninety/contract';
import { Avatar, Button, Progress, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { canMove, uploadStatusText, type UploadSnapshot } from '../../../lib/upload';
import { AVATAR_ACCEPT, avatarFileProblem } from '../avatar-file';
import { AvatarCropper } from './avatar-cropper';
import styles from './avatar-upload.module.css';
import { useUploadTask } from './use-upload-task';

export interface AvatarUploadProps {
  /** The saved avatar, or null for the default one. */
  avatar: string | null;
  /** Saves the uploaded image's URL (or null for the default); the page knows how. */
  onSave: (avatar: string | null) => void;
  saving: boolean;
}

const progressStatus = (snapshot: UploadSnapshot) =>
  snapshot.status === 'error'
    ? 'exception'
    : snapshot.status === 'success'
      ? 'success'
      : snapshot.status === 'uploading' || snapshot.status === 'checking'
        ? 'active'
        : 'normal';

/**
 * 个人中心's avatar: choose an image, crop it to a square (AvatarCropper), see the 256 px result
 * go up (progress, 暂停 / 继续 / 取消), and once it is stored it is saved as the avatar. The
 * image goes straight to the store in slices (lib/upload).
 */
export function AvatarUpload({ avatar, onSave, saving }: AvatarUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The chosen photo while the learner crops it; only the cropped square is uploaded. */
  const [cropping, setCropping] = useState<File | null>(null);
  const upload = useUploadTask({ purpose: 'avatar' });
  const { snapshot } = upload;
  const savedUrl = useRef<string | null>(null);

  const uploadedUrl = snapshot?.status === 'success' ? (snapshot.result?.url ?? null) : null;
  useEffect(() => {
    if (uploadedUrl && savedUrl.current !== uploadedUrl) {
      savedUrl.current = uploadedUrl;
      onSave(uploadedUrl);
    }
  }, [uploadedUrl, onSave]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const why = avatarFileProblem(file);
    setProblem(why);
    if (why) return;
    setCropping(file);
  };

  const cropped = (file: File) => {
    setCropping(null);
    savedUrl.current = null;
    upload.begin(file);
  };

  const status = snapshot?.status;
  const busy = status !== undefined && status !== 'success' && status !== 'canceled';

  return (
    <div>
      <div className={styles.row}>
        <Avatar size={72} src={avatar ?? DEFAULT_AVATAR} alt="我的头像" />
        <Space wrap>
          <Button onClick={() => input.current?.click()} disabled={busy} loading={saving}>
            {avatar ? '更换头像' : '上传头像'}
          </Button>
          {avatar && !busy && (
            <Button onClick={() => onSave(null)} disabled={saving}>
              恢复默认头像
            </Button>
          )}
        </Space>
        <input
          ref={input}
          className={styles.fileInput}
          type="file"
          accept={AVATAR_ACCEPT}
          aria-label="选择头像图片"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // The same file may be chosen again after a cancel.
            event.target.value = '';
          }}
        />
      </div>
      <p className={styles.hint}>
        支持 png、jpg、webp、gif，不超过 15 MB；选好后裁剪成正方形，上传 256 像素的头像。
      </p>
      {cropping && (
        <AvatarCropper file={cropping} onCancel={() => setCropping(null)} onCropped={cropped} />
      )}
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      {snapshot && status !== 'canceled' && (
        <div className={styles.task} aria-label="头像上传">
          <Progress
            percent={snapshot.percent}
            status={progressStatus(snapshot)}
            aria-label="头像上传进度"
          />
          <div className={styles.taskLine}>
            <span role="status">
              {uploadStatusText[snapshot.status]}
              {snapshot.status === 'success'
                ? saving
                  ? '，正在保存…'
                  : ''
                : `（${snapshot.percent}%）`}
              {snapshot.resumed && snapshot.status === 'uploading' ? '，已从上次中断处继续' : ''}
            </span>
            {status && canMove(status, 'pause') && (
              <Button size="small" onClick={upload.pause}>
                暂停
              </Button>
            )}
            {status === 'paused' && (
              <Button size="small" type="primary" onClick={upload.restart}>
                继续
              </Button>
            )}
            {status === 'error' && (
              <Button size="small" type="primary" onClick={upload.restart}>
                重试
              </Button>
            )}
            {status && canMove(status, 'cancel') && (
              <Button size="small" danger onClick={upload.cancel}>
                取消
              </Button>
            )}
          </div>
          {snapshot.error && (
            <p className={styles.error} role="alert">
              {snapshot.error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
