import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type IP2Region from 'ip2region';
import type { CountryResponse, Reader } from 'maxmind';
import { MAINLAND_NATION_CODE, UNKNOWN_LOCATION, type GeoIp, type GeoLocation } from './geo-ip';
import { isSpecialAddress, parseAddress } from './special-addresses';

const require = createRequire(import.meta.url);

/** The country database of @ip-location-db (RIR WHOIS + ASN, CC BY 4.0): IPv4 and IPv6. */
export const COUNTRY_DATABASE =
  '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';

/** ip2region names Hong Kong, Macao and Taiwan as provinces of 中国: they are not the mainland. */
const NOT_MAINLAND_PROVINCES = ['香港', '澳门', '台湾'];

/** The record the country database holds (only the ISO code). */
interface CountryRecord {
  country_code?: string;
}

interface LoadedData {
  regions: IP2Region;
  countries: Reader<CountryRecord & CountryResponse>;
}

/** ISO alpha-2 → the located country, or unknown for a code the ISO table does not know. */
export function countryLocation(countryCode: string): GeoLocation {
  const code = countryCode.toUpperCase();
  const numeric = countries.alpha2ToNumeric(code);
  if (!numeric) return UNKNOWN_LOCATION;
  const nationCode = Number(numeric);
  return {
    ...UNKNOWN_LOCATION,
    countryCode: code,
    nationCode,
    mainland: nationCode === MAINLAND_NATION_CODE,
  };
}

/** ISO numeric (156) → the located country, or unknown for a code the ISO table does not know. */
export function countryLocationByNumeric(nationCode: number): GeoLocation {
  const alpha2 = countries.numericToAlpha2(nationCode);
  return alpha2 ? countryLocation(alpha2) : UNKNOWN_LOCATION;
}

/**
 * The local default: ip2region 2.3.0 (lionsoul's v1 data, Apache-2.0) for mainland IPv4 down to
 * province, city and network, and the country database for every other IPv4 and all IPv6.
 * ip2region's own IPv6 data (ipv6wry) is left off: its licence is unclear (next-features §7).
 *
 * Both files (~10 MB and ~20 MB) are read on the first look-up, once, not at start-up.
 */
export class LocalGeoIp implements GeoIp {
  #loading: Promise<LoadedData> | undefined;

  async lookup(ip: string): Promise<GeoLocation> {
    const parsed = parseAddress(ip);
    if (!parsed || isSpecialAddress(parsed)) return UNKNOWN_LOCATION;
    const data = await this.#data();
    if (parsed.family === 4) {
      const region = data.regions.search(parsed.address);
      if (
        region?.country === '中国' &&
        !NOT_MAINLAND_PROVINCES.some((name) => region.province.startsWith(name))
      ) {
        return {
          countryCode: 'CN',
          nationCode: MAINLAND_NATION_CODE,
          mainland: true,
          province: region.province,
          city: region.city,
          isp: region.isp,
        };
      }
    }
    const record = data.countries.get(parsed.address);
    return record?.country_code ? countryLocation(record.country_code) : UNKNOWN_LOCATION;
  }

  #data(): Promise<LoadedData> {
    this.#loading ??= load().catch((error: unknown) => {
      // A failed load is tried again by the next look-up rather than remembered for ever.
      this.#loading = undefined;
      throw error;
    });
    return this.#loading;
  }
}

async function load(): Promise<LoadedData> {
  // Imported here, not at the top: neither package is read before the first look-up.
  const [{ default: IP2RegionClass }, maxmind] = await Promise.all([
    import('ip2region'),
    import('maxmind'),
  ]);
  // CommonJS default export: esbuild and tsx hand it over wrapped once more.
  const Region = ((IP2RegionClass as unknown as { default?: typeof IP2Region }).default ??
    IP2RegionClass) as typeof IP2Region;
  const regions = new Region({ disableIpv6: true });
  const reader = await maxmind.open<CountryRecord & CountryResponse>(
    require.resolve(COUNTRY_DATABASE),
  );
  return { regions, countries: reader };
}
