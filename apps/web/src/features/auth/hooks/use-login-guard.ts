import { useCallback } from 'react';
import { requestLogin } from '../../../lib/login-events';
import { isSignedIn } from '../../../lib/session';

/** Runs `action` when signed in; otherwise opens the login dialog and returns undefined. */
export type LoginGuard = <T>(action: () => T) => T | undefined;

/** Spec §6: the login guard. */
export const guardLogin: LoginGuard = (action) => {
  if (!isSignedIn()) {
    requestLogin();
    return undefined;
  }
  return action();
};

/** The login guard for components: `const guard = useLoginGuard(); guard(() => start())`. */
export function useLoginGuard(): LoginGuard {
  return useCallback<LoginGuard>((action) => guardLogin(action), []);
}
