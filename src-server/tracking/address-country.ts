import geoip from 'geoip-country';

// The country of a reader's address, from the GeoLite2 database shipped in geoip-country
// (offline: no lookup service). Only the country is kept; the address itself is used for
// this lookup and forgotten (DECISIONS "Report rollups").

/** ISO 3166-1 alpha-2 code, or null for a private, reserved or unknown address. */
export function countryOfAddress(address: string | undefined): string | null {
  if (!address) return null;
  const found = geoip.lookup(address);
  return found && /^[A-Z]{2}$/.test(found.country) ? found.country : null;
}
