import { fieldMessages } from '../../../shared/contract/errors';
import { ChannelSenderSchema } from '../../../shared/contract/platform-sending';
import type { ChannelSender } from '../../../shared/contract/platform-sending';
import { domainOfAddress, fromDomainUnknownMessage, normalizeAddress } from '../../../shared/rules/sending-identity';

/**
 * What is wrong with a sending identity as typed, by field, in the words the core and the
 * platform use: the shared rules' messages, and a From address whose domain is not one of
 * the organization's sending domains (`domains`: null while they are not known yet).
 */
export function senderProblems(sender: ChannelSender, domains: readonly string[] | null): Partial<Record<keyof ChannelSender, string>> {
  const problems: Partial<Record<keyof ChannelSender, string>> = {};
  const parsed = ChannelSenderSchema.safeParse(sender);
  if (!parsed.success) {
    for (const [field, messages] of Object.entries(fieldMessages(parsed.error.issues))) {
      if (messages[0] && field in sender) problems[field as keyof ChannelSender] = messages[0];
    }
  }
  const address = normalizeAddress(sender.fromAddress);
  if (!problems.fromAddress && address && domains && !domains.includes(domainOfAddress(address))) {
    problems.fromAddress = fromDomainUnknownMessage(domainOfAddress(address));
  }
  return problems;
}
