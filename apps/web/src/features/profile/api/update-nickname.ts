import type { NicknameResult } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/** Renames the learner: the name 个人中心, the header and shared answers show. */
export function updateNickname(nickname: string): Promise<NicknameResult> {
  return post<NicknameResult>('/api/user/updateNickname', { nickname });
}

export function useUpdateNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNickname,
    onSuccess: () => {
      toast.success('昵称已保存');
      // The user info (header, 个人中心) carries the nickname.
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.currentUser });
    },
  });
}
