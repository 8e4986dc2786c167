import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { signIn } from '../testing/test-app';
import { useDemoEditor } from '../testing/route-suite';

// A known address with a method it does not take answers 405 with Allow; an unknown address
// keeps its 404 (or 401 before signing in), and the public pages keep their neutral 404.

const suite = useDemoEditor();

describe('405 Method Not Allowed', () => {
  it('answers a public call asked with another method 405 with Allow, signed in or not', async () => {
    const response = await suite.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toEqual({ message: 'DELETE is not a method of /api/health; it takes GET, HEAD.' });
  });

  it('lists every method a path with parameters takes', async () => {
    const response = await suite.app.inject({ method: 'PUT', url: '/api/brands/demo/channels/weekly/letters?x=1', headers: suite.editor });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST');
    // Without a token the answer is the same: which methods a path takes is in the public document.
    const anonymous = await suite.app.inject({ method: 'PATCH', url: '/api/brands/demo/channels/weekly/letters' });
    expect(anonymous.statusCode).toBe(405);
  });

  it('keeps 404 for an unknown address, and 401 before signing in', async () => {
    const signedIn = await suite.app.inject({ method: 'GET', url: '/api/no/such/call', headers: await signIn(suite.app, DEMO_EMAIL, DEMO_PASSWORD) });
    expect(signedIn.statusCode).toBe(404);
    expect(signedIn.headers.allow).toBeUndefined();
    expect(signedIn.json()).toEqual({ message: 'No such call: GET /api/no/such/call' });
    const anonymous = await suite.app.inject({ method: 'DELETE', url: '/api/no/such/call' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("leaves the public pages' neutral 404 and the archive's one-segment addresses alone", async () => {
    const page = await suite.app.inject({ method: 'GET', url: '/unsubscribe/weekly/not-a-letter/extra' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const archive = await suite.app.inject({ method: 'DELETE', url: '/weekly', headers: suite.editor });
    expect(archive.statusCode).toBe(404);
    expect(archive.headers.allow).toBeUndefined();
  });

  it('answers a known page address asked with a method pages do not take 405', async () => {
    const response = await suite.app.inject({ method: 'DELETE', url: '/unsubscribe/weekly/some-letter' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
  });
});
