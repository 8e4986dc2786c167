import type { Delta } from '../../shared/model/delta';

// Sample rich text for the benchmarks' letters: a line, and a story paragraph with bold and a link.

export const text = (value: string): Delta => ({ ops: [{ insert: `${value}\n` }] });

export const story = (i: number): Delta => ({
  ops: [
    { insert: `Story ${i} begins with a short sentence. It goes on with ` },
    { insert: 'some bold words', attributes: { bold: true } },
    { insert: ' and a ' },
    { insert: 'link to the article', attributes: { link: `https://example.com/articles/${i}` } },
    { insert: '. Readers like short paragraphs that get to the point quickly.\n' },
  ],
});
