import { z } from 'zod';
import { FROM_NAME_MAX, SENDING_MESSAGES, isValidFromName, normalizeAddress, normalizeDomain } from '../rules/sending-identity';

// The sending identity's calls (paths in platform-api.ts): a channel's From / Reply-To,
// the organization's sending domains with the DNS records to publish and what a check
// found, and the deliverability checks the platform shows to organization owners. No
// answer ever carries a private key.

/** GET / PUT brands/{b}/channels/{c}/sender. Empty strings: the platform's default From, no Reply-To. */
export const ChannelSenderSchema = z.object({
  fromName: z.string().trim().max(FROM_NAME_MAX, SENDING_MESSAGES.fromName).refine(isValidFromName, SENDING_MESSAGES.fromName),
  fromAddress: z
    .string()
    .trim()
    .refine((text) => text === '' || normalizeAddress(text) !== null, SENDING_MESSAGES.fromAddress)
    .transform((text) => (text === '' ? '' : normalizeAddress(text)!)),
  replyTo: z
    .string()
    .trim()
    .refine((text) => text === '' || normalizeAddress(text) !== null, SENDING_MESSAGES.replyTo)
    .transform((text) => (text === '' ? '' : normalizeAddress(text)!)),
});
export type ChannelSender = z.output<typeof ChannelSenderSchema>;

export const ChannelSenderResponseSchema = ChannelSenderSchema.extend({
  /** What readers see in From now: the channel's identity, or the platform's default when it has none. */
  effectiveFrom: z.string(),
  /** Whether the From domain may send (verified); false also when the platform default is used. */
  fromDomainVerified: z.boolean(),
});
export type ChannelSenderResponse = z.infer<typeof ChannelSenderResponseSchema>;

export const DnsRecordKindSchema = z.enum(['dkim', 'dkim-previous', 'dkim-next', 'spf', 'return-path', 'dmarc']);
export type DnsRecordKind = z.infer<typeof DnsRecordKindSchema>;

export const DnsRecordStatusSchema = z.enum(['found', 'missing', 'different', 'unchecked']);
export type DnsRecordStatus = z.infer<typeof DnsRecordStatusSchema>;

export const DnsRecordSchema = z.object({
  kind: DnsRecordKindSchema,
  type: z.enum(['TXT', 'MX']),
  /** The full name to publish the record at, e.g. ld2611a._domainkey.example.com. */
  name: z.string(),
  /** What to publish (an MX record: `10 mail.example.net`). */
  value: z.string(),
  /** What the record is for, in a sentence. */
  purpose: z.string(),
  /** Whether the domain can be verified without it (DMARC, a retiring key). */
  required: z.boolean(),
  status: DnsRecordStatusSchema,
  /** What DNS answered at that name at the last check (TXT strings joined). */
  found: z.array(z.string()),
});
export type DnsRecord = z.infer<typeof DnsRecordSchema>;

export const SendingDomainSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  returnPathDomain: z.string(),
  /** The selector mail is signed with now. */
  dkimSelector: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  records: z.array(DnsRecordSchema),
  createdAt: z.string(),
});
export type SendingDomain = z.infer<typeof SendingDomainSchema>;

export const SendingDomainListSchema = z.array(SendingDomainSchema);

export const CreateSendingDomainRequestSchema = z.object({
  domain: z
    .string()
    .refine((text) => normalizeDomain(text) !== null, SENDING_MESSAGES.domain)
    .transform((text) => normalizeDomain(text)!),
});
export type CreateSendingDomainRequest = z.input<typeof CreateSendingDomainRequestSchema>;

export const DeliverabilityCheckSchema = z.object({
  code: z.enum(['public-url-not-https', 'no-verified-domain', 'default-from', 'channel-from-unverified']),
  /** What is wrong and what to do, in a sentence or two. */
  message: z.string(),
});
export type DeliverabilityCheck = z.infer<typeof DeliverabilityCheckSchema>;
export const DeliverabilityChecksSchema = z.array(DeliverabilityCheckSchema);
