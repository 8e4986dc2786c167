import path from 'node:path';
import type { AiSettings } from './ai-client';
import type { NewsApiSettings } from './news-provider';
import type { S3Settings } from './s3-image-storage';

// The settings of the services outside the platform, read from the environment by
// main.ts only; everything below it takes them as options. A setting that is half there
// or malformed stops the start with a message, rather than failing at the first call.
//   AI_BASE_URL, AI_MODEL, AI_API_KEY, AI_DAILY_TOKEN_BUDGET, AI_REQUESTS_PER_MINUTE   IMAGES_DIR   ALLOW_HTTP_IMAGE_FETCH=1
//   ALLOW_PRIVATE_FETCH=1
//   NEWS_API_URL, NEWS_API_KEY   EVVNT_API_URL   ITERABLE_API_URL   SPAMASSASSIN_PATH   SPAMD_HOST, SPAMD_PORT
//   S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_ENDPOINT, S3_FORCE_PATH_STYLE=1, S3_PUBLIC_URL
//     (images in an S3-compatible bucket instead of IMAGES_DIR: what several instances need)

export interface IntegrationSettings {
  ai?: AiSettings;
  imagesDir?: string;
  s3?: S3Settings;
  allowHttpImageFetch?: boolean;
  allowPrivateFetch?: boolean;
  news?: NewsApiSettings;
  evvntApiUrl?: string;
  iterableApiUrl?: string;
  /** The spam check's spamassassin program; default `spamassassin` on PATH. */
  spamAssassinPath?: string;
  /** A spamd the spam check asks through spamc instead of running spamassassin. */
  spamd?: { host: string; port: number };
}

export function integrationSettingsFromEnv(env: NodeJS.ProcessEnv): IntegrationSettings {
  const settings: IntegrationSettings = {};
  const ai = aiSettings(env);
  if (ai) settings.ai = ai;
  const imagesDir = env.IMAGES_DIR?.trim();
  if (imagesDir) settings.imagesDir = path.resolve(imagesDir);
  const s3 = s3Settings(env);
  if (s3) {
    if (imagesDir) throw new Error('IMAGES_DIR and S3_BUCKET are two places for images: set one of them.');
    settings.s3 = s3;
  }
  settings.allowHttpImageFetch = flag('ALLOW_HTTP_IMAGE_FETCH', env.ALLOW_HTTP_IMAGE_FETCH);
  settings.allowPrivateFetch = flag('ALLOW_PRIVATE_FETCH', env.ALLOW_PRIVATE_FETCH);
  const newsUrl = env.NEWS_API_URL?.trim() ?? '';
  const newsKey = env.NEWS_API_KEY?.trim() ?? '';
  if (newsKey && !newsUrl) throw new Error('NEWS_API_KEY needs NEWS_API_URL (for example https://newsapi.org).');
  if (newsUrl) settings.news = newsKey ? { baseUrl: webAddress('NEWS_API_URL', newsUrl), apiKey: newsKey } : { baseUrl: webAddress('NEWS_API_URL', newsUrl) };
  const evvntUrl = env.EVVNT_API_URL?.trim() ?? '';
  if (evvntUrl) settings.evvntApiUrl = webAddress('EVVNT_API_URL', evvntUrl);
  const iterableUrl = env.ITERABLE_API_URL?.trim() ?? '';
  if (iterableUrl) settings.iterableApiUrl = webAddress('ITERABLE_API_URL', iterableUrl);
  const spamAssassinPath = env.SPAMASSASSIN_PATH?.trim() ?? '';
  if (spamAssassinPath) settings.spamAssassinPath = spamAssassinPath;
  const spamdHost = env.SPAMD_HOST?.trim() ?? '';
  const spamdPort = env.SPAMD_PORT?.trim() ?? '';
  if (spamdPort && !spamdHost) throw new Error('SPAMD_PORT needs SPAMD_HOST (for example 127.0.0.1).');
  if (spamdHost) {
    // spamd's own default port.
    const port = spamdPort ? Number(spamdPort) : 783;
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`SPAMD_PORT must be a port number, not "${spamdPort}"`);
    settings.spamd = { host: spamdHost, port };
  }
  return settings;
}

function aiSettings(env: NodeJS.ProcessEnv): AiSettings | undefined {
  const baseUrl = env.AI_BASE_URL?.trim() ?? '';
  const model = env.AI_MODEL?.trim() ?? '';
  const apiKey = env.AI_API_KEY?.trim() ?? '';
  if (!baseUrl && !model && !apiKey) return undefined;
  if (!baseUrl || !model) throw new Error('AI_BASE_URL and AI_MODEL go together: set both to use AI, or neither.');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`AI_BASE_URL must be a web address such as https://api.openai.com/v1, not "${baseUrl}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`AI_BASE_URL must be an http or https address, not "${baseUrl}"`);
  const settings: AiSettings = apiKey ? { baseUrl, model, apiKey } : { baseUrl, model };
  const budget = positiveInteger('AI_DAILY_TOKEN_BUDGET', env.AI_DAILY_TOKEN_BUDGET);
  if (budget !== undefined) settings.dailyTokenBudget = budget;
  const perMinute = positiveInteger('AI_REQUESTS_PER_MINUTE', env.AI_REQUESTS_PER_MINUTE);
  if (perMinute !== undefined) settings.requestsPerMinute = perMinute;
  return settings;
}

const S3_NAMES = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL'] as const;

function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const value = (name: (typeof S3_NAMES)[number]) => env[name]?.trim() ?? '';
  if (S3_NAMES.every((name) => value(name) === '')) return undefined;
  const missing = (['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => value(name) === '');
  if (missing.length > 0) throw new Error(`Images in S3 need S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; missing: ${missing.join(', ')}.`);
  const settings: S3Settings = {
    bucket: value('S3_BUCKET'),
    region: value('S3_REGION'),
    accessKeyId: value('S3_ACCESS_KEY_ID'),
    secretAccessKey: value('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: flag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE),
  };
  if (value('S3_ENDPOINT')) settings.endpoint = webAddress('S3_ENDPOINT', value('S3_ENDPOINT'));
  if (value('S3_PUBLIC_URL')) settings.publicUrl = webAddress('S3_PUBLIC_URL', value('S3_PUBLIC_URL')).replace(/\/+$/, '');
  return settings;
}

function positiveInteger(name: string, value: string | undefined): number | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`${name} must be a whole number above 0, not "${value}"`);
  return Number(text);
}

function flag(name: string, value: string | undefined): boolean {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return true;
  throw new Error(`${name} must be 1 or 0, not "${value}"`);
}

function webAddress(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be a web address such as https://example.com, not "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http or https address, not "${value}"`);
  return value;
}
