import type { SignedOut } from '@ninety/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { page } from '../../../lib/page';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/** Signs one device out; this device too, which is logging out. */
export function signOutDevice(id: number): Promise<SignedOut> {
  return post<SignedOut>('/api/auth/sessions/signOut', { id });
}

/** Signs every device out, this one included. */
export function signOutAllDevices(): Promise<SignedOut> {
  return post<SignedOut>('/api/auth/sessions/signOutAll');
}

/** This device's session ended: as after 退出登录, nothing stored stays and the page starts over. */
function startSignedOut() {
  localStorage.clear();
  page.reload();
}

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutDevice,
    onSuccess: ({ current }) => {
      if (current) {
        startSignedOut();
        return;
      }
      toast.success('已退出该设备');
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile.devices });
    },
    // Already signed out elsewhere (404): the list is out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile.devices }),
  });
}

export function useSignOutAllDevices() {
  return useMutation({ mutationFn: signOutAllDevices, onSuccess: startSignedOut });
}
