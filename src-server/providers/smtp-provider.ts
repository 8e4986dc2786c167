import { sendBySmtp } from '../delivery/edition-delivery';
import type { EmailProvider } from './email-provider';

// The platform's own SMTP as an EmailProvider: the delivery code as it was (batches through
// the mail transport, tracked links, the bounce listener), wrapped, not rewritten. Letters of
// esp 0 take it by default (edition-delivery.ts), so it needs no registering; it is here so
// the interface has both its implementations side by side.

export const SMTP_ESP = 0;

export const smtpProvider: EmailProvider = {
  esp: SMTP_ESP,
  sendEdition: sendBySmtp,
  readEvents: async () => ({ counted: 0, nextReadAt: null }),
};
