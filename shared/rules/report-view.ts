import { PublicationStatus } from '../model/publication';
import { SENDING_STATUSES } from './schedule-actions';

// Spec 1 §2: "A published or sending letter shows its report (edition metrics) unless the
// newsletter view is chosen. The secondary button toggles between View metrics and View
// newsletter."

export function hasReport(status: number): boolean {
  return status === PublicationStatus.published || SENDING_STATUSES.includes(status);
}

/** The secondary button's label: it offers the view not shown. */
export function reportToggleLabel(showingReport: boolean): 'View newsletter' | 'View metrics' {
  return showingReport ? 'View newsletter' : 'View metrics';
}
