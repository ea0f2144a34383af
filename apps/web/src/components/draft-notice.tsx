import { Alert, Button, Popconfirm } from 'antd';

/**
 * Says that an answer in progress came back after a reload (`useAnswerDraft().restored`), so the
 * learner is not surprised by text they did not type just now, and offers to start over where
 * that is allowed (not in an exam, whose clock must not start again).
 */
export function DraftNotice({ onDiscard }: { onDiscard?: () => void }) {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title="已恢复你上次未提交的答案，计时从已用的时间继续。"
      action={
        onDiscard && (
          <Popconfirm
            title="清空这份答案并重新计时？"
            okText="清空"
            cancelText="保留"
            onConfirm={onDiscard}
          >
            <Button size="small">清空重做</Button>
          </Popconfirm>
        )
      }
    />
  );
}
