import type { LocationResult } from '@ninety/contract';
import { isRecord, quietGet } from './quiet-get';

function isLocation(data: unknown): data is LocationResult {
  return (
    isRecord(data) &&
    (data['nationCode'] === null || Number.isInteger(data['nationCode'])) &&
    (data['countryCode'] === null || typeof data['countryCode'] === 'string') &&
    typeof data['mainland'] === 'boolean' &&
    typeof data['province'] === 'string' &&
    typeof data['city'] === 'string'
  );
}

/**
 * Spec §4 "Location check": where this browser's address is, answered by our own server from
 * offline data (the original asked a third-party maps script; no outside script loads here).
 * Null when there is no usable answer: then nobody is asked anything.
 */
export function fetchLocation(signal?: AbortSignal): Promise<LocationResult | null> {
  return quietGet('/api/location/ip', isLocation, signal);
}
