import type { AutomationSettings } from '../../../../shared/model/automation';
import type { PromotionAdsChoice } from '../../../../shared/model/promotion-settings';
import { delayText, recurrenceText, zoneAbbreviation } from '../../../../shared/rules/automation-display';
import { formatSendDate } from '../../../../shared/rules/schedule-dates';
import type { ScheduleValues } from './use-schedule-form';

// The one line each collapsed section of the schedule step shows, so an editor reads the
// whole letter's setup without opening anything. Pure: the wording is tested here once.

/** 'All active subscribers · Mar 05, 2030 at 9:00 am EST', with the UTM parameters when tracking is on. */
export function sendingSummary(values: Pick<ScheduleValues, 'segmentName' | 'segmentId' | 'publicationDate'>, zone: string, utmParameters: number | null): string {
  const audience = values.segmentId === null ? 'No audience' : (values.segmentName ?? `Audience ${values.segmentId}`);
  const when = values.publicationDate ? formatSendDate(values.publicationDate, zone) : 'No date';
  const parts = [audience, when];
  if (utmParameters !== null) parts.push(`UTM: ${utmParameters} ${utmParameters === 1 ? 'parameter' : 'parameters'}`);
  return parts.join(' · ');
}

/** 'Subject: Harbour news', or both subjects of an A/B test. */
export function inboxSummary(title: string, values: Pick<ScheduleValues, 'hasAbTest' | 'subjectB'>): string {
  const subject = title.trim() || 'none yet';
  if (!values.hasAbTest) return `Subject: ${subject}`;
  return `A/B test: ${subject} / ${values.subjectB.trim() || 'none yet'}`;
}

export function socialSummary(values: Pick<ScheduleValues, 'openGraphHeadline'>): string {
  return values.openGraphHeadline.trim() ? `Headline: ${values.openGraphHeadline.trim()}` : 'No headline yet';
}

export function privacySummary(isPrivate: boolean): string {
  return isPrivate ? 'Private: not on the web archive' : 'Public on the web archive';
}

/**
 * The ads that go with the letter: its own choice for the send day when it made one, else
 * every ad of that day (`chosenAds`), whose number only the promotions panel knows.
 */
export function promotionsSummary(choice: PromotionAdsChoice | undefined, publicationDate: string | null): string {
  if (publicationDate === null) return 'Choose the date and time first';
  if (choice?.date !== publicationDate.slice(0, 10)) return 'Every ad of the send day';
  const chosen = choice.ads.length;
  if (chosen === 0) return 'No ads chosen';
  return `${chosen} ${chosen === 1 ? 'ad' : 'ads'} chosen`;
}

/** 'When someone subscribes · at once', 'Every Monday at 08:00 EST', or what is missing. */
export function triggerSummary(settings: AutomationSettings | null, zone: string, now: Date): string {
  if (!settings) return 'Not complete';
  if (settings.trigger === 'newSubscriber') return `When someone subscribes · ${delayText(settings.delay)}`;
  return `${recurrenceText(settings.schedule)} ${zoneAbbreviation(zone, now)}`;
}

/** '~20 words · 7.2 KB (Good)' (the size of the email as mailed, once measured), or that the check is running or has nothing yet. */
export function contentSummary(
  insights: { wordCount: number } | undefined,
  mailSize: { size: number; weight: string } | undefined,
  checking: boolean,
): string {
  if (insights) return `~${insights.wordCount} words` + (mailSize ? ` · ${mailSize.size} KB (${mailSize.weight})` : '');
  return checking ? 'Checking…' : 'Not checked yet';
}
