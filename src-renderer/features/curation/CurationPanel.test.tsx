// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import type { Aggregate } from '../../../shared/contract/platform-curation';
import { NO_AGGREGATES_MESSAGE } from '../../../shared/contract/platform-curation';
import { newSection } from '../../../shared/model';
import type { SectionOf } from '../../../shared/model';
import { renderPanel, retype } from '../../testing/panel-test-support';
import { LOAD_NEEDS_CONNECTION } from './CurationPanel';

// The Curations block panel with the core standing in at the window.bridge boundary: the
// platform answers with two curated articles, or is out of reach, or finds nothing.

const pier: Aggregate = {
  id: 7,
  curated: true,
  title: 'New pier opens',
  author: 'Bo Quay',
  excerpt: '',
  image: '',
  originalUrl: 'https://harbour.example/pier',
  publicationDate: '2026-03-03T10:00:00.000Z',
  siteName: 'Harbour News',
  content: '',
  feedId: 1,
  tags: [],
  categories: [],
};
let answer: 'items' | 'offline' | 'none' = 'items';
const asked: unknown[] = [];
let flags: string[] = [];
const tagCalls: unknown[] = [];

beforeAll(() => {
  window.bridge = {
    async invoke(channel, input) {
      if (channel === 'featureFlags.get') return { ok: true, data: Object.fromEntries(flags.map((flag) => [flag, true])) } as never;
      if (channel === 'curation.siteNames') return { ok: true, data: { items: ['Harbour News'] } } as never;
      if (channel === 'curation.categories') return { ok: true, data: { items: [{ id: 3, name: 'Tides' }], total: 1 } } as never;
      if (channel === 'curation.tags') {
        tagCalls.push(input);
        return { ok: true, data: { items: [{ id: 4, name: 'Maritime' }], total: 1 } } as never;
      }
      if (channel !== 'curation.aggregates') return { ok: false, error: { code: 'offline', message: 'Curation needs a connection to the platform.' } };
      asked.push(input);
      if (answer === 'offline') return { ok: false, error: { code: 'offline', message: 'Curation needs a connection to the platform.' } };
      // Like the platform, bodies come only when the query asks for them.
      const content = (input as { query: { withContent?: number } }).query.withContent === 1 ? '<p>The whole post.</p>' : '';
      const items = answer === 'items' ? [{ ...pier, content }, { ...pier, id: 8, title: 'Tide tables', author: '', content }] : [];
      return { ok: true, data: { items, total: items.length, pendingCurated: 0 } } as never;
    },
    on: () => () => {},
  } satisfies Bridge;
});
afterAll(() => {
  delete (window as { bridge?: Bridge }).bridge;
});
afterEach(cleanup);

async function choose(user: { click: (element: Element) => Promise<void> }, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(screen.getByRole('option', { name: option }));
}

const has = (label: string) => screen.queryAllByLabelText(label).length > 0;

const curation = (): SectionOf<'curation'> => {
  const section = newSection('curation', 'c1');
  return { ...section, blockModel: { ...section.blockModel, title: 'Inserted', excerpt: 'Text', image: '' } };
};

describe('CurationPanel', () => {
  it('shows Categories only with the IAB categories flag; with global curation tags, company tags and no Tags filter until a source is chosen', async () => {
    flags = [];
    renderPanel(curation(), {}, true);
    await waitFor(() => expect(tagCalls.at(-1)).toMatchObject({ includeCompanyTags: false }));
    expect(has('Categories')).toBe(false);
    expect(has('Tags')).toBe(true);
    cleanup();

    flags = ['iabCategoriesFilter', 'globalCurationTags'];
    const { current, user } = renderPanel(curation(), {}, true);
    await waitFor(() => expect(has('Categories')).toBe(true));
    expect(has('Tags')).toBe(false);
    expect(has('Feeds')).toBe(true);
    await user.click(screen.getAllByLabelText('Sources')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Harbour News' }));
    expect(current().blockModel.sources.map((source) => source.name)).toEqual(['Harbour News']);
    await waitFor(() => expect(has('Tags')).toBe(true));
    expect(tagCalls.at(-1)).toMatchObject({ includeCompanyTags: true });
    flags = [];
  });

  it('disables the display switches of parts the block has nothing for', () => {
    renderPanel(curation(), {}, true);
    expect(screen.getByRole('switch', { name: 'Title' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('switch', { name: 'Image' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('switch', { name: 'Author' }).hasAttribute('disabled')).toBe(true);
  });

  it('offers 1 to 20 items and ignores more than 10; skip 0 to 19', async () => {
    const { current, user } = renderPanel(curation(), {}, true);
    await choose(user, 'Items to show', '15');
    expect(current().blockModel.itemCount).toBe(1);
    await choose(user, 'Items to show', '10');
    expect(current().blockModel.itemCount).toBe(10);
    await user.click(screen.getByRole('combobox', { name: 'Skip' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    await user.click(screen.getByRole('option', { name: '19' }));
    expect(current().blockModel.itemOffset).toBe(19);
  });

  it('sets the image corner radius and the title and excerpt colours', async () => {
    const { current, user } = renderPanel(curation(), {}, true);
    await retype('Image corner radius', '8');
    expect(current().blockModel.borderRadius).toBe(8);
    await retype('Title color', '#336699');
    expect(current().blockModel.titleSettings.color).toBe('#336699');
    await user.click(screen.getByRole('radio', { name: 'Excerpt' }));
    await retype('Excerpt color', '#112233');
    expect(current().blockModel.excerptSettings.color).toBe('#112233');
    expect(current().blockModel.excerptColor).toBe('#112233');
  });

  it("sets each part's font, size, line height and alignment, the smart crop, and the link and accent colours", async () => {
    const { current, user } = renderPanel(curation(), {}, true);
    await retype('Title font size', '3');
    expect(current().blockModel.titleSettings.fontSize).toBe(24);
    await retype('Title font size', '30');
    expect(current().blockModel.titleSettings.fontSize).toBe(30);
    await user.click(screen.getByRole('radio', { name: 'Author' }));
    await retype('Author line height', '1.8');
    expect(current().blockModel.authorSettings.lineHeight).toBe(1.8);
    await choose(user, 'Author font', 'Georgia');
    expect(current().blockModel.authorSettings.font).toBe('Georgia');
    await user.click(screen.getByRole('radio', { name: 'Date' }));
    await user.click(screen.getByRole('radio', { name: 'Right' }));
    expect(current().blockModel.publicationDateSettings.alignment).toBe('right');
    // The source is drawn in the accent colour: it has no colour field of its own.
    await user.click(screen.getByRole('radio', { name: 'Source' }));
    expect(screen.queryByRole('textbox', { name: 'Source color' })).toBeNull();
    await choose(user, 'Image crop', 'Circle');
    expect(current().blockModel.imageSettings.imageSmartCrop).toBe('circle');
    await retype('Link color', '#228833');
    expect(current().blockModel.linkColor).toBe('#228833');
    await retype('Accent color', '#AA3300');
    expect(current().blockModel.accentColor).toBe('#AA3300');
    expect(current().blockModel.titleSettings.fontSize).toBe(30);
  });

  it("loads the query's curated items into the section, and says when it needs a connection or found nothing", async () => {
    const { current, user } = renderPanel(curation(), {}, true);
    await choose(user, 'Items to show', '2');
    await user.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(current().blockModel.items.map((i) => i.title)).toEqual(['New pier opens', 'Tide tables']));
    expect(current().blockModel.items[0]!.author).toBe('By Bo Quay');
    expect(asked.at(-1)).toMatchObject({ brandSlug: 'demo', channelSlug: 'weekly', query: { curated: 1, perPage: 2 } });
    // With items loaded, a part any item has can be switched.
    expect(screen.getByRole('switch', { name: 'Author' }).hasAttribute('disabled')).toBe(false);

    answer = 'offline';
    await user.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.getByText(LOAD_NEEDS_CONNECTION)).toBeTruthy());
    expect(current().blockModel.items).toHaveLength(2);

    answer = 'none';
    await user.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.getByText(NO_AGGREGATES_MESSAGE)).toBeTruthy());
    expect(current().blockModel.items).toHaveLength(0);
  });

  it("offers 'Full content' to a WordPress block only, and loads the posts' bodies when it is chosen", async () => {
    answer = 'items';
    const layouts = async (user: { click: (element: Element) => Promise<void> }) => {
      await user.click(screen.getByRole('combobox', { name: 'Layout' }));
      const names = screen.getAllByRole('option').map((o) => o.textContent);
      await user.click(screen.getByRole('combobox', { name: 'Layout' }));
      return names;
    };
    const plain = renderPanel(curation(), {}, true);
    expect(await layouts(plain.user)).not.toContain('Full content');
    cleanup();

    const wordpress = newSection('wordpress', 'w1');
    const { current, user } = renderPanel(wordpress, {}, true);
    expect(await layouts(user)).toContain('Full content');
    await choose(user, 'Items to show', '2');
    await user.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(current().blockModel.items).toHaveLength(2));
    expect(current().blockModel.items[0]!.content).toBe('');

    await choose(user, 'Layout', 'Full content');
    expect(current().layoutType).toBe(8);
    await waitFor(() => expect(current().blockModel.items[0]!.content).toBe('<p>The whole post.</p>'));
    expect(asked.at(-1)).toMatchObject({ query: { withContent: 1, types: [3] } });
    expect(screen.getByRole('note').textContent).toBe("Full content puts each post's whole text in the letter. A post whose feed gives only an excerpt shows its excerpt.");

    // Leaving full content drops the bodies the letter no longer shows.
    await choose(user, 'Layout', 'Text only');
    expect(current().blockModel.items.map((item) => item.content)).toEqual(['', '']);
  });

  it("names the spans in weeks past six days, the date part 'Date published', and says where feeds are kept", async () => {
    const { user } = renderPanel(curation(), {}, true);
    await user.click(screen.getByRole('combobox', { name: 'Days to display' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['1 day', '2 days', '3 days', '4 days', '5 days', '6 days', '1 week', '2 weeks', '4 weeks', 'All days']);
    expect(screen.getByRole('switch', { name: 'Date published' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Published date' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Curation screen' }).getAttribute('href')).toBe('/organizations/demo/channels/weekly/curation');
  });

  it('offers the website (Sources) filter below company level only', () => {
    renderPanel(curation(), {}, true);
    expect(screen.getAllByLabelText('Sources').length).toBeGreaterThan(0);
    cleanup();
    renderPanel(curation(), { letter: { uniqueId: 'letter-1', brandSlug: 'demo', channelSlug: 'company' } }, true);
    expect(screen.queryAllByLabelText('Sources')).toEqual([]);
  });

  it('splits image and text with the layout width slider, 1–100 clamped to 20–80; stacked layouts cannot be split', async () => {
    flags = [];
    const { current, user } = renderPanel(curation(), {}, true);
    const widths = () => [current().blockModel.imageColumnWidth, current().blockModel.textColumnWidth];
    const slider = screen.getByRole('slider', { name: 'Image column width' });
    expect([slider.getAttribute('aria-valuemin'), slider.getAttribute('aria-valuemax')]).toEqual(['1', '100']);
    slider.focus();
    await user.keyboard('{ArrowLeft}');
    expect(widths()).toEqual([49, 51]);
    await user.keyboard('{Home}');
    expect(widths()).toEqual([20, 80]);
    await user.keyboard('{End}');
    expect(widths()).toEqual([80, 20]);
    cleanup();
    const stacked = curation();
    renderPanel({ ...stacked, blockModel: { ...stacked.blockModel, imageColumnWidth: 100, textColumnWidth: 100 } }, {}, true);
    expect(screen.getByRole('slider', { name: 'Image column width' }).getAttribute('data-disabled')).toBe('true');
  });
});
