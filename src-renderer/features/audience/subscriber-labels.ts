import type { Subscriber } from '../../../shared/contract/platform-audience';

// The platform's statuses as the screens name them: 'active' reads "Subscribed".

export const STATUS_LABELS: Record<Subscriber['status'], string> = {
  active: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
};

export const STATUS_COLORS: Record<Subscriber['status'], string> = { active: 'teal.9', unsubscribed: 'gray.7', bounced: 'red.9' };
