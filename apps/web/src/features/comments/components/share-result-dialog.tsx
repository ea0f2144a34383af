import {
  COMMENT_MAX_LENGTH,
  DEFAULT_SHARE_SOURCE,
  isShareSource,
  MACHINE_SCORE_TYPE,
  type Attempt,
} from '@ninety/contract';
import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { HttpError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useAddComment } from '../api/add-comment';
import { buildShareLink, copyText } from '../share-link';
import styles from './comments.module.css';

/** Spec §8 copy-link messages. */
export const COPY_SUCCEEDED_TEXT = '复制成功';
export const COPY_FAILED_TEXT = '复制失败，请手动复制';

type SharedAttempt = Pick<Attempt, 'id' | 'score' | 'max'>;

interface ShareResultDialogProps {
  open: boolean;
  onClose: () => void;
  attempt: SharedAttempt;
  questionId: string;
  /** The page URL's `source`; anything unknown counts as the default (bank practice). */
  source?: string | null;
}

/**
 * "分享结果" (spec §2): shares the attempt with an optional comment, then copies the share link.
 * The link stays in the dialog, selectable, so a refused copy can be done by hand.
 */
export function ShareResultDialog({
  open,
  onClose,
  attempt,
  questionId,
  source,
}: ShareResultDialogProps) {
  const [comment, setComment] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const share = useAddComment();

  const copy = async (text: string) => {
    if (await copyText(text)) toast.success(COPY_SUCCEEDED_TEXT);
    else toast.error(COPY_FAILED_TEXT);
  };
  const submit = () =>
    share.mutate(
      {
        attemptId: attempt.id,
        questionId,
        content: comment,
        scoreType: MACHINE_SCORE_TYPE,
        source: isShareSource(source) ? source : DEFAULT_SHARE_SOURCE,
      },
      {
        onSuccess: (shared) => {
          const built = buildShareLink(window.location.origin, shared);
          setLink(built);
          void copy(built);
        },
      },
    );
  const close = () => {
    setLink(null);
    setComment('');
    share.reset();
    onClose();
  };

  return (
    <Modal
      title="分享结果"
      open={open}
      onCancel={close}
      destroyOnHidden
      footer={
        link
          ? [
              <Button key="copy" onClick={() => void copy(link)}>
                复制链接
              </Button>,
              <Button key="done" type="primary" onClick={close}>
                完成
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                取消
              </Button>,
              <Button key="share" type="primary" loading={share.isPending} onClick={submit}>
                分享并复制链接
              </Button>,
            ]
      }
    >
      <p className={styles.dialogLead}>
        分享最近一次练习的答案与得分（{attempt.score} / {attempt.max}
        ）：其他同学会在这道题下看到，拿到链接的人无需登录也能查看。
      </p>
      {link ? (
        <>
          <p className={styles.label}>分享链接</p>
          <Input
            readOnly
            value={link}
            aria-label="分享链接"
            onFocus={(event) => event.target.select()}
          />
        </>
      ) : (
        <Input.TextArea
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={COMMENT_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder="说说这次练习的心得（选填）"
          aria-label="留言"
        />
      )}
      {share.isError && (
        // Beside the toast, which goes after a few seconds: a learner who looked away still sees
        // why the dialog did not move on, and that trying again is safe (one share per attempt).
        <p className={styles.error} role="alert">
          分享没有成功：{shareErrorText(share.error)}，可以再试一次。
        </p>
      )}
    </Modal>
  );
}

/** The server's or the network's reason, without its closing punctuation. */
function shareErrorText(error: unknown): string {
  const text = error instanceof HttpError ? error.msg : '网络异常';
  return text.replace(/[。.！!]+$/, '');
}

/** The button that opens the dialog for the learner's latest attempt. */
export function ShareResultButton(props: Omit<ShareResultDialogProps, 'open' | 'onClose'>) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>分享结果</Button>
      <ShareResultDialog {...props} open={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}
