import { describe, expect, it } from 'vitest';
import type { Section } from '../../shared/model';
import { newSectionOfEveryType } from '../../shared/model';
import { renderLetterInput } from '../../shared/render';
import { readerChannel, testInput } from '../../shared/render/test-support';
import { letterTextTemplate, rewriteTextUrls } from './letter-text';

// The text/plain part of an email, held against the text a reader of a letter with every
// block type should get: the preheader first, headings and paragraphs as lines, links and
// buttons as "text (url)", linked pictures by their alt text, nothing of pictures otherwise.

/** A letter with every block type, the ones with words filled in, the footer last. */
function everyBlockLetter(): Section[] {
  const sections = newSectionOfEveryType('s-');
  const of = (type: string) => sections.find((section) => section.type === type)!;
  of('heading').delta = { ops: [{ insert: 'Harbour news' }, { insert: '\n' }] };
  of('paragraph').delta = {
    ops: [
      { insert: 'Hello {{ first_name }}, the ' },
      { insert: 'new pier', attributes: { bold: true } },
      { insert: ' opens on ' },
      { insert: 'Saturday', attributes: { link: 'https://example.com/pier' } },
      { insert: '.\nBring a coat.\n' },
    ],
  };
  of('blockquote').delta = { ops: [{ insert: 'The sea is calm today.' }, { insert: '\n' }] };
  Object.assign(of('button').blockModel, { value: 'Read the story', link: 'https://example.com/story' });
  Object.assign(of('image').blockModel, { src: 'https://cdn.example/pier.jpg', alt: 'The new pier', link: 'https://example.com/gallery' });
  const order = ['heading', 'paragraph', 'image', 'button', 'blockquote'];
  const first = order.map(of);
  const footer = of('footer');
  return [...first, ...sections.filter((section) => !first.includes(section) && section !== footer), footer];
}

const EXPECTED = `Tides, boats and the new pier
View in browser (https://letters.example/morning-brief/letter-1)

Harbour news

Hello {{ first_name }}, the new pier opens on Saturday
(https://example.com/pier).

Bring a coat.

The new pier (https://example.com/gallery)

Read the story (https://example.com/story)

> The sea is calm today.

logo for Morning Brief (https://letters.example/morning-brief)

WhatsApp
(https://api.whatsapp.com/send?text=https%3A%2F%2Fletters.example%2Fmorning-brief%2Fletter-1)

X (Twitter)
(https://twitter.com/intent/tweet?url=https%3A%2F%2Fletters.example%2Fmorning-brief%2Fletter-1)

Facebook
(https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fletters.example%2Fmorning-brief%2Fletter-1)

Reddit
(https://www.reddit.com/submit?url=https%3A%2F%2Fletters.example%2Fmorning-brief%2Fletter-1)

LinkedIn
(https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fletters.example%2Fmorning-brief%2Fletter-1)

© 2025 Morning Brief. All rights reserved.

Unsubscribe (https://letters.example/unsubscribe/morning-brief/{{uniqueId}})

Made with Letterdesk (https://letters.example/morning-brief)
`;

describe('the text part', () => {
  it('reads a letter with every block type as a reader of plain text should get it', async () => {
    const rendered = await renderLetterInput(testInput(everyBlockLetter(), { preview: 'Tides, boats and the new pier', context: { channel: readerChannel() } }));
    expect(rendered.errors).toEqual([]);
    expect(letterTextTemplate(rendered.html)).toBe(EXPECTED);
  });

  it('rewrites each address once, leaving the brackets and sentence marks around it', () => {
    const text = 'See (https://example.com/a?x=1). Then https://example.com/b, and https://example.com/c!';
    expect(rewriteTextUrls(text, (url) => (url.endsWith('/b') ? null : `${url}#r`))).toBe(
      'See (https://example.com/a?x=1#r). Then https://example.com/b, and https://example.com/c#r!',
    );
  });
});
