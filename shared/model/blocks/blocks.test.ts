import { describe, expect, it } from 'vitest';
import { IterableModelSchema, defaultIterableModel } from './ads';
import { ButtonModelSchema, defaultButtonModel } from './button';
import { defaultDividerModel } from './divider';
import { EventsModelSchema, defaultEventsModel } from './events';
import { CurationModelSchema, defaultCurationModel, defaultNewsModel, defaultRssModel } from './feeds';
import { defaultFooterModel } from './footer';
import { defaultHtmlModel } from './html';
import { ImageModelSchema, defaultImageModel, defaultYoutubeModel, imageWidthOf, logoAlt } from './media';
import { PollModelSchema, defaultPollModel } from './poll';
import { NewPromotionModelSchema, defaultNewPromotionModel, defaultPromotionModel } from './promotion';
import { BLOCK_MODEL_DEFAULTS, BLOCK_MODEL_SCHEMAS, BLOCK_TYPES } from './registry';
import { ProfileModelSchema, defaultProfileModel, defaultShareModel } from './social';
import { defaultHeadingModel, defaultParagraphModel } from './text';

describe('block model registry', () => {
  it('covers the 26 block types of spec 2 §1', () => {
    expect(BLOCK_TYPES).toHaveLength(26);
    expect(new Set(BLOCK_TYPES).size).toBe(26);
    expect(Object.keys(BLOCK_MODEL_SCHEMAS).sort()).toEqual([...BLOCK_TYPES].sort());
    expect(Object.keys(BLOCK_MODEL_DEFAULTS).sort()).toEqual([...BLOCK_TYPES].sort());
  });

  it.each(BLOCK_TYPES)('the default %s model parses with its schema unchanged', (type) => {
    const model = BLOCK_MODEL_DEFAULTS[type]();
    expect(BLOCK_MODEL_SCHEMAS[type].parse(model)).toEqual(model);
  });

  it('makes a fresh default each call', () => {
    const a = defaultButtonModel();
    a.innerPadding.top = 99;
    expect(defaultButtonModel().innerPadding.top).toBe(10);
  });
});

describe('block defaults (spec 2 §3)', () => {
  it('button', () => {
    expect(defaultButtonModel()).toMatchObject({
      value: 'New custom button',
      borderRadius: 3,
      innerPadding: { top: 10, right: 25, bottom: 10, left: 25 },
    });
  });

  it('image, youtube, logo', () => {
    expect(defaultImageModel()).toMatchObject({ width: 300, align: 'center', imageSmartCrop: 'original' });
    expect(defaultYoutubeModel().hasPlayIcon).toBe(true);
    expect(logoAlt('The Daily')).toBe('logo for The Daily');
  });

  it('image width falls back to 300 when a stored image lacks it', () => {
    const { width: _w, ...stored } = defaultImageModel();
    const parsed = ImageModelSchema.parse(stored);
    expect(parsed.width).toBeUndefined();
    expect(imageWidthOf(parsed)).toBe(300);
    expect(imageWidthOf({ ...parsed, width: 120 })).toBe(120);
  });

  it('heading and paragraph', () => {
    expect(defaultHeadingModel()).toEqual({ headingType: 'h1', align: 'left' });
    expect(defaultParagraphModel()).toEqual({ align: 'left' });
  });

  it('poll buttons', () => {
    expect(defaultPollModel()).toMatchObject({
      id: null,
      buttonAlignment: 'full width',
      buttonBackgroundColor: '#1D2D4D',
      buttonTextColor: '#FFFFFF',
      buttonBorderRadius: { topLeft: 3, topRight: 3, bottomLeft: 3, bottomRight: 3 },
      buttonSpacing: 8,
      buttonInnerPadding: { top: 10, right: 12, bottom: 10, left: 12 },
      buttonWidth: 100,
    });
  });

  it('curation, news and rss', () => {
    expect(defaultCurationModel()).toMatchObject({
      itemCount: 1,
      itemOffset: 0,
      imageColumnWidth: 50,
      textColumnWidth: 50,
    });
    expect(defaultNewsModel()).toMatchObject({ itemCount: 10, layoutType: 5, category: 'All' });
    expect(defaultRssModel()).toMatchObject({ offset: 0, link: '' });
  });

  it('events (DECISIONS: margin 0)', () => {
    expect(defaultEventsModel()).toMatchObject({
      callToAction: 'Get tickets',
      priceAndVenueFontSize: 14,
      dateFontSize: 18,
      descriptionFontSize: 18,
      margin: 0,
      layout: 0,
      events: [],
    });
  });

  it('promotions', () => {
    expect(defaultPromotionModel()).toMatchObject({ adTypeId: null, disclaimer: 'Promotion from', displayDisclaimer: true });
    const zoned = defaultNewPromotionModel();
    expect(zoned.zone).toBe(0);
    expect('adTypeId' in zoned).toBe(false);
  });

  it('social, footer, divider, html, iterable', () => {
    expect(defaultProfileModel()).toMatchObject({ align: 'center', gap: 16, models: [] });
    expect(defaultShareModel().models.map((m) => m.name)).toEqual(['whatsapp', 'x', 'facebook', 'reddit', 'linkedin']);
    expect(defaultFooterModel()).toMatchObject({ languageType: 'en' });
    expect(defaultDividerModel()).toEqual({ color: '#000000', style: 'solid', width: 1 });
    expect(defaultHtmlModel()).toEqual({ html: '', isValid: false, isRelaxed: false });
    expect(defaultIterableModel()).toEqual({ templateId: 'demo', campaignId: null });
  });
});

describe('block model schemas reject bad values', () => {
  it('button spacing and width are percents', () => {
    expect(ButtonModelSchema.safeParse({ ...defaultButtonModel(), buttonWidth: 101 }).success).toBe(false);
    expect(ButtonModelSchema.safeParse({ ...defaultButtonModel(), buttonSpacing: -1 }).success).toBe(false);
  });

  it('poll types are 1 to 3', () => {
    expect(PollModelSchema.safeParse({ ...defaultPollModel(), pollType: 4 }).success).toBe(false);
    expect(PollModelSchema.safeParse({ ...defaultPollModel(), pollType: 2 }).success).toBe(true);
  });

  it('curation dates are YYYY-MM-DD, at most start and end', () => {
    const model = defaultCurationModel();
    expect(CurationModelSchema.safeParse({ ...model, dateCurated: ['2024-01-01', '2024-01-31'] }).success).toBe(true);
    expect(CurationModelSchema.safeParse({ ...model, dateCurated: ['01/01/2024'] }).success).toBe(false);
    expect(
      CurationModelSchema.safeParse({ ...model, dateCurated: ['2024-01-01', '2024-01-02', '2024-01-03'] }).success,
    ).toBe(false);
  });

  it('profile entries name a known network', () => {
    const entry = { id: 1, name: 'myspace', url: 'https://myspace.com/x', image: '', text: '' };
    expect(ProfileModelSchema.safeParse({ ...defaultProfileModel(), models: [entry] }).success).toBe(false);
    expect(
      ProfileModelSchema.safeParse({ ...defaultProfileModel(), models: [{ ...entry, name: 'instagram' }] }).success,
    ).toBe(true);
  });

  it('events need a delta for each event part', () => {
    const event = {
      slug: 's',
      src: '',
      heading: 'Gig',
      date: '',
      description: '',
      price: '',
      venue: '',
      link: '',
      buttonText: 'Get tickets',
      buttonDelta: { ops: [] },
      headingDelta: { ops: [] },
      dateDelta: { ops: [] },
      descriptionDelta: { ops: [] },
      priceAndVenueDelta: { ops: [] },
    };
    expect(EventsModelSchema.safeParse({ ...defaultEventsModel(), events: [event] }).success).toBe(true);
    const { headingDelta: _h, ...withoutHeading } = event;
    expect(EventsModelSchema.safeParse({ ...defaultEventsModel(), events: [withoutHeading] }).success).toBe(false);
  });

  it('a new promotion needs a zone; iterable campaign ids are integers', () => {
    const { zone: _z, ...noZone } = defaultNewPromotionModel();
    expect(NewPromotionModelSchema.safeParse(noZone).success).toBe(false);
    expect(IterableModelSchema.safeParse({ templateId: 'demo', campaignId: 1.5 }).success).toBe(false);
  });
});
