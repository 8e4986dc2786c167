// The delivery settings read from the environment, by the hosts that start the platform
// (main.ts, the browser host); everything below takes them as options.
//   AB_TEST_MIN_WAIT_SECONDS   every A/B test waits this long for opens instead of the
//                              letter's wait (at least 15 minutes there): for tests and
//                              demos, never set in production. Unset: what the letter says.
//   DELIVERY_LEASE_SECONDS     how long a send run's claim on a batch of recipients lasts
//                              unrenewed (renewed every third of it while the batch is out):
//                              how long the recipients of an instance killed mid-send wait
//                              before another instance takes them. Unset: 30
//                              (recipient-claims.ts). Every instance on a database should
//                              have the same.

export interface DeliverySettings {
  abTestWaitSeconds?: number;
  sendLeaseSeconds?: number;
}

function wholeSeconds(name: string, text: string, least: number): number {
  const seconds = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(seconds) || seconds < least) {
    throw new Error(`${name} must be a whole number of seconds${least > 0 ? ` (at least ${least})` : ''}, not "${text}"`);
  }
  return seconds;
}

export function deliverySettingsFromEnv(env: NodeJS.ProcessEnv): DeliverySettings {
  const settings: DeliverySettings = {};
  const wait = env.AB_TEST_MIN_WAIT_SECONDS?.trim();
  if (wait) settings.abTestWaitSeconds = wholeSeconds('AB_TEST_MIN_WAIT_SECONDS', wait, 0);
  const lease = env.DELIVERY_LEASE_SECONDS?.trim();
  // Under 2 s a renewal every third of it races the database round trips it takes.
  if (lease) settings.sendLeaseSeconds = wholeSeconds('DELIVERY_LEASE_SECONDS', lease, 2);
  return settings;
}
