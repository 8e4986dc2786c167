import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { integrationSettingsFromEnv } from './settings';

describe('integrationSettingsFromEnv', () => {
  it('has no AI, the default images folder, https-only fetching and public addresses only when nothing is set', () => {
    expect(integrationSettingsFromEnv({})).toEqual({ allowHttpImageFetch: false, allowPrivateFetch: false });
  });

  it('reads the AI endpoint, the images folder and the http switch', () => {
    expect(
      integrationSettingsFromEnv({
        AI_BASE_URL: ' http://127.0.0.1:11434/v1 ',
        AI_MODEL: 'llama3.2',
        AI_API_KEY: 'sk-test',
        IMAGES_DIR: 'relative/images',
        ALLOW_HTTP_IMAGE_FETCH: '1',
        ALLOW_PRIVATE_FETCH: 'true',
      }),
    ).toEqual({
      ai: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2', apiKey: 'sk-test' },
      imagesDir: path.resolve('relative/images'),
      allowHttpImageFetch: true,
      allowPrivateFetch: true,
    });
    expect(integrationSettingsFromEnv({ AI_BASE_URL: 'https://api.example/v1', AI_MODEL: 'm' }).ai).toEqual({
      baseUrl: 'https://api.example/v1',
      model: 'm',
    });
  });

  it('stops the start when a setting is half there or malformed', () => {
    expect(() => integrationSettingsFromEnv({ AI_BASE_URL: 'https://api.example/v1' })).toThrow(/AI_BASE_URL and AI_MODEL go together/);
    expect(() => integrationSettingsFromEnv({ AI_API_KEY: 'sk-lonely' })).toThrow(/AI_BASE_URL and AI_MODEL go together/);
    expect(() => integrationSettingsFromEnv({ AI_BASE_URL: 'localhost:8080', AI_MODEL: 'm' })).toThrow(/http or https/);
    expect(() => integrationSettingsFromEnv({ AI_BASE_URL: 'not a url', AI_MODEL: 'm' })).toThrow(/must be a web address/);
    expect(() => integrationSettingsFromEnv({ ALLOW_HTTP_IMAGE_FETCH: 'yes' })).toThrow(/must be 1 or 0/);
    expect(() => integrationSettingsFromEnv({ ALLOW_PRIVATE_FETCH: 'on' })).toThrow('ALLOW_PRIVATE_FETCH must be 1 or 0, not "on"');
    expect(() => integrationSettingsFromEnv({ AI_BASE_URL: 'https://a/v1', AI_MODEL: 'm', AI_DAILY_TOKEN_BUDGET: '0' })).toThrow(
      'AI_DAILY_TOKEN_BUDGET must be a whole number above 0, not "0"',
    );
    expect(() => integrationSettingsFromEnv({ AI_BASE_URL: 'https://a/v1', AI_MODEL: 'm', AI_REQUESTS_PER_MINUTE: '2.5' })).toThrow(/AI_REQUESTS_PER_MINUTE/);
  });

  it("reads each organization's AI limits", () => {
    expect(
      integrationSettingsFromEnv({ AI_BASE_URL: 'https://a/v1', AI_MODEL: 'm', AI_DAILY_TOKEN_BUDGET: '50000', AI_REQUESTS_PER_MINUTE: ' 5 ' }).ai,
    ).toEqual({ baseUrl: 'https://a/v1', model: 'm', dailyTokenBudget: 50_000, requestsPerMinute: 5 });
  });

  it('reads the news and Evvnt providers, and refuses a news key without its server', () => {
    expect(integrationSettingsFromEnv({ NEWS_API_URL: ' http://127.0.0.1:9000 ', NEWS_API_KEY: 'k', EVVNT_API_URL: 'https://evvnt.example' })).toMatchObject({
      news: { baseUrl: 'http://127.0.0.1:9000', apiKey: 'k' },
      evvntApiUrl: 'https://evvnt.example',
    });
    expect(integrationSettingsFromEnv({ NEWS_API_URL: 'https://newsapi.org' }).news).toEqual({ baseUrl: 'https://newsapi.org' });
    expect(() => integrationSettingsFromEnv({ NEWS_API_KEY: 'k' })).toThrow(/NEWS_API_KEY needs NEWS_API_URL/);
    expect(() => integrationSettingsFromEnv({ EVVNT_API_URL: 'ftp://x' })).toThrow(/http or https/);
  });

  it('reads where Iterable is, and refuses an address that is not http or https', () => {
    expect(integrationSettingsFromEnv({ ITERABLE_API_URL: ' http://127.0.0.1:9100 ' }).iterableApiUrl).toBe('http://127.0.0.1:9100');
    expect(integrationSettingsFromEnv({}).iterableApiUrl).toBeUndefined();
    expect(() => integrationSettingsFromEnv({ ITERABLE_API_URL: 'api.iterable.com' })).toThrow(/ITERABLE_API_URL must be a web address/);
  });
});
