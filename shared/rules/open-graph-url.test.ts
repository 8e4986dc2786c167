import { describe, expect, it } from 'vitest';
import { checkOpenGraphUrl } from './open-graph-url';

describe('checkOpenGraphUrl', () => {
  const platform = 'https://letters.example.com';

  it("accepts the platform's own pages, trimmed", () => {
    expect(checkOpenGraphUrl('  https://letters.example.com/p/demo/weekly/tides ', platform)).toEqual({ ok: true, value: 'https://letters.example.com/p/demo/weekly/tides' });
    expect(checkOpenGraphUrl('https://letters.example.com', `${platform}/`)).toEqual({ ok: true, value: 'https://letters.example.com' });
  });

  it('refuses any other host, scheme or port with the spec\'s words', () => {
    const refused = { ok: false, message: 'An open-graph URL must start with https://letters.example.com' };
    for (const url of ['https://elsewhere.example/p', 'http://letters.example.com/p', 'https://letters.example.com:8443/p', 'https://letters.example.com.evil.example/p', 'javascript:alert(1)', 'not a url', '']) {
      expect(checkOpenGraphUrl(url, platform)).toEqual(refused);
    }
  });
});
