import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseListeningUrl, waitForListeningUrl } from './listening-url';

describe('parseListeningUrl', () => {
  it('reads the URL from the server\'s line', () => {
    expect(parseListeningUrl('Letterdesk platform listening on http://127.0.0.1:4400')).toBe('http://127.0.0.1:4400');
    expect(parseListeningUrl('Letterdesk platform listening on http://127.0.0.1:4400/')).toBe('http://127.0.0.1:4400');
  });

  it('replaces a wildcard host with loopback', () => {
    expect(parseListeningUrl('Letterdesk platform listening on http://0.0.0.0:4400')).toBe('http://127.0.0.1:4400');
    expect(parseListeningUrl('Letterdesk platform listening on http://[::]:4400')).toBe('http://[::1]:4400');
  });

  it('ignores other lines and other schemes', () => {
    expect(parseListeningUrl('{"level":30,"msg":"Server listening at http://127.0.0.1:4400"}')).toBeNull();
    expect(parseListeningUrl('Letterdesk platform listening on ftp://127.0.0.1:21')).toBeNull();
    expect(parseListeningUrl('Letterdesk platform listening on nowhere')).toBeNull();
  });
});

describe('waitForListeningUrl', () => {
  it('finds the line across chunk boundaries', async () => {
    const output = new PassThrough();
    const url = waitForListeningUrl(output, { timeoutMs: 1000 });
    output.write('migrations done\nLetterdesk platform list');
    output.write('ening on http://127.0.0.1:5123\r\nmore');
    await expect(url).resolves.toBe('http://127.0.0.1:5123');
  });

  it('fails when the output ends first', async () => {
    const output = new PassThrough();
    const url = waitForListeningUrl(output, { timeoutMs: 1000 });
    output.end('Letterdesk platform could not start\n');
    await expect(url).rejects.toThrow(/closed its output/);
  });

  it('fails when the process exits first', async () => {
    const output = new PassThrough();
    const exit = new AbortController();
    const url = waitForListeningUrl(output, { timeoutMs: 1000, signal: exit.signal });
    exit.abort('exit code 1');
    await expect(url).rejects.toThrow(/exit code 1/);
  });

  it('fails after the timeout', async () => {
    const url = waitForListeningUrl(new PassThrough(), { timeoutMs: 20 });
    await expect(url).rejects.toThrow(/not listening after 20 ms/);
  });
});
