import { afterAll, beforeAll } from 'vitest';
import { startTestSmtp } from '../../../src-server/testing/smtp-fixture';
import type { TestSmtp } from '../../../src-server/testing/smtp-fixture';

/**
 * Registers the file's beforeAll/afterAll for a real SMTP server on loopback, and answers it.
 * Call it before useAppInBrowser, whose platform is then started with this server
 * (`SMTP_URL: smtp.url` in its env function). Read it only inside hooks and tests.
 */
export function useLoopbackSmtp(): TestSmtp {
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const current = (): TestSmtp => {
    if (!smtp) throw new Error('useLoopbackSmtp: the SMTP server has not started');
    return smtp;
  };
  return {
    get url() {
      return current().url;
    },
    get received() {
      return current().received;
    },
    refuseRecipients: (reply) => current().refuseRecipients(reply),
    refuseAddress: (address, reply) => current().refuseAddress(address, reply),
    refuseConnections: (reply) => current().refuseConnections(reply),
    refuseSenders: (reply, afterMessages) => current().refuseSenders(reply, afterMessages),
    delayMessages: (milliseconds) => current().delayMessages(milliseconds),
    close: () => current().close(),
  };
}
