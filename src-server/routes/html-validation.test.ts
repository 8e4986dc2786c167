import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createRival, type Rival } from '../testing/audience-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// POST contents/validate/html: the platform's verdict on an HTML block.

let t: TestApp;
let editor: { authorization: string };
let rival: Rival;

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  rival = await createRival(t);
});
afterAll(async () => {
  await t?.close();
});

const validate = (payload: object, headers: Record<string, string> = editor) =>
  t.app.inject({ method: 'POST', url: platformPaths.validateHtml(), headers, payload });

describe('contents/validate/html', () => {
  it('accepts well-formed email HTML and answers it back', async () => {
    const response = await validate({ organization: 'demo', channel: 'weekly', html: '<p>Hello <b>reader</b></p>' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ isValid: true, originalHtml: '<p>Hello <b>reader</b></p>', errors: [] });
  });

  it('names the first problem of invalid HTML', async () => {
    const response = await validate({ organization: 'demo', channel: 'weekly', html: '<div><script>x()</script></div>' });
    expect(response.json()).toEqual({ isValid: false, originalHtml: '<div><script>x()</script></div>', errors: ['Line 1: <script> is not supported in an HTML block.'] });
    const unclosed = await validate({ html: '<table><tr><td>a</td></tr>' });
    expect(unclosed.json().errors).toEqual(['Line 1: <table> is never closed.']);
  });

  it("refuses another tenant's organization", async () => {
    const response = await validate({ organization: 'demo', channel: 'weekly', html: '<p>x</p>' }, rival.headers);
    expect(response.statusCode).toBe(403);
  });
});
