import type { LocationResult } from '@ninety/contract';
import type { GeoLocation } from '../../adapters/geoip/geo-ip';

/** What leaves the server: the network operator stays in (the page has no use for it). */
export function toLocationResult(location: GeoLocation): LocationResult {
  return {
    nationCode: location.nationCode,
    countryCode: location.countryCode,
    mainland: location.mainland,
    province: location.province,
    city: location.city,
  };
}
