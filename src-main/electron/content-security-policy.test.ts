import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './content-security-policy';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

describe('contentSecurityPolicy', () => {
  const policy = directives(contentSecurityPolicy({ platformOrigin: 'http://127.0.0.1:4711' }));

  it('runs only the app\'s own scripts: no inline script, no eval', () => {
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(contentSecurityPolicy()).not.toContain('unsafe-eval');
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it('blocks plugins, base rewriting, form posts and framing by others', () => {
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('lets the renderer fetch only from itself', () => {
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });

  it('shows images from the platform and the web', () => {
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'https:', 'http://127.0.0.1:4711']));
    expect(directives(contentSecurityPolicy()).get('img-src')).not.toContain('http:');
  });
});
