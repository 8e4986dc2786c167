// Types for the one call of geoip-country the platform makes (it ships none).

declare module 'geoip-country' {
  interface CountryLookup {
    /** ISO 3166-1 alpha-2 code. */
    country: string;
    name: string;
  }
  const geoip: { lookup(ip: string): CountryLookup | null };
  export default geoip;
}
