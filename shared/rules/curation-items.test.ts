import { describe, expect, it } from 'vitest';
import type { Aggregate } from '../contract/platform-curation';
import { defaultCurationModel } from '../model/blocks/feeds';
import { LayoutType } from '../model/enums';
import {
  clampItemCount,
  clampItemOffset,
  curationBlockQuery,
  curationItemFromAggregate,
  curationLayoutChoices,
  curationLayoutWidths,
  insertedCurationSection,
} from './curation-items';

const aggregate: Aggregate = {
  id: 7,
  curated: true,
  title: 'New pier opens',
  author: 'Bo Quay',
  excerpt: 'The pier opened on Saturday.',
  image: 'https://harbour.example/pier.jpg',
  originalUrl: 'https://harbour.example/pier',
  // 02:00 UTC on the 3rd is still the 2nd in New York.
  publicationDate: '2026-03-03T02:00:00.000Z',
  siteName: 'Harbour News',
  content: '',
  feedId: 1,
  tags: [],
  categories: [],
};

describe('curated content in letters', () => {
  it("prefixes the author with 'By ' and writes the date 'MMM DD, YYYY' on the organisation's clock", () => {
    expect(curationItemFromAggregate(aggregate, 'America/New_York')).toEqual({
      id: 7,
      title: 'New pier opens',
      author: 'By Bo Quay',
      excerpt: 'The pier opened on Saturday.',
      publicationDate: 'Mar 02, 2026',
      siteName: 'Harbour News',
      image: 'https://harbour.example/pier.jpg',
      link: 'https://harbour.example/pier',
      content: '',
    });
    expect(curationItemFromAggregate({ ...aggregate, author: ' ' }, 'UTC').author).toBe('');
    expect(curationItemFromAggregate({ ...aggregate, content: '<p>The whole post.</p>' }, 'UTC').content).toBe('<p>The whole post.</p>');
  });

  it('inserts with layout 5 and the image; layout 6 turns the image off; no image means layout 6', () => {
    const five = insertedCurationSection(aggregate, { uniqueId: 's1', zone: 'UTC' });
    expect(five).toMatchObject({ uniqueId: 's1', type: 'curation', layoutType: LayoutType.imageTopParagraphBottom });
    expect(five.blockModel).toMatchObject({ hasImage: true, image: aggregate.image, link: aggregate.originalUrl, author: 'By Bo Quay', itemCount: 0 });
    const six = insertedCurationSection(aggregate, { uniqueId: 's2', zone: 'UTC', layoutType: LayoutType.paragraphOnly });
    expect(six.blockModel).toMatchObject({ hasImage: false, textColumnWidth: 100 });
    const bare = insertedCurationSection({ ...aggregate, image: '' }, { uniqueId: 's3', zone: 'UTC' });
    expect(bare.layoutType).toBe(LayoutType.paragraphOnly);
    expect(bare.blockModel).toMatchObject({ imageColumnWidth: 100, textColumnWidth: 100 });
  });

  it('builds the block query: curated items, count and skip clamped, days or exact dates', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const model = { ...defaultCurationModel(), itemCount: 3, itemOffset: 2, daysToDisplay: 7, keyword: ' pier ', tags: [{ id: 4, name: 'Maritime' }] };
    expect(curationBlockQuery(model, 'UTC', now)).toEqual({
      curated: 1,
      keyword: 'pier',
      feeds: [],
      tags: [4],
      categories: [],
      sites: [],
      types: [],
      page: 1,
      perPage: 3,
      skip: 2,
      curatedStart: '2026-03-04',
    });
    expect(curationBlockQuery({ ...model, daysToDisplay: 0 }, 'UTC', now)).not.toHaveProperty('curatedStart');
    expect(curationBlockQuery({ ...model, useExactDates: true, dateCurated: ['2026-03-01', '2026-03-02'] }, 'UTC', now)).toMatchObject({
      curatedStart: '2026-03-01',
      curatedEnd: '2026-03-02',
    });
    expect(curationBlockQuery({ ...model, itemCount: 0 }, 'UTC', now)).toBeNull();
    expect(curationBlockQuery(model, 'UTC', now, 'newrss')?.types).toEqual([4]);
    expect(curationBlockQuery(model, 'UTC', now, 'wordpress')?.types).toEqual([3]);
    expect([clampItemCount(15), clampItemCount(-1), clampItemCount(4)]).toEqual([10, 0, 4]);
    expect([clampItemOffset(25), clampItemOffset(-3), clampItemOffset(19)]).toEqual([19, 0, 19]);
  });

  it("asks for the posts' whole bodies only in the 'Full content' layout", () => {
    const model = { ...defaultCurationModel(), itemCount: 2 };
    const now = new Date('2026-03-10T12:00:00Z');
    expect(curationBlockQuery(model, 'UTC', now, 'wordpress', LayoutType.fullContent)).toMatchObject({ withContent: 1, types: [3] });
    expect(curationBlockQuery(model, 'UTC', now, 'wordpress', LayoutType.paragraphOnly)).not.toHaveProperty('withContent');
    expect(curationBlockQuery(model, 'UTC', now, 'wordpress')).not.toHaveProperty('withContent');
  });

  it("offers 'Full content' to a WordPress block without a link only (spec 2 §4)", () => {
    const model = defaultCurationModel();
    const values = (choices: readonly { value: number }[]) => choices.map((c) => c.value);
    expect(values(curationLayoutChoices(model, false, 'wordpress'))).toContain(LayoutType.fullContent);
    expect(curationLayoutChoices(model, false, 'wordpress').find((c) => c.value === LayoutType.fullContent)?.label).toBe('Full content');
    expect(values(curationLayoutChoices({ ...model, link: 'https://blog.example/post' }, false, 'wordpress'))).not.toContain(LayoutType.fullContent);
    expect(values(curationLayoutChoices(model, false, 'curation'))).not.toContain(LayoutType.fullContent);
    expect(values(curationLayoutChoices(model, false, 'newrss'))).not.toContain(LayoutType.fullContent);
    // Edited text without an image still limits the choice to text only.
    expect(values(curationLayoutChoices({ ...model, title: 'A post' }, true, 'wordpress'))).toEqual([LayoutType.paragraphOnly]);
    expect(curationLayoutWidths(LayoutType.fullContent)).toEqual({ imageColumnWidth: 50, textColumnWidth: 100, hasImage: false });
  });
});
