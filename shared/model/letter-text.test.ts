import { describe, expect, it } from 'vitest';
import { letterPlainText } from './letter-text';
import { newSection, serializeSections } from './index';

describe('letterPlainText', () => {
  it('gathers the title, preview text, rich text, button labels and nested sections', () => {
    const paragraph = newSection('paragraph', 'p1');
    paragraph.delta = { ops: [{ insert: 'Tides turn ' }, { insert: 'slowly', attributes: { bold: true } }, { insert: '\n' }] };
    const button = newSection('button', 'b1');
    const layout = newSection('layout', 'l1');
    const text = letterPlainText({ title: 'Spring', subtitle: 'Preview here', blocks: serializeSections([paragraph, button, layout]) });
    expect(text).toContain('Spring Preview here Tides turn slowly');
    expect(text).toContain('New custom button');
    expect(text).not.toContain('Start writing something great...');
  });

  it('leaves out the placeholder that older letters hold as text', () => {
    const old = newSection('paragraph', 'p-old');
    old.delta = { ops: [{ insert: 'Start writing something great...\n' }] };
    const text = letterPlainText({ title: 'Old', subtitle: '', blocks: serializeSections([old]) });
    expect(text).toBe('Old');
  });

  it('still returns the title when the blocks cannot be read', () => {
    expect(letterPlainText({ title: 'Kept', subtitle: '', blocks: '{not json' })).toBe('Kept');
  });
});
