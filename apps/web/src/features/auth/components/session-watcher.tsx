import { useCurrentUser } from '../api/get-user';
import { useVipRefresh } from '../hooks/use-vip-refresh';

/**
 * Mounted while a token is stored: keeps the user info (and the stored copy, and the isZoom flag)
 * fresh on every layout, and refreshes it when the purchase window reports a new membership.
 */
export function SessionWatcher() {
  useCurrentUser();
  useVipRefresh();
  return null;
}
