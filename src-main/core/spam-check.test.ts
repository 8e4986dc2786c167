import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { ChannelOutput } from '../../shared/contract/bridge';
import type { Letter } from '../../shared/model/letter';
import { PublicationStatus } from '../../shared/model/publication';
import type { PlatformConnection } from './core-context';
import { call, useTestPlatform, WEEKLY } from './testing/test-core';

// The CONTENT CHECK's spam score through the core's bridge, against a real platform with
// Debian's SpamAssassin: the schedule step's subject, kept on this computer until
// 'Schedule', is the one scored; offline it says the check needs the platform.

const UNREACHABLE = 'http://127.0.0.1:9';
const installed = spawnSync('sh', ['-c', 'command -v spamassassin'], { encoding: 'utf8' }).status === 0;
if (!installed) console.warn('SpamAssassin is not installed (apt-get install -y spamassassin): the core spam check runs are skipped.');

const testPlatform = useTestPlatform();
const { tempDir } = testPlatform;

async function openCore(connection: Partial<PlatformConnection> = {}, dataDir = tempDir()) {
  const opened = await testPlatform.openCore(connection, dataDir);
  await call(opened.core, 'app.session', {});
  return opened;
}

type SpamCheck = ChannelOutput<'letters.spamCheck'>;
const fired = (answer: SpamCheck) => answer.rules.map((rule) => rule.name);

describe('the spam check through the core', () => {
  it.runIf(installed)('scores the subject typed in the schedule step, before and after it is fixed', async () => {
    const { core } = await openCore();
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title: 'Harbour news' } });
    await call(core, 'letters.changeStatus', { uniqueId: letter.uniqueId, to: PublicationStatus.schedule });
    // Typed in the schedule step: it stays on this computer until 'Schedule'.
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title: 'FREE MONEY!!!' } });

    const shouting = await call<SpamCheck>(core, 'letters.spamCheck', { uniqueId: letter.uniqueId });
    expect(shouting.available).toBe(true);
    expect(fired(shouting)).toContain('SUBJ_ALL_CAPS');

    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title: 'Free tickets for the harbour fair' } });
    const fixed = await call<SpamCheck>(core, 'letters.spamCheck', { uniqueId: letter.uniqueId });
    expect(fired(fixed)).not.toContain('SUBJ_ALL_CAPS');
    expect(fixed.score!).toBeLessThan(shouting.score!);
  }, 60_000);

  it('says the check needs a connection when the platform cannot be reached', async () => {
    const dataDir = tempDir();
    await (await openCore({}, dataDir)).close();
    const { core } = await openCore({ url: UNREACHABLE }, dataDir);
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    const answer = await core.dispatch('letters.spamCheck', { uniqueId: letter.uniqueId });
    expect(answer).toEqual({
      ok: false,
      error: { code: 'offline', message: 'Checking the spam score needs a connection to the platform. Your letter is saved on this computer.' },
    });
  });
});
