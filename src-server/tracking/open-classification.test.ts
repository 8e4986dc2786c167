import { describe, expect, it } from 'vitest';
import { PREFETCH_WINDOW_MS, isConfirmedOpen, isMachineAgent } from './open-classification';

// Which loads of the open pixel are a reader's own.

const IPHONE_MAIL = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const OUTLOOK = 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; Pro)';

describe('machine user agents', () => {
  it.each([
    ['empty', ''],
    ['Apple Mail Privacy Protection', 'Mozilla/5.0'],
    ['Gmail image proxy', 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)'],
    ['Yahoo proxy', 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html'],
    ['Barracuda', 'Barracuda Sentinel (EE)'],
    ['Mimecast', 'Mozilla/5.0 (compatible; Mimecast URL Protect)'],
    ['Proofpoint', 'ProofPoint URL Defense'],
  ])('%s is a machine', (_name, agent) => {
    expect(isMachineAgent(agent)).toBe(true);
  });

  it.each([
    ['iPhone Mail', IPHONE_MAIL],
    ['Chrome', CHROME],
    ['Outlook', OUTLOOK],
  ])('%s is a reader', (_name, agent) => {
    expect(isMachineAgent(agent)).toBe(false);
  });
});

describe('a confirmed open', () => {
  const sentAt = new Date('2026-05-01T10:00:00Z');
  const after = (ms: number) => new Date(sentAt.getTime() + ms);

  it('is a reader’s agent at least five seconds after the send', () => {
    expect(isConfirmedOpen(CHROME, after(PREFETCH_WINDOW_MS), sentAt)).toBe(true);
    expect(isConfirmedOpen(CHROME, after(60_000), sentAt)).toBe(true);
  });

  it('is not an open within five seconds of the send, nor a machine’s at any time', () => {
    expect(isConfirmedOpen(CHROME, after(PREFETCH_WINDOW_MS - 1), sentAt)).toBe(false);
    expect(isConfirmedOpen('Mozilla/5.0', after(3_600_000), sentAt)).toBe(false);
  });
});
