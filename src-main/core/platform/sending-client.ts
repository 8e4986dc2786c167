import { z } from 'zod';
import { platformPaths } from '../../../shared/contract/platform-api';
import {
  ChannelSenderResponseSchema,
  DeliverabilityChecksSchema,
  SendingDomainListSchema,
  SendingDomainSchema,
} from '../../../shared/contract/platform-sending';
import type { ChannelSender, ChannelSenderResponse, DeliverabilityCheck, SendingDomain } from '../../../shared/contract/platform-sending';
import { IterableIntegrationSchema } from '../../../shared/contract/platform-iterable';
import type { IterableIntegration } from '../../../shared/contract/platform-iterable';
import type { CallPlatform } from './curation-client';

// The platform's sending-identity calls (issue 29), for the core's sending handlers.

export interface SendingClient {
  sender(brandSlug: string, channelSlug: string): Promise<ChannelSenderResponse>;
  saveSender(brandSlug: string, channelSlug: string, sender: ChannelSender): Promise<ChannelSenderResponse>;
  domains(brandSlug: string): Promise<SendingDomain[]>;
  addDomain(brandSlug: string, domain: string): Promise<SendingDomain>;
  checkDomain(brandSlug: string, id: number): Promise<SendingDomain>;
  rotateDkim(brandSlug: string, id: number): Promise<SendingDomain>;
  removeDomain(brandSlug: string, id: number): Promise<void>;
  deliverabilityChecks(brandSlug: string): Promise<DeliverabilityCheck[]>;
  iterableKey(brandSlug: string): Promise<IterableIntegration>;
  saveIterableKey(brandSlug: string, apiKey: string): Promise<IterableIntegration>;
  removeIterableKey(brandSlug: string): Promise<IterableIntegration>;
}

export function createSendingClient(call: CallPlatform): SendingClient {
  return {
    sender: (brandSlug, channelSlug) => call('GET', platformPaths.channelSender(brandSlug, channelSlug), ChannelSenderResponseSchema),
    saveSender: (brandSlug, channelSlug, sender) => call('PUT', platformPaths.channelSender(brandSlug, channelSlug), ChannelSenderResponseSchema, sender),
    domains: (brandSlug) => call('GET', platformPaths.sendingDomains(brandSlug), SendingDomainListSchema),
    addDomain: (brandSlug, domain) => call('POST', platformPaths.sendingDomains(brandSlug), SendingDomainSchema, { domain }),
    checkDomain: (brandSlug, id) => call('POST', platformPaths.sendingDomainCheck(brandSlug, id), SendingDomainSchema, {}),
    rotateDkim: (brandSlug, id) => call('POST', platformPaths.sendingDomainRotateDkim(brandSlug, id), SendingDomainSchema, {}),
    removeDomain: async (brandSlug, id) => {
      await call('DELETE', platformPaths.sendingDomain(brandSlug, id), z.null());
    },
    deliverabilityChecks: (brandSlug) => call('GET', platformPaths.deliverabilityChecks(brandSlug), DeliverabilityChecksSchema),
    iterableKey: (brandSlug) => call('GET', platformPaths.iterableIntegration(brandSlug), IterableIntegrationSchema),
    saveIterableKey: (brandSlug, apiKey) => call('PUT', platformPaths.iterableIntegration(brandSlug), IterableIntegrationSchema, { apiKey }),
    removeIterableKey: (brandSlug) => call('DELETE', platformPaths.iterableIntegration(brandSlug), IterableIntegrationSchema),
  };
}
