import { z } from 'zod';
import {
  ChannelSenderResponseSchema,
  ChannelSenderSchema,
  CreateSendingDomainRequestSchema,
  DeliverabilityChecksSchema,
  SendingDomainListSchema,
  SendingDomainSchema,
} from './platform-sending';
import { IterableIntegrationSchema, SaveIterableIntegrationSchema } from './platform-iterable';

// The bridge channels of the sending identity (issue 29): a channel's From / Reply-To (the
// channel settings screen), the organization's sending domains (the Sending domains screen)
// its deliverability checks and its Iterable API key (Settings). Each needs the platform; offline they fail with
// the code `offline` and a sentence saying so, and change nothing.

const Organization = z.object({ brandSlug: z.string().trim().min(1, 'Choose an organization') });
const Placement = Organization.extend({ channelSlug: z.string().trim().min(1, 'Choose a channel') });
const OneDomain = Organization.extend({ id: z.number().int().positive() });

export const sendingChannels = {
  'sending.getSender': { input: Placement, output: ChannelSenderResponseSchema },
  /** Refused (invalid_input, field `fromAddress`) when the From domain is not a sending domain of the organization. */
  'sending.saveSender': { input: Placement.extend({ sender: ChannelSenderSchema }), output: ChannelSenderResponseSchema },
  'sending.listDomains': { input: Organization, output: SendingDomainListSchema },
  /** Makes the domain's DKIM key on the platform; answers the records to publish. */
  'sending.addDomain': { input: Organization.extend({ domain: CreateSendingDomainRequestSchema.shape.domain }), output: SendingDomainSchema },
  /** Check DNS: each record found, missing or different, and the domain verified when every required one is found. */
  'sending.checkDomain': { input: OneDomain, output: SendingDomainSchema },
  /** Makes the next DKIM key; it signs once Check DNS finds its record. */
  'sending.rotateDkim': { input: OneDomain, output: SendingDomainSchema },
  /** Refused (conflict) while a channel sends from the domain. */
  'sending.removeDomain': { input: OneDomain, output: z.object({ id: z.number() }) },
  /** What keeps the organization's mail from the inbox; empty unless the user is an owner or admin. */
  'sending.deliverabilityChecks': { input: Organization, output: DeliverabilityChecksSchema },
  /** The organization's Iterable API key, shown by its ending only (issue 32). */
  'sending.getIterableKey': { input: Organization, output: IterableIntegrationSchema },
  /** Owners and admins only (the platform refuses others, in its own words). */
  'sending.saveIterableKey': { input: Organization.extend({ apiKey: SaveIterableIntegrationSchema.shape.apiKey }), output: IterableIntegrationSchema },
  'sending.removeIterableKey': { input: Organization, output: IterableIntegrationSchema },
} as const;
