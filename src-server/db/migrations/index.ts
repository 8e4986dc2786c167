import type { Migration } from 'kysely';
import * as foundation from './0001-foundation';
import * as letterLifecycle from './0002-letter-lifecycle';
import * as audienceFlags from './0003-audience-flags';
import * as localMailbox from './0004-local-mailbox';
import * as images from './0005-images';
import * as idempotencyKeys from './0006-idempotency-keys';
import * as scheduledDelivery from './0007-scheduled-delivery';
import * as publicPages from './0008-public-pages';
import * as tracking from './0009-tracking';
import * as bouncesUnsubscribes from './0011-bounces-unsubscribes';
import * as abTest from './0010-ab-test';
import * as channelSettings from './0014-channel-settings';
import * as reportRollups from './0012-report-rollups';
import * as dashboards from './0015-dashboards';
import * as letterListIndex from './0016-letter-list-index';
import * as aiUsage from './0022-ai-usage';
import * as providers from './0021-providers';
import * as dashboardExports from './0017-dashboard-exports';
import * as polls from './0019-polls';
import * as curation from './0020-curation';
import * as promotions from './0023-promotions';
import * as lettersAutovacuum from './0024-letters-autovacuum';
import * as sendingIdentity from './0025-sending-identity';
import * as machineActivity from './0026-machine-activity';
import * as channelReaderOptions from './0027-channel-reader-options';
import * as letterPrivateChoice from './0028-letter-private-choice';
import * as letterSendSnapshots from './0029-letter-send-snapshots';
import * as specificEmailRecipients from './0030-specific-email-recipients';
import * as templateAutomations from './0031-template-automations';
import * as iterableProvider from './0033-iterable-provider';
import * as sharedLimits from './0034-shared-limits';
import * as recipientClaims from './0036-recipient-claims';

// Every migration, by name, in code rather than read from disk, so a bundled server still
// has them. Names sort in the order they run; add new ones at the end, never rename.
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-letter-lifecycle': letterLifecycle,
  '0003-audience-flags': audienceFlags,
  '0004-local-mailbox': localMailbox,
  '0005-images': images,
  '0006-idempotency-keys': idempotencyKeys,
  '0007-scheduled-delivery': scheduledDelivery,
  '0008-public-pages': publicPages,
  '0009-tracking': tracking,
  '0010-ab-test': abTest,
  '0011-bounces-unsubscribes': bouncesUnsubscribes,
  '0012-report-rollups': reportRollups,
  '0014-channel-settings': channelSettings,
  '0015-dashboards': dashboards,
  '0016-letter-list-index': letterListIndex,
  '0017-dashboard-exports': dashboardExports,
  '0019-polls': polls,
  '0020-curation': curation,
  '0021-providers': providers,
  '0022-ai-usage': aiUsage,
  '0023-promotions': promotions,
  '0024-letters-autovacuum': lettersAutovacuum,
  '0025-sending-identity': sendingIdentity,
  '0026-machine-activity': machineActivity,
  '0027-channel-reader-options': channelReaderOptions,
  '0028-letter-private-choice': letterPrivateChoice,
  '0029-letter-send-snapshots': letterSendSnapshots,
  '0030-specific-email-recipients': specificEmailRecipients,
  '0031-template-automations': templateAutomations,
  '0033-iterable-provider': iterableProvider,
  '0034-shared-limits': sharedLimits,
  '0036-recipient-claims': recipientClaims,
};
