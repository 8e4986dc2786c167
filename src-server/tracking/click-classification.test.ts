import { describe, expect, it } from 'vitest';
import { BURST_WINDOW_MS, MACHINE_CLICK_WINDOW_MS, isBurst, machineReasonOf } from './click-classification';
import { isScannerAddress } from './scanner-networks';

// Which follows of a tracked link are a reader's own. Addresses are only compared here:
// nothing is sent to them.

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const sentAt = new Date('2026-05-01T10:00:00Z');
const after = (ms: number) => new Date(sentAt.getTime() + ms);
const reader = { userAgent: CHROME, address: '81.2.69.142', clickedAt: after(60_000), sentAt };

describe('a click judged from its request', () => {
  it('is a reader’s from a browser, after the first seconds, outside the gateways’ networks', () => {
    expect(machineReasonOf(reader)).toBeNull();
    expect(machineReasonOf({ ...reader, clickedAt: after(MACHINE_CLICK_WINDOW_MS) })).toBeNull();
  });

  it('is a machine’s within seconds of delivery', () => {
    expect(machineReasonOf({ ...reader, clickedAt: after(MACHINE_CLICK_WINDOW_MS - 1) })).toBe('early');
  });

  it.each([
    ['Proofpoint', 'Mozilla/5.0 (compatible; Proofpoint URL Defense)'],
    ['Barracuda', 'Barracuda Sentinel (EE)'],
    ['Google', 'Google-Safety'],
    ['curl', 'curl/8.5.0'],
    ['python-requests', 'python-requests/2.31.0'],
    ['headless Chrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0 Safari/537.36'],
    ['no agent', ''],
  ])('is a machine’s by its agent: %s', (_name, userAgent) => {
    expect(machineReasonOf({ ...reader, userAgent })).toBe('agent');
  });

  it.each([
    ['Mimecast', '205.139.110.20'],
    ['Proofpoint', '148.163.150.1'],
    ['Microsoft', '40.107.22.5'],
    ['Barracuda, as a dual-stack socket reports it', '::ffff:64.235.150.7'],
  ])('is a machine’s from a gateway’s network: %s', (_name, address) => {
    expect(machineReasonOf({ ...reader, address })).toBe('network');
  });

  it('takes no address, or one it cannot read, for a reader’s', () => {
    expect(isScannerAddress(undefined)).toBe(false);
    expect(isScannerAddress('not an address')).toBe(false);
    expect(isScannerAddress('2001:db8::1')).toBe(false);
  });
});

describe('a burst', () => {
  const at = after(60_000);
  const near = (position: number, ms: number) => ({ position, clickedAt: new Date(at.getTime() + ms) });

  it('is three distinct links within the window, either side of this click', () => {
    expect(isBurst(3, at, [near(1, -1_500), near(2, -800)])).toBe(true);
    expect(isBurst(1, at, [near(2, 500), near(3, 1_900)])).toBe(true);
  });

  it('is not the same link again, two links, or clicks further apart', () => {
    expect(isBurst(1, at, [near(1, -100), near(1, -200), near(2, -300)])).toBe(false);
    expect(isBurst(3, at, [near(1, -BURST_WINDOW_MS), near(2, -500)])).toBe(false);
  });
});
