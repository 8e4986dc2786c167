import { textContent } from 'domutils';
import { describe, expect, it } from 'vitest';
import { newSection } from '../../model';
import type { SectionOf } from '../../model';
import { attr, blockContext, compileColumn, selectAll } from '../test-support';
import type { BlockRenderer } from '../types';
import { isProfileUrl } from '../../rules/social';
import { renderProfile, renderShare, shareUrl, socialIconUrl } from './social';

const ctx = blockContext({
  channel: {
    title: 'The Daily',
    channelName: 'The Daily',
    channelSlug: 'the-daily',
    accentColor: '#ff0000',
    logoUrl: null,
    contactAddress: null,
  },
});

function profile(models: SectionOf<'profile'>['blockModel']['models']): SectionOf<'profile'> {
  const section = newSection('profile', 'p1');
  return { ...section, blockModel: { ...section.blockModel, models } };
}

const archive = 'https://letters.example/the-daily/letter-42';

describe('renderShare', () => {
  it('links every network to its share page for the letter archive, with icons of the colour set', async () => {
    const section = newSection('share', 's1');
    section.blockModel.color = 'dark_gray';
    const doc = await compileColumn(renderShare(section, ctx));
    const links = selectAll('a', doc).map((a) => attr(a, 'href'));
    const encoded = encodeURIComponent(archive);
    expect(links).toEqual([
      `https://api.whatsapp.com/send?text=${encoded}`,
      `https://twitter.com/intent/tweet?url=${encoded}`,
      `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
      `https://www.reddit.com/submit?url=${encoded}`,
      `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`,
    ]);
    const images = selectAll('img', doc);
    expect(images.map((img) => attr(img, 'src'))).toEqual(
      ['whatsapp', 'x', 'facebook', 'reddit', 'linkedin'].map((n) => `https://letters.example/assets/social/dark_gray/${n}.png`),
    );
    expect(images.map((img) => attr(img, 'alt'))).toEqual(['WhatsApp', 'X (Twitter)', 'Facebook', 'Reddit', 'LinkedIn']);
  });

  it('shows text only (no icons) for display 1, aligned and coloured by the colour set', async () => {
    const section = newSection('share', 's1');
    section.blockModel = { ...section.blockModel, display: 1, color: 'black', align: 'right' };
    section.blockModel.models = section.blockModel.models.slice(0, 2);
    section.blockModel.models[0]!.text = 'Send on <WhatsApp>';
    const mjmlText = renderShare(section, ctx);
    expect(mjmlText).not.toContain('<WhatsApp>');
    const doc = await compileColumn(mjmlText);
    expect(selectAll('img', doc)).toHaveLength(0);
    const links = selectAll('a', doc);
    expect(links.map((a) => textContent(a))).toEqual(['Send on <WhatsApp>', 'X (Twitter)']);
    expect(attr(links[0]!, 'style')).toContain('color:#000000');
    expect(attr(selectAll('td[align="right"]', doc)[0]!, 'align')).toBe('right');
  });

  it('renders nothing without networks, and encodes odd letter ids into the shared URL', async () => {
    const empty = newSection('share', 's1');
    empty.blockModel.models = [];
    expect(renderShare(empty, ctx)).toBe('');
    expect(shareUrl('x', 'https://a.example/c/id?x=1&y=2')).toBe(
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Fa.example%2Fc%2Fid%3Fx%3D1%26y%3D2',
    );
    const doc = await compileColumn(renderShare(newSection('share', 's'), { ...ctx, letterUniqueId: 'a"b<c' }));
    // The id is encoded as a path segment, then the whole page URL as the share parameter.
    expect(attr(selectAll('a', doc)[0]!, 'href')).toBe(
      `https://api.whatsapp.com/send?text=${encodeURIComponent('https://letters.example/the-daily/a%22b%3Cc')}`,
    );
  });
});

describe('renderProfile', () => {
  it('shows profile links with icons when every link is on its network', async () => {
    const section = profile([
      { id: 1, name: 'x', url: 'https://twitter.com/daily', image: '', text: '' },
      { id: 2, name: 'youtube', url: 'https://www.youtube.com/@daily', image: '', text: 'Watch us' },
    ]);
    section.blockModel.color = 'white';
    section.blockModel.gap = 24;
    const doc = await compileColumn(renderProfile(section, ctx));
    expect(selectAll('a', doc).map((a) => attr(a, 'href'))).toEqual(['https://twitter.com/daily', 'https://www.youtube.com/@daily']);
    expect(selectAll('img', doc).map((img) => attr(img, 'src'))).toEqual([
      socialIconUrl(ctx.platformUrl, 'white', 'x'),
      socialIconUrl(ctx.platformUrl, 'white', 'youtube'),
    ]);
    expect(selectAll('img', doc).map((img) => attr(img, 'alt'))).toEqual(['X (Twitter)', 'Watch us']);
    // The gap sits between icons, not after the last one.
    const cells = selectAll('td', doc).filter((td) => /^padding:0 \S+ 0 0;/.test(attr(td, 'style')));
    expect(cells.map((td) => attr(td, 'style').split(';')[0])).toEqual(['padding:0 24px 0 0', 'padding:0 0px 0 0']);
  });

  it('renders nothing while any link is not on its own network (the editor shows its placeholder)', () => {
    expect(renderProfile(profile([]), ctx)).toBe('');
    const wrong = profile([
      { id: 1, name: 'facebook', url: 'https://facebook.com/daily', image: '', text: '' },
      { id: 2, name: 'instagram', url: 'https://evil.example/instagram.com', image: '', text: '' },
    ]);
    expect(renderProfile(wrong, ctx)).toBe('');
    const script = profile([{ id: 1, name: 'facebook', url: 'javascript:alert(1)//facebook.com', image: '', text: '' }]);
    expect(renderProfile(script, ctx)).toBe('');
  });

  it('accepts only https links on the network domain or its subdomains', () => {
    expect(isProfileUrl('x', 'https://x.com/daily')).toBe(true);
    expect(isProfileUrl('x', 'https://mobile.twitter.com/daily')).toBe(true);
    expect(isProfileUrl('x', 'http://x.com/daily')).toBe(false);
    expect(isProfileUrl('facebook', 'https://notfacebook.com/daily')).toBe(false);
    expect(isProfileUrl('facebook', 'https://facebook.com.evil.example/')).toBe(false);
    expect(isProfileUrl('facebook', 'https://facebook.com@evil.example/')).toBe(false);
  });

  it('fits the BlockRenderer contract', () => {
    const renderers: [BlockRenderer<'profile'>, BlockRenderer<'share'>] = [renderProfile, renderShare];
    expect(renderers).toHaveLength(2);
  });
});
