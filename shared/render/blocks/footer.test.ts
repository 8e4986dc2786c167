import { textContent } from 'domutils';
import { describe, expect, it } from 'vitest';
import { newSection } from '../../model';
import type { SectionOf } from '../../model';
import { attr, blockContext, compileColumn, selectAll, selectOne } from '../test-support';
import type { Doc } from '../test-support';
import type { BlockRenderer, RenderContext } from '../types';
import { FOOTER_TEXT } from '../../model/blocks/footer';
import { renderFooter } from './footer';

const ctx = blockContext({
  channel: {
    title: 'The Daily Title',
    channelName: 'The Daily',
    channelSlug: 'the-daily',
    accentColor: '#ff0000',
    logoUrl: 'https://cdn.example/logo.png',
    contactAddress: { street: '1 Main St', city: 'Springfield', state: 'IL', postal: '62701' },
  },
});

const paragraphs = (doc: Doc): string[] => selectAll('p', doc).map((p) => textContent(p));
const hrefs = (doc: Doc): string[] => selectAll('a', doc).map((a) => attr(a, 'href'));

function footer(change: Partial<SectionOf<'footer'>['blockModel']> = {}): SectionOf<'footer'> {
  const section = newSection('footer', 'f1');
  return { ...section, blockModel: { ...section.blockModel, ...change } };
}

describe('renderFooter', () => {
  it('leaves out the unsubscribe and opt-out links in the web archive’s copy, which no subscriber reads', async () => {
    const doc = await compileColumn(renderFooter(footer(), { ...ctx, webArchive: true, isEngagementSegment: true }));
    expect(paragraphs(doc)).toEqual(['© 2031 The Daily. All rights reserved.', '1 Main St, Springfield, IL 62701', 'Made with Letterdesk']);
    expect(hrefs(doc)).toEqual(['https://letters.example/the-daily']);
  });

  it('shows © year, the channel name, its address, the platform unsubscribe link and the credit in English', async () => {
    const doc = await compileColumn(renderFooter(footer(), ctx));
    expect(paragraphs(doc)).toEqual([
      '© 2031 The Daily. All rights reserved.',
      '1 Main St, Springfield, IL 62701',
      'Unsubscribe',
      'Made with Letterdesk',
    ]);
    expect(hrefs(doc)).toEqual(['https://letters.example/unsubscribe/the-daily/{{uniqueId}}', 'https://letters.example/the-daily']);
    expect(selectAll('img', doc)).toHaveLength(0);
  });

  it("links the credit to the channel's archive (naming its brand), and leaves it out when the channel switched it off", async () => {
    const branded = { ...ctx, channel: { ...ctx.channel!, brandSlug: 'acme' } };
    expect(hrefs(await compileColumn(renderFooter(footer(), branded))).at(-1)).toBe('https://letters.example/the-daily?brand=acme');
    const off = await compileColumn(renderFooter(footer(), { ...ctx, channel: { ...ctx.channel!, madeWithCredit: false } }));
    expect(paragraphs(off)).not.toContain('Made with Letterdesk');
    expect(hrefs(off)).toEqual(['https://letters.example/unsubscribe/the-daily/{{uniqueId}}']);
  });

  it("leaves the credit out when the footer's switch is off; a footer saved before the switch keeps it", async () => {
    const off = await compileColumn(renderFooter(footer({ madeWithCredit: false }), ctx));
    expect(paragraphs(off)).toEqual(['© 2031 The Daily. All rights reserved.', '1 Main St, Springfield, IL 62701', 'Unsubscribe']);
    expect(hrefs(off)).toEqual(['https://letters.example/unsubscribe/the-daily/{{uniqueId}}']);
    const { madeWithCredit: _dropped, ...older } = footer().blockModel;
    const before = await compileColumn(renderFooter({ ...footer(), blockModel: older }, ctx));
    expect(paragraphs(before)).toContain('Made with Letterdesk');
    // On in the footer but off in the channel settings: the channel's word wins.
    const channelOff = await compileColumn(renderFooter(footer({ madeWithCredit: true }), { ...ctx, channel: { ...ctx.channel!, madeWithCredit: false } }));
    expect(paragraphs(channelOff)).not.toContain('Made with Letterdesk');
  });

  it('uses the Iterable merge tag for esp 1', async () => {
    const doc = await compileColumn(renderFooter(footer(), { ...ctx, esp: 1 }));
    expect(hrefs(doc)[0]).toBe('{{unsubscribeUrl}}');
  });

  it('writes Spanish for languageType sp, with the custom name, own address and the behaviour opt-out', async () => {
    const section = footer({
      languageType: 'sp',
      channelName: 'El Diario',
      address: { street: 'Calle 5', city: 'Madrid', state: '', postal: '28001' },
      align: 'right',
    });
    const doc = await compileColumn(renderFooter(section, { ...ctx, isEngagementSegment: true }));
    expect(paragraphs(doc)).toEqual([
      '© 2031 El Diario. Todos los derechos reservados.',
      'Calle 5, Madrid, 28001',
      'Cancelar suscripción · Dejar de recibir correos basados en tu actividad',
      'Hecho con Letterdesk',
    ]);
    expect(hrefs(doc)).toEqual([
      'https://letters.example/unsubscribe/the-daily/{{uniqueId}}',
      'https://letters.example/opt-out/the-daily/{{uniqueId}}',
      'https://letters.example/the-daily',
    ]);
    expect(attr(selectOne('div[style*="text-align:right"]', doc), 'style')).toContain('text-align:right');
  });

  it('keeps every English string paired with a Spanish one', () => {
    expect(Object.keys(FOOTER_TEXT.sp)).toEqual(Object.keys(FOOTER_TEXT.en));
    for (const key of Object.keys(FOOTER_TEXT.en) as (keyof typeof FOOTER_TEXT.en)[]) {
      expect(FOOTER_TEXT.sp[key]).not.toBe(FOOTER_TEXT.en[key]);
    }
  });

  it('shows the channel logo when asked, and can leave the credit out', async () => {
    const doc = await compileColumn(renderFooter(footer({ hasLogo: true }), ctx, { madeWith: false }));
    const img = selectOne('img', doc);
    expect(attr(img, 'src')).toBe('https://cdn.example/logo.png');
    expect(attr(img, 'alt')).toBe('logo for The Daily Title');
    expect(paragraphs(doc)).not.toContain('Made with Letterdesk');
  });

  it('renders only the placeholder text at company level', async () => {
    const doc = await compileColumn(renderFooter(footer({ hasLogo: true }), { ...ctx, isCompanyLevel: true }));
    expect(textContent(doc).trim()).toContain('Footer placeholder');
    expect(selectAll('a', doc)).toHaveLength(0);
    expect(selectAll('img', doc)).toHaveLength(0);
  });

  it('escapes hostile names and addresses and refuses a javascript: logo', async () => {
    const hostileCtx: RenderContext = {
      ...ctx,
      channel: { ...ctx.channel!, logoUrl: 'javascript:alert(1)' },
    };
    const section = footer({
      hasLogo: true,
      channelName: '<script>alert(1)</script>',
      address: { street: '<img src=x onerror=alert(1)>', city: '', state: '', postal: '' },
    });
    const mjml = renderFooter(section, hostileCtx);
    expect(mjml).not.toContain('<script>');
    expect(mjml).not.toContain('<img');
    const doc = await compileColumn(mjml);
    expect(selectAll('script', doc)).toHaveLength(0);
    expect(selectAll('img', doc)).toHaveLength(0);
    expect(paragraphs(doc)[0]).toBe('© 2031 <script>alert(1)</script>. All rights reserved.');
    expect(paragraphs(doc)[1]).toBe('<img src=x onerror=alert(1)>');
  });

  it('falls back to the channel name and fits the BlockRenderer contract', async () => {
    const renderer: BlockRenderer<'footer'> = renderFooter;
    const doc = await compileColumn(renderer(footer({ channelName: '  ' }), { ...ctx, channel: { ...ctx.channel!, contactAddress: null } }));
    expect(paragraphs(doc)[0]).toBe('© 2031 The Daily. All rights reserved.');
    expect(paragraphs(doc)).toHaveLength(3);
  });
});
