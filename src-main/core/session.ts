import type { Session } from '../../shared/contract/bridge';
import { AppError } from '../../shared/contract/errors';
import type { Channel } from '../../shared/model/channel';
import type { PlatformConnection, TokenVault } from './core-context';
import { PlatformError, type PlatformClient } from './platform/platform-client';
import type { KvStore } from './store/kv-store';

// Who the app is signed in as, and the organizations and channels they can use. The last
// answer from the platform is kept in the cache, so the app opens offline with its data.

const SESSION_KEY = 'session';

type Cached = Pick<Session, 'user' | 'organizations'>;

export function memoryTokenVault(): TokenVault {
  let token: string | null = null;
  return {
    load: async () => token,
    save: async (value) => {
      token = value;
    },
    clear: async () => {
      token = null;
    },
  };
}

export async function createSession(platform: PlatformConnection, client: PlatformClient, kv: KvStore, vault: TokenVault) {
  let token = await vault.load();
  let cached: Cached | null = await kv.get<Cached>(SESSION_KEY);

  function snapshot(): Session {
    // The embedded platform's account signs itself in, so a cached session is enough to
    // open the app offline; a remote platform needs a token.
    const signedIn = token !== null || (platform.mode === 'embedded' && platform.account !== undefined && cached !== null);
    return {
      mode: platform.mode,
      platformUrl: platform.url,
      signedIn,
      user: signedIn ? (cached?.user ?? null) : null,
      organizations: signedIn ? (cached?.organizations ?? []) : [],
    };
  }

  async function adoptToken(value: string | null) {
    token = value;
    if (value) await vault.save(value);
    else await vault.clear();
  }

  /** The embedded platform's local account signs in without asking (DECISIONS). */
  async function signInEmbedded(): Promise<boolean> {
    if (!platform.account) return false;
    const { token: value } = await client.login(platform.account);
    await adoptToken(value);
    return true;
  }

  return {
    getToken: () => token,
    current: snapshot,

    async ensureSignedIn(): Promise<boolean> {
      if (token) return true;
      return platform.mode === 'embedded' ? signInEmbedded() : false;
    },

    /** Asks the platform who we are; offline, the cached answer stands. */
    async refresh(): Promise<Session> {
      try {
        if (!(await this.ensureSignedIn())) return snapshot();
        const me = await client.me();
        cached = { user: me.user, organizations: me.organizations };
        await kv.set(SESSION_KEY, cached);
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        if (error.isUnauthorized) await this.signedOutByPlatform();
      }
      return snapshot();
    },

    async signIn(email: string, password: string): Promise<Session> {
      try {
        const answer = await client.login({ email, password });
        await adoptToken(answer.token);
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'network') throw new AppError('offline', error.message);
        if (error instanceof PlatformError) throw new AppError(error.isUnauthorized ? 'unauthorized' : 'platform_error', error.message, error.fields);
        throw error;
      }
      return this.refresh();
    },

    async signOut(): Promise<Session> {
      await adoptToken(null);
      cached = null;
      await kv.delete(SESSION_KEY);
      return snapshot();
    },

    /** The platform no longer accepts our token. */
    async signedOutByPlatform(): Promise<void> {
      await adoptToken(null);
    },

    findChannel(brandSlug: string, channelSlug: string): Channel | null {
      const organization = cached?.organizations.find((o) => o.slug === brandSlug);
      return organization?.channels.find((c) => c.channelSlug === channelSlug) ?? null;
    },
  };
}

export type SessionService = Awaited<ReturnType<typeof createSession>>;
