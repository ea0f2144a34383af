import type { GeoIp, GeoLocation } from '../../adapters/geoip/geo-ip';
import { UNKNOWN_LOCATION } from '../../adapters/geoip/geo-ip';
import { countryLocationByNumeric } from '../../adapters/geoip/local-geo-ip';

export interface LocationDeps {
  geoIp: GeoIp;
  /** GEOIP_FIXED_ADDRESSES: addresses answered with a configured nation code (tests, staging). */
  fixedAddresses: ReadonlyMap<string, number>;
}

/**
 * Where the request comes from (spec §4 "Location check"). `ip` is Fastify's request.ip, which
 * believes X-Forwarded-For only from the configured proxies (TRUST_PROXY), so a client cannot
 * claim another country by sending the header itself.
 */
export async function locate(deps: LocationDeps, ip: string | null): Promise<GeoLocation> {
  if (!ip) return UNKNOWN_LOCATION;
  const fixed = deps.fixedAddresses.get(
    ip
      .trim()
      .toLowerCase()
      .replace(/^::ffff:(?=\d)/, ''),
  );
  if (fixed !== undefined) return countryLocationByNumeric(fixed);
  return deps.geoIp.lookup(ip);
}

export interface SiteDeps {
  mainSites: string[];
  internationalSites: string[];
  icpLicense: string | undefined;
  publicSecurityFiling: string | undefined;
}

/** Where the Ministry of Industry and Information Technology looks up an ICP filing. */
const ICP_LOOKUP_URL = 'https://beian.miit.gov.cn/';
/** The public security filing's own page, by the number in the filing. */
const PUBLIC_SECURITY_LOOKUP_URL = 'https://beian.mps.gov.cn/#/query/webSearch?code=';

/** The two sites and the filings a mainland site must show in its footer. */
export function siteInfo(deps: SiteDeps) {
  const securityNumber = deps.publicSecurityFiling?.match(/\d{6,}/)?.[0];
  return {
    mainSites: deps.mainSites,
    internationalSites: deps.internationalSites,
    icp: deps.icpLicense ? { text: deps.icpLicense, url: ICP_LOOKUP_URL } : null,
    publicSecurity: deps.publicSecurityFiling
      ? {
          text: deps.publicSecurityFiling,
          url: securityNumber
            ? `${PUBLIC_SECURITY_LOOKUP_URL}${securityNumber}`
            : PUBLIC_SECURITY_LOOKUP_URL.replace(/\?code=$/, ''),
        }
      : null,
  };
}
