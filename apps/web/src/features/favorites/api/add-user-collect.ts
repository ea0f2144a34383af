import type { AddUserCollectBody, UserCollectResult } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/** Spec §7 addUserCollect: a colour 1–4 stars the item (or moves it); 0 takes it out. */
export function addUserCollect(body: AddUserCollectBody): Promise<UserCollectResult> {
  return post<UserCollectResult>('/api/userCollect/addUserCollect', body);
}

export function useAddUserCollect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUserCollect,
    onSuccess: (result) => {
      toast.success(result.label === null ? '已取消收藏' : '已收藏');
      // Every list that shows a colour: the folder, the bank's lists, the exercise page's item.
      void queryClient.invalidateQueries({ queryKey: queryKeys.favorites.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bank.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.practice.item(result.itemId) });
    },
  });
}
