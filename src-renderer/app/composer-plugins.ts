import { SpecificEmailsField } from '../features/audience/SpecificEmailsField';
import { RewriteAssistant } from '../features/ai-assistant/RewriteAssistant';
import { useEvvntIntegrationToast } from '../features/link-content/evvnt-integration-toast';
import { ApprovedSinceScheduledNotice } from '../features/promotions/ApprovedSinceScheduledNotice';
import { MissingPromotionsNotice } from '../features/promotions/MissingPromotionsNotice';
import { SchedulePromotionsPanel } from '../features/promotions/SchedulePromotionsPanel';
import { ReportView } from '../features/reports/ReportView';

// What other features put into the composer besides block kinds (those are in
// block-catalogue.ts): parts of the schedule step, notices and views of the letter page, and
// the canvas's writing assistant. The composer reads them from here and imports no feature.

export const COMPOSER_PLUGINS = {
  /** The schedule step's promotions section (not for templates, which carry none). */
  SchedulePromotions: SchedulePromotionsPanel,
  /** The 'Specific emails' audience's own field under the audience select. */
  SpecificEmailsField,
  /** Before scheduling: the zones the send date leaves without a promotion. */
  MissingPromotionsNotice,
  /** The scheduled view's notice of promotions approved since scheduling. */
  ApprovedSinceScheduledNotice,
  /** A sent letter opens on its report. */
  ReportView,
  /** The AI writing assistant on a text block. */
  RewriteAssistant,
  /** Run when a letter opens: says when its events block waits for the events integration. */
  useLetterOpened: useEvvntIntegrationToast,
};
