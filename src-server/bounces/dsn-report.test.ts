import { describe, expect, it } from 'vitest';
import { bounceKindOf, parseDeliveryReport, readDeliveryStatus, readRecipientToken } from './dsn-report';

// Reading RFC 3464 reports: the per-recipient fields, what they mean, and our header in the
// quoted original.

const TOKEN = '0123456789abcdef0123456789abcdef01234567';

describe('the delivery-status fields', () => {
  it('are read per recipient, the per-message block skipped, folded lines unfolded', () => {
    const body = [
      'Reporting-MTA: dns; mx.example.net',
      '',
      'Final-Recipient: rfc822; <ada@example.com>',
      'Action: Failed',
      'Status: 5.1.1 (bad destination mailbox address)',
      'Diagnostic-Code: smtp; 550 5.1.1 The email account that you tried',
      '    to reach does not exist',
      '',
      'Final-Recipient: rfc822;bob@example.com',
      'Action: delayed',
      'Status: 4.4.1',
      '',
    ].join('\r\n');
    expect(readDeliveryStatus(body)).toEqual([
      { email: 'ada@example.com', action: 'failed', status: '5.1.1', diagnostic: '550 5.1.1 The email account that you tried to reach does not exist' },
      { email: 'bob@example.com', action: 'delayed', status: '4.4.1', diagnostic: '' },
    ]);
  });

  it('mean hard for a permanent or missing status, soft for a temporary one, nothing unless failed', () => {
    const of = (action: string, status: string) => bounceKindOf({ email: 'a@example.com', action, status, diagnostic: '' });
    expect(of('failed', '5.2.1')).toBe('hard');
    expect(of('failed', '')).toBe('hard');
    expect(of('failed', '4.2.2')).toBe('soft');
    for (const action of ['delayed', 'delivered', 'relayed', 'expanded']) expect(of(action, '4.4.1')).toBeNull();
  });
});

describe('the recipient header of the quoted original', () => {
  it('is found in the header section only, folded or not', () => {
    expect(readRecipientToken(`From: a@example.com\r\nX-Letterdesk-Recipient: ${TOKEN}\r\n\r\nbody`)).toBe(TOKEN);
    expect(readRecipientToken(`x-letterdesk-recipient:\r\n ${TOKEN}\r\nSubject: x\r\n\r\n`)).toBe(TOKEN);
    expect(readRecipientToken(`Subject: x\r\n\r\nX-Letterdesk-Recipient: ${TOKEN}\r\n`)).toBeNull();
    expect(readRecipientToken('X-Letterdesk-Recipient: not-a-token\r\n\r\n')).toBeNull();
  });

  it('is read from a whole quoted message (message/rfc822) too', async () => {
    const raw = [
      'From: MAILER-DAEMON@mx.example.net',
      'Subject: Returned mail',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'Could not deliver.',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.net',
      '',
      'Final-Recipient: rfc822; ada@example.com',
      'Action: failed',
      'Status: 5.0.0',
      '',
      '--b',
      'Content-Type: message/rfc822',
      '',
      'From: news@weekly.example',
      `X-Letterdesk-Recipient: ${TOKEN}`,
      'Subject: The Weekly',
      '',
      'Hello',
      '--b--',
      '',
    ].join('\r\n');
    expect(await parseDeliveryReport(raw)).toEqual({
      recipientToken: TOKEN,
      recipients: [{ email: 'ada@example.com', action: 'failed', status: '5.0.0', diagnostic: '' }],
    });
  });

  it('is no report in a mail that is not multipart/report', async () => {
    expect(await parseDeliveryReport(`From: a@example.com\r\nSubject: hi\r\nX-Letterdesk-Recipient: ${TOKEN}\r\n\r\nAction: failed\r\n`)).toBeNull();
  });
});
