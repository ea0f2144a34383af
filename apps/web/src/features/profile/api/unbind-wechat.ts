import type { Bindings } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/** Unbinds WeChat (refused when it is the account's only way to sign in; errors toast). */
export function unbindWechat(): Promise<Bindings> {
  return post<Bindings>('/api/user/bindings/wechat/unbind');
}

export function useUnbindWechat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindWechat,
    onSuccess: (bindings) => {
      queryClient.setQueryData(queryKeys.profile.bindings, bindings);
      toast.success('已解绑微信');
    },
  });
}
