import { describe, expect, it } from 'vitest';
import { decideFrameNavigation, decideNavigation, decideWindowOpen, type NavigationPolicy } from './navigation-policy';

const policy: NavigationPolicy = { appOrigins: ['app://letterdesk'], externalOrigins: ['http://127.0.0.1:4711'] };

describe('decideNavigation', () => {
  it('keeps the app inside the window', () => {
    expect(decideNavigation('app://letterdesk/letters/1', policy)).toBe('allow');
    expect(decideNavigation('app://LETTERDESK/', policy)).toBe('allow');
  });

  it('sends https links and the platform\'s own pages to the browser', () => {
    expect(decideNavigation('https://example.com/post', policy)).toBe('open-external');
    expect(decideNavigation('http://127.0.0.1:4711/weekly/12', policy)).toBe('open-external');
  });

  it('refuses everything else', () => {
    for (const url of [
      'http://example.com/',
      'http://127.0.0.1:9999/',
      'file:///etc/passwd',
      'app://elsewhere/',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'smb://server/share',
      'https://user:pass@example.com/',
      'not a url',
    ]) {
      expect(decideNavigation(url, policy), url).toBe('deny');
    }
  });

  it('allows the Vite dev server only when it is listed', () => {
    expect(decideNavigation('http://localhost:5173/letters', policy)).toBe('deny');
    expect(decideNavigation('http://localhost:5173/letters', { appOrigins: ['app://letterdesk', 'http://localhost:5173'] })).toBe('allow');
  });
});

describe('decideWindowOpen', () => {
  it('never opens an app window, at most the browser', () => {
    expect(decideWindowOpen('app://letterdesk/letters/1', policy)).toBe('deny');
    expect(decideWindowOpen('https://example.com/', policy)).toBe('open-external');
    expect(decideWindowOpen('file:///etc/passwd', policy)).toBe('deny');
  });
});

describe('decideFrameNavigation', () => {
  it('lets the preview frame load the documents the page makes', () => {
    expect(decideFrameNavigation('about:srcdoc', policy)).toBe('allow');
    expect(decideFrameNavigation('about:blank', policy)).toBe('allow');
    expect(decideFrameNavigation('blob:app://letterdesk/5f0c', policy)).toBe('allow');
  });

  it('sends a link clicked in the preview to the browser', () => {
    expect(decideFrameNavigation('https://example.com/', policy)).toBe('open-external');
    expect(decideFrameNavigation('file:///etc/passwd', policy)).toBe('deny');
  });
});
