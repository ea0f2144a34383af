/**
 * Where an IP address is (spec §4 "Location check"): the country, and for mainland China the
 * province, city and network. An outside service behind an interface, with a local default that
 * reads offline data from npm (local-geo-ip.ts), so no request ever leaves the server.
 */

import { MAINLAND_NATION_CODE } from '@ninety/contract';

/** ISO 3166-1 numeric code of mainland China, the spec's "nation code 156". */
export { MAINLAND_NATION_CODE };

export interface GeoLocation {
  /** ISO 3166-1 alpha-2 (CN, HK, AU…), or null when the address is private, reserved or unknown. */
  countryCode: string | null;
  /** ISO 3166-1 numeric (156 for mainland China), or null as above. */
  nationCode: number | null;
  /** Mainland China only: Hong Kong, Macao and Taiwan are not (their own country codes). */
  mainland: boolean;
  /** Mainland addresses: 省 / 市 / 运营商 when the data knows them, else empty. */
  province: string;
  city: string;
  isp: string;
}

export const UNKNOWN_LOCATION: GeoLocation = {
  countryCode: null,
  nationCode: null,
  mainland: false,
  province: '',
  city: '',
  isp: '',
};

export interface GeoIp {
  /** Never throws for a bad address (it is unknown); rejects only when the data cannot load. */
  lookup(ip: string): Promise<GeoLocation>;
}
