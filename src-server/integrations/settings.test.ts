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

  it('reads where the spam check finds SpamAssassin, PATH when unset', () => {
    expect(integrationSettingsFromEnv({ SPAMASSASSIN_PATH: ' /opt/sa/bin/spamassassin ' }).spamAssassinPath).toBe('/opt/sa/bin/spamassassin');
    expect(integrationSettingsFromEnv({}).spamAssassinPath).toBeUndefined();
  });

  it('reads the spamd the spam check asks instead, on its default port unless given one', () => {
    expect(integrationSettingsFromEnv({ SPAMD_HOST: ' 127.0.0.1 ' }).spamd).toEqual({ host: '127.0.0.1', port: 783 });
    expect(integrationSettingsFromEnv({ SPAMD_HOST: 'spamd.internal', SPAMD_PORT: '7830' }).spamd).toEqual({ host: 'spamd.internal', port: 7830 });
    expect(integrationSettingsFromEnv({}).spamd).toBeUndefined();
    expect(() => integrationSettingsFromEnv({ SPAMD_PORT: '783' })).toThrow(/SPAMD_PORT needs SPAMD_HOST/);
    expect(() => integrationSettingsFromEnv({ SPAMD_HOST: 'h', SPAMD_PORT: '99999' })).toThrow('SPAMD_PORT must be a port number, not "99999"');
  });

  it('reads where Iterable is, and refuses an address that is not http or https', () => {
    expect(integrationSettingsFromEnv({ ITERABLE_API_URL: ' http://127.0.0.1:9100 ' }).iterableApiUrl).toBe('http://127.0.0.1:9100');
    expect(integrationSettingsFromEnv({}).iterableApiUrl).toBeUndefined();
    expect(() => integrationSettingsFromEnv({ ITERABLE_API_URL: 'api.iterable.com' })).toThrow(/ITERABLE_API_URL must be a web address/);
  });

  it('reads the S3 bucket for images, and refuses half of it or two places for images', () => {
    const s3 = { S3_BUCKET: 'images', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(integrationSettingsFromEnv(s3).s3).toEqual({ bucket: 'images', region: 'eu-west-1', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: false });
    expect(integrationSettingsFromEnv({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:4568', S3_FORCE_PATH_STYLE: '1', S3_PUBLIC_URL: 'https://cdn.example.com/i/' }).s3).toMatchObject({
      endpoint: 'http://127.0.0.1:4568',
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.com/i',
    });
    expect(() => integrationSettingsFromEnv({ S3_BUCKET: 'images' })).toThrow('missing: S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
    expect(() => integrationSettingsFromEnv({ ...s3, IMAGES_DIR: 'x' })).toThrow(/set one of them/);
    expect(() => integrationSettingsFromEnv({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be/);
  });
});
