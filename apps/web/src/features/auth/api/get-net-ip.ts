import type { NetIp } from '@ninety/contract';
import { get } from '../../../lib/http';

/**
 * The client's address as the server sees it (spec §3 netIp). Quiet, and '' on failure: the code
 * is still sent, signed with an empty netIp.
 */
export async function fetchNetIp(): Promise<string> {
  try {
    return (await get<NetIp>('/api/message/netIp', undefined, { quiet: true })).netIp;
  } catch {
    return '';
  }
}
