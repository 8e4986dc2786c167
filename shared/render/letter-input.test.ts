import { describe, expect, it } from 'vitest';
import type { Channel } from '../model';
import { newDraftLetter, newSection, serializeSections } from '../model';
import { formatPath, parseLetterInput } from './letter-input';

const channel: Channel = {
  id: 1, title: 'Morning Brief', channelSlug: 'morning-brief', brandId: 1, brandSlug: 'acme', accentColor: '#1c7ed6',
  defaultStyleBaseFontSize: 16, channelSquareLogo: null, channelName: 'Morning Brief', timezone: { tzCode: 'UTC' }, esp: 0,
};
const letter = () => newDraftLetter({ uniqueId: 'l-1', channel, author: null, now: '2025-01-01T00:00:00.000Z' });

describe('parseLetterInput', () => {
  it('takes blocks as the JSON string or as a list', () => {
    const sections = [newSection('paragraph', 'p'), newSection('divider', 'd')];
    const asText = parseLetterInput({ ...letter(), blocks: serializeSections(sections) });
    const asList = parseLetterInput({ ...letter(), blocks: sections });
    expect(asText).toEqual(asList);
    expect(asText.ok && asText.sections.map((s) => s.type)).toEqual(['paragraph', 'divider']);
    const empty = parseLetterInput({ ...letter(), blocks: '' });
    expect(empty.ok && empty.sections).toEqual([]);
  });

  it('names every failing field, unknown block types included', () => {
    const bad = { ...newSection('image', 'i'), blockModel: { ...newSection('image', 'i').blockModel, width: -3 } };
    const result = parseLetterInput({
      ...letter(),
      settings: { ...letter().settings, maxWidthDesktop: 'wide' },
      blocks: [newSection('paragraph', 'p'), { ...newSection('paragraph', 'x'), type: 'marquee' }, bad],
    });
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors).toContainEqual(expect.stringMatching(/^settings\.maxWidthDesktop: /));
    expect(errors).toContain('blocks[1].type: unknown block type "marquee"');
    expect(errors).toContainEqual(expect.stringMatching(/^blocks\[2\]\.blockModel\.width: /));
  });

  it('refuses what is not a letter', () => {
    expect(parseLetterInput([])).toEqual({ ok: false, errors: ['(letter): expected a JSON object'] });
    const noBlocks = parseLetterInput({ ...letter(), blocks: 3 });
    expect(noBlocks.ok ? [] : noBlocks.errors).toContain('blocks: expected a list of sections or its JSON text');
    const badJson = parseLetterInput({ ...letter(), blocks: '[{' });
    expect(badJson.ok ? [] : badJson.errors[0]).toMatch(/^blocks: Blocks are not valid JSON/);
  });

  it('writes paths the way they are read', () => {
    expect(formatPath(['blocks', 2, 'blockModel', 'width'])).toBe('blocks[2].blockModel.width');
    expect(formatPath([])).toBe('(letter)');
  });
});
