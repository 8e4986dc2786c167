import { describe, expect, it } from 'vitest';
import { LetterSettingsSchema, defaultLetterSettings } from '../model/letter-settings';
import {
  AB_TEST_MESSAGES,
  abOpenRate,
  abTestSettingsProblems,
  abWinner,
  effectiveAbTestSettings,
  formatAbWait,
  samplePerSubject,
} from './ab-test';

describe('A/B settings', () => {
  it('default to 10 % per subject and 4 hours when a letter has none', () => {
    expect(effectiveAbTestSettings(defaultLetterSettings())).toEqual({ samplePercent: 10, waitMinutes: 240 });
    expect(effectiveAbTestSettings({ abTest: { samplePercent: 20, waitMinutes: 15 } })).toEqual({ samplePercent: 20, waitMinutes: 15 });
  });

  it('take whole percentages from 1 to 50 and whole minutes from 15 to 3 days', () => {
    expect(abTestSettingsProblems({ samplePercent: 1, waitMinutes: 15 })).toEqual({});
    expect(abTestSettingsProblems({ samplePercent: 50, waitMinutes: 4320 })).toEqual({});
    expect(abTestSettingsProblems({ samplePercent: 0, waitMinutes: 14 })).toEqual({
      samplePercent: AB_TEST_MESSAGES.samplePercent,
      waitMinutes: AB_TEST_MESSAGES.waitMinutes,
    });
    expect(abTestSettingsProblems({ samplePercent: 51, waitMinutes: 4321 })).toHaveProperty('samplePercent');
    expect(abTestSettingsProblems({ samplePercent: 10.5, waitMinutes: 20.5 })).toHaveProperty('waitMinutes');
  });

  it('are checked by the letter settings schema the platform validates with', () => {
    const parsed = LetterSettingsSchema.safeParse({ ...defaultLetterSettings(), abTest: { samplePercent: 70, waitMinutes: 240 } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['abTest.samplePercent', AB_TEST_MESSAGES.samplePercent],
    ]);
  });
});

describe('the sample', () => {
  it('is the percentage rounded, at least one each from two readers, at most half each', () => {
    expect(samplePerSubject(1000, 10)).toBe(100);
    expect(samplePerSubject(25, 10)).toBe(3);
    expect(samplePerSubject(3, 10)).toBe(1);
    expect(samplePerSubject(5, 50)).toBe(2);
    expect(samplePerSubject(1, 10)).toBe(0);
    expect(samplePerSubject(0, 10)).toBe(0);
  });
});

describe('the winner', () => {
  it('has the higher unique open rate, compared exactly; a tie or no emails goes to A', () => {
    expect(abWinner({ opens: 1, accepted: 3 }, { opens: 2, accepted: 3 })).toBe('B');
    expect(abWinner({ opens: 1, accepted: 2 }, { opens: 2, accepted: 4 })).toBe('A');
    // 33.3 % both when rounded, but B's is higher.
    expect(abWinner({ opens: 333, accepted: 1000 }, { opens: 1, accepted: 3 })).toBe('B');
    expect(abWinner({ opens: 0, accepted: 0 }, { opens: 0, accepted: 0 })).toBe('A');
  });

  it('open rates are percentages with one decimal', () => {
    expect(abOpenRate(1, 3)).toBe(33.3);
    expect(abOpenRate(2, 3)).toBe(66.7);
    expect(abOpenRate(0, 0)).toBe(0);
  });

  it('waits are said in hours and minutes', () => {
    expect(formatAbWait(240)).toBe('4 hours');
    expect(formatAbWait(15)).toBe('15 minutes');
    expect(formatAbWait(60)).toBe('1 hour');
    expect(formatAbWait(90)).toBe('1 hour 30 minutes');
  });
});
