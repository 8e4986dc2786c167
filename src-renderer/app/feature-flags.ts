import type { FeatureFlagName } from '../../shared/model/feature-flags';

/**
 * Whether a remote feature flag is on. The platform answers GET /api/feature-flags/{name},
 * but the bridge has no channel for it yet, so every flag reads as off (the platform's own
 * default). This is the one place to wire that channel in.
 */
export function isFeatureOn(name: FeatureFlagName): boolean {
  void name;
  return false;
}
