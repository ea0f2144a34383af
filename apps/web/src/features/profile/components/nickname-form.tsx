import { NICKNAME_MAX_LENGTH } from '@ninety/contract';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useUpdateNickname } from '../api/update-nickname';

/** 个人中心's nickname: shown with 修改, edited in place; it is also the name on shared answers. */
export function NicknameForm({ nickname }: { nickname: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const update = useUpdateNickname();
  if (draft === null) {
    return <Button onClick={() => setDraft(nickname)}>修改昵称</Button>;
  }
  const trimmed = draft.trim();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed) return;
        update.mutate(trimmed, { onSuccess: () => setDraft(null) });
      }}
    >
      <Space.Compact style={{ width: '100%', maxWidth: 320 }}>
        <Input
          aria-label="新昵称"
          value={draft}
          maxLength={NICKNAME_MAX_LENGTH}
          showCount
          autoFocus
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button
          type="primary"
          htmlType="submit"
          autoInsertSpace={false}
          loading={update.isPending}
          disabled={!trimmed}
        >
          保存
        </Button>
      </Space.Compact>
      <Button type="link" size="small" onClick={() => setDraft(null)}>
        取消
      </Button>
    </form>
  );
}
