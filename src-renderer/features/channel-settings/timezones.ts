/** Every IANA zone this browser knows, for the timezone picker; UTC first. */
export function timezoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(['UTC', ...zones]);
  // A zone saved elsewhere that this browser does not list is still shown as chosen.
  if (current) all.add(current);
  return [...all];
}
