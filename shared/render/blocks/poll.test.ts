import type { Element } from 'domhandler';
import { textContent } from 'domutils';
import { describe, expect, it } from 'vitest';
import { corners, newSection } from '../../model';
import type { PollModel, SectionOf } from '../../model';
import { attr, blockContext, compileColumn, selectAll } from '../test-support';
import { renderPoll } from './poll';

const ctx = blockContext();

const responseUrl = (option: number): string =>
  `https://letters.example/polls/7/respond?option=${option}&letter=letter-42&subscriber={{uniqueId}}`;

function poll(change: Partial<PollModel>, optionCount: number): SectionOf<'poll'> {
  const section = newSection('poll', 'poll-1');
  const options = Array.from({ length: optionCount }, (_, i) => ({ id: 100 + i, title: `Option ${i + 1}` }));
  return { ...section, blockModel: { ...section.blockModel, id: 7, pollType: 1, questionText: 'Which one?', options, ...change } };
}

describe('renderPoll', () => {
  it('renders nothing until a poll is chosen', () => {
    expect(renderPoll(newSection('poll', 'p'), ctx)).toBe('');
    expect(renderPoll(poll({ id: null }, 2), ctx)).toBe('');
    expect(renderPoll(poll({ pollType: null }, 2), ctx)).toBe('');
  });

  it('links one full-width button per option to the response page', async () => {
    const doc = await compileColumn(renderPoll(poll({}, 3), ctx));
    expect(textContent(doc)).toContain('Which one?');
    const links = selectAll('a', doc);
    expect(links.map((a) => textContent(a).trim())).toEqual(['Option 1', 'Option 2', 'Option 3']);
    expect(links.map((a) => attr(a, 'href'))).toEqual([100, 101, 102].map(responseUrl));
    const buttonTables = selectAll('table[style*="border-collapse:separate"]', doc);
    expect(buttonTables.map((t) => attr(t, 'style'))).toEqual(Array(3).fill(expect.stringContaining('width:100%')));
    // Default styling from the model: #1D2D4D with white text, radius 3, inner padding 10/12, spacing 8 between buttons.
    expect(attr(links[0]!, 'style')).toContain('background:#1D2D4D');
    expect(attr(links[0]!, 'style')).toContain('color:#FFFFFF');
    expect(attr(links[0]!, 'style')).toContain('padding:10px 12px');
    expect(attr(links[0]!, 'style')).toContain('border-radius:3px 3px 3px 3px');
    const cells = selectAll('td[style*="word-break"]', doc).map((td) => attr(td, 'style'));
    // The spacing sits below the question and between buttons, not after the last one.
    expect(cells.map((s) => s.includes('padding-bottom:8px'))).toEqual([true, true, true, false]);
  });

  it('applies alignment, width, colours and radius when not full width', async () => {
    const section = poll(
      {
        buttonAlignment: 'right',
        buttonWidth: 40,
        buttonBackgroundColor: '#00AA00',
        buttonTextColor: '#111111',
        buttonBorderRadius: { ...corners(0), topLeft: 9 },
      },
      1,
    );
    const doc = await compileColumn(renderPoll(section, ctx));
    const table = selectAll('table[style*="border-collapse:separate"]', doc)[0]!;
    expect(attr(table, 'style')).toContain('width:40%');
    expect(attr(table.parent as Element, 'align')).toBe('right');
    const link = selectAll('a', doc)[0]!;
    expect(attr(link, 'style')).toContain('background:#00AA00');
    expect(attr(link, 'style')).toContain('color:#111111');
    expect(attr(link, 'style')).toContain('border-radius:9px 0px 0px 0px');
  });

  it('shows a five-option feedback scale as five star links', async () => {
    const doc = await compileColumn(renderPoll(poll({ pollType: 3, questionText: 'Rate us' }, 5), ctx));
    const links = selectAll('a', doc);
    expect(links.map((a) => textContent(a))).toEqual(Array(5).fill('★'));
    expect(links.map((a) => attr(a, 'href'))).toEqual([100, 101, 102, 103, 104].map(responseUrl));
    expect(links.map((a) => attr(a, 'title'))).toEqual(['Option 1', 'Option 2', 'Option 3', 'Option 4', 'Option 5']);
    expect(textContent(doc)).not.toContain('not likely at all');
  });

  it('shows other feedback scales as a row of buttons between the two end labels', async () => {
    const section = poll({ pollType: 3 }, 11);
    section.blockModel.options = section.blockModel.options.map((o, i) => ({ ...o, title: String(i) }));
    const doc = await compileColumn(renderPoll(section, ctx));
    const links = selectAll('a', doc);
    expect(links.map((a) => textContent(a))).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(attr(links[10]!, 'href')).toBe(responseUrl(110));
    const rows = selectAll('tr', doc).filter((tr) => textContent(tr).includes('not likely at all'));
    const labels = selectAll('td', rows[rows.length - 1]!).map((td) => textContent(td));
    expect(labels).toEqual(['not likely at all', 'extremely likely']);
  });

  it('escapes the question and option labels and keeps hostile colours out of the CSS', async () => {
    const section = poll({ questionText: '<script>alert(1)</script>', buttonBackgroundColor: 'red;background:url(https://evil)' }, 1);
    section.blockModel.options[0]!.title = '<b>yes</b>';
    const mjml = renderPoll(section, ctx);
    expect(mjml).not.toContain('<script>');
    expect(mjml).not.toContain('evil');
    const doc = await compileColumn(mjml);
    expect(selectAll('script, b', doc)).toHaveLength(0);
    expect(textContent(doc)).toContain('<script>alert(1)</script>');
    expect(textContent(selectAll('a', doc)[0]!).trim()).toBe('<b>yes</b>');
  });

  it('encodes the letter id in the response link', async () => {
    const doc = await compileColumn(renderPoll(poll({}, 1), { ...ctx, letterUniqueId: 'a&b c' }));
    expect(attr(selectAll('a', doc)[0]!, 'href')).toBe(
      'https://letters.example/polls/7/respond?option=100&letter=a%26b%20c&subscriber={{uniqueId}}',
    );
  });

  it('names no subscriber in the web archive’s copy', async () => {
    const doc = await compileColumn(renderPoll(poll({}, 1), { ...ctx, webArchive: true }));
    expect(attr(selectAll('a', doc)[0]!, 'href')).toBe('https://letters.example/polls/7/respond?option=100&letter=letter-42');
  });
});
