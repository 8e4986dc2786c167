import { afterAll, beforeAll } from 'vitest';
import { createAccount } from '../db/accounts';
import type { AccountFixture } from '../db/accounts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { channelId } from './letter-fixtures';
import type { Headers } from './letter-fixtures';
import { createTestApp, signIn } from './test-app';
import type { TestApp } from './test-app';

// The set-up most route test files share: a fresh app for the file, the demo editor signed
// in, and the demo brand's channels as createLetterAs takes them.

export interface ChannelPlace {
  brand: string;
  channel: string;
  channelId: number;
}

export interface DemoEditorSuite extends TestApp {
  editor: Headers;
  weekly: ChannelPlace;
  company: ChannelPlace;
}

/**
 * Registers the file's beforeAll/afterAll and returns the suite. Its fields are read
 * through getters because they exist only once beforeAll has run.
 */
export function useDemoEditor(): DemoEditorSuite {
  let t: TestApp | undefined;
  let editor: Headers | undefined;
  let weekly: ChannelPlace | undefined;
  let company: ChannelPlace | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useDemoEditor: read before beforeAll ran');
    return value;
  };
  beforeAll(async () => {
    t = await createTestApp();
    editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
    company = { brand: 'demo', channel: 'company', channelId: await channelId(t.db, 'company') };
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get app() {
      return ready(t).app;
    },
    get db() {
      return ready(t).db;
    },
    get connectionString() {
      return ready(t).connectionString;
    },
    close: () => ready(t).close(),
    get editor() {
      return ready(editor);
    },
    get weekly() {
      return ready(weekly);
    },
    get company() {
      return ready(company);
    },
  };
}

export interface Outsiders {
  /** Signed in to the Rival tenant, whose channel is also called `weekly`. */
  rival: Headers;
  rivalAccount: AccountFixture;
  /** Signed in to the Loner tenant, with a channel of another name. */
  loner: Headers;
}

/** Two other tenants' users, for proving that one tenant cannot reach another's data. */
export async function createOutsiders(t: TestApp): Promise<Outsiders> {
  const rivalAccount = await createAccount(t.db, {
    tenantName: 'Rival',
    brandSlug: 'rival',
    channelSlug: 'weekly',
    email: 'owner@rival.test',
    password: 'rival-password',
  });
  await createAccount(t.db, { tenantName: 'Loner', brandSlug: 'loner', channelSlug: 'daily', email: 'loner@x.test', password: 'loner-password' });
  const rival = await signIn(t.app, 'owner@rival.test', 'rival-password');
  const loner = await signIn(t.app, 'loner@x.test', 'loner-password');
  return { rival, rivalAccount, loner };
}
