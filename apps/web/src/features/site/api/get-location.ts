import type { LocationResult } from '@ninety/contract';
import { get } from '../../../lib/http';

/**
 * Spec §4 "Location check": where this browser's address is, answered by our own server from
 * offline data (the original asked a third-party maps script; no outside script loads here).
 */
export function fetchLocation(signal?: AbortSignal): Promise<LocationResult> {
  return get<LocationResult>('/api/location/ip', undefined, { signal, quiet: true });
}
