// The delivery settings read from the environment, by the hosts that start the platform
// (main.ts, the browser host); everything below takes them as options.
//   AB_TEST_MIN_WAIT_SECONDS   every A/B test waits this long for opens instead of the
//                              letter's wait (at least 15 minutes there): for tests and
//                              demos, never set in production. Unset: what the letter says.

export interface DeliverySettings {
  abTestWaitSeconds?: number;
}

export function deliverySettingsFromEnv(env: NodeJS.ProcessEnv): DeliverySettings {
  const text = env.AB_TEST_MIN_WAIT_SECONDS?.trim();
  if (!text) return {};
  const seconds = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(seconds)) {
    throw new Error(`AB_TEST_MIN_WAIT_SECONDS must be a whole number of seconds, not "${text}"`);
  }
  return { abTestWaitSeconds: seconds };
}
