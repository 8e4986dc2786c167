import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { GeneratePreviewResponseSchema, PREVIEW_UNAVAILABLE_MESSAGE } from '../../shared/contract/platform-delivery';
import type { Letter } from '../../shared/model/letter';
import { defaultLetterSettings } from '../../shared/model/letter-settings';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { LETTER_TEXT, deliveryBlocks, paragraph } from '../testing/delivery-fixtures';
import { channelId, createLetterAs, setStatus, snapshot } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// POST /api/channels/{slug}/letters/{id}/generate-preview: the letter rendered with
// shared/render, the given blocks in place of the stored ones, promotions filled into their
// zones, and nothing written.

let t: TestApp;
let editor: Headers;
let weekly: { brand: string; channel: string; channelId: number };
let letter: Letter;

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
  letter = await createLetterAs(t.app, editor, weekly, {
    title: 'Harbour weekly',
    subtitle: 'Tides, boats and the week ahead',
    blocks: deliveryBlocks({ promotionZone: 2 }),
    settings: JSON.stringify({ ...defaultLetterSettings(), esp_template_id: 'tmpl-42' }),
  });
});
afterAll(async () => {
  await t.close();
});

const preview = (ref: number | string, payload: object = {}, slug = 'weekly') =>
  t.app.inject({ method: 'POST', url: platformPaths.generatePreview(slug, ref), headers: editor, payload });

describe('generate-preview', () => {
  it('renders the stored letter: html, insights and the esp template id, merge tags left for sending', async () => {
    const before = await snapshot(t.db, letter.id!);
    const response = await preview(letter.id!, { letterId: letter.id });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = GeneratePreviewResponseSchema.parse(response.json());
    expect(data.emailTemplate).toMatch(/^<!doctype html>/i);
    expect(data.emailTemplate).toContain(LETTER_TEXT);
    // The subject is the document title and the preview text the hidden preheader.
    expect(data.emailTemplate).toContain('<title>Harbour weekly</title>');
    expect(data.emailTemplate).toContain('Tides, boats and the week ahead');
    // Subscriber tags stay for the sending step; the footer links to this channel's page.
    expect(data.emailTemplate).toContain('{{ first_name | capitalize or &#39;friend&#39; }}');
    expect(data.emailTemplate).toContain('/unsubscribe/weekly/{{uniqueId}}');
    expect(data.emailTemplate).toContain('123 Main Street, New York, NY 10001');
    expect(data.insights.wordCount).toBeGreaterThan(10);
    expect(data.insights.flags.missingUnsubscribe).toBe(false);
    expect(data.insights.weight).toBe('Good');
    expect(data.settings).toEqual({ esp_template_id: 'tmpl-42' });
    expect(await snapshot(t.db, letter.id!)).toEqual(before);
  });

  it('renders the blocks sent instead of the stored ones, as JSON text or as a list, and stores none of them', async () => {
    const before = await snapshot(t.db, letter.id!);
    const sections = [paragraph('p-new', 'Only the unsaved edit.')];
    for (const blocks of [JSON.stringify(sections), sections]) {
      const response = await preview(letter.id!, { blocks });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = GeneratePreviewResponseSchema.parse(response.json());
      expect(data.emailTemplate).toContain('Only the unsaved edit.');
      expect(data.emailTemplate).not.toContain(LETTER_TEXT);
      expect(data.insights.flags.missingUnsubscribe).toBe(true);
    }
    expect(await snapshot(t.db, letter.id!)).toEqual(before);
  });

  it('finds the letter by uniqueId as well, and in any status', async () => {
    const scheduled = await createLetterAs(t.app, editor, weekly, { title: 'Scheduled one', blocks: deliveryBlocks() });
    await setStatus(t.db, scheduled.id!, 2);
    const response = await preview(scheduled.uniqueId);
    expect(response.statusCode, response.body).toBe(200);
    expect(GeneratePreviewResponseSchema.parse(response.json()).data.emailTemplate).toContain('<title>Scheduled one</title>');
  });

  it('fills the promotions it is given into their zone, and leaves other zones for the sending step', async () => {
    const promotions = [
      {
        zone: 2,
        heading: 'Sail with <Acme>',
        content: 'Two boats\nfor one',
        callToAction: 'Book now',
        callToActionUrl: 'https://acme.example/book',
        image: 'javascript:alert(1)',
        promoterDisplayName: 'Acme Boats',
      },
      { zone: 5, heading: 'Not placed in this letter' },
    ];
    const response = await preview(letter.id!, { promotions: JSON.stringify(promotions) });
    expect(response.statusCode, response.body).toBe(200);
    const html = GeneratePreviewResponseSchema.parse(response.json()).data.emailTemplate;
    expect(html).toContain('Sail with &lt;Acme&gt;');
    expect(html).toContain('Two boats<br />for one');
    expect(html).toContain('href="https://acme.example/book"');
    expect(html).toContain('Acme Boats');
    expect(html).not.toContain('{{promotion.zone2.');
    // Only web links reach an href or src.
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('Not placed in this letter');

    const without = await preview(letter.id!);
    expect(GeneratePreviewResponseSchema.parse(without.json()).data.emailTemplate).toContain('{{promotion.zone2.heading}}');
  });

  it('refuses blocks it cannot render with the spec message (400), saying what is wrong', async () => {
    const cases: unknown[] = ['not json', '[{"type":"no-such-block"}]', '{"type":"paragraph"}', [{ type: 'paragraph' }]];
    for (const blocks of cases) {
      const response = await preview(letter.id!, { blocks });
      expect(response.statusCode, `${JSON.stringify(blocks)}: ${response.body}`).toBe(400);
      const body = response.json<{ message: string; errors: { blocks: string[] } }>();
      expect(body.message).toBe(PREVIEW_UNAVAILABLE_MESSAGE);
      expect(body.errors.blocks.length).toBeGreaterThan(0);
    }
  });

  it('refuses a stored letter whose blocks cannot be read with the same message', async () => {
    const broken = await createLetterAs(t.app, editor, weekly, { title: 'Broken' });
    await t.db.updateTable('letters').set({ blocks: '[{"type":"mystery"}]' }).where('id', '=', broken.id!).execute();
    const response = await preview(broken.id!);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(PREVIEW_UNAVAILABLE_MESSAGE);
  });

  it('refuses malformed promotions and a letterId naming another letter (422), and a missing letter (404)', async () => {
    const badJson = await preview(letter.id!, { promotions: '{not json' });
    expect(badJson.statusCode).toBe(422);
    expect(Object.keys(badJson.json<{ errors: object }>().errors)).toEqual(['promotions']);

    expect(badJson.json<{ errors: Record<string, string[]> }>().errors.promotions?.[0]).toContain('JSON');

    const noSlot = await preview(letter.id!, { promotions: [{ heading: 'Where do I go?' }] });
    expect(noSlot.statusCode).toBe(422);
    expect(noSlot.json<{ errors: Record<string, string[]> }>().errors['promotions.0']?.[0]).toContain('zone');

    const notAList = await preview(letter.id!, { promotions: '{"zone":2}' });
    expect(notAList.statusCode).toBe(422);

    const otherLetter = await preview(letter.id!, { letterId: letter.id! + 1000 });
    expect(otherLetter.statusCode).toBe(422);
    expect(otherLetter.json<{ errors: object }>().errors).toHaveProperty('letterId');

    const byUniqueId = await preview(letter.id!, { letterId: letter.uniqueId });
    expect(byUniqueId.statusCode).toBe(200);

    expect((await preview(999_999)).statusCode).toBe(404);
    expect((await preview(letter.id!, {}, 'no-such-channel')).statusCode).toBe(404);
  });

  it('renders a company letter with the footer placeholder', async () => {
    const company = { brand: 'demo', channel: 'company', channelId: await channelId(t.db, 'company') };
    const companyLetter = await createLetterAs(t.app, editor, company, { title: 'All hands', blocks: deliveryBlocks() });
    const response = await preview(companyLetter.id!, {}, 'company');
    expect(response.statusCode, response.body).toBe(200);
    const html = GeneratePreviewResponseSchema.parse(response.json()).data.emailTemplate;
    expect(html).toContain('Footer placeholder');
    expect(html).not.toContain('/unsubscribe/');
  });
});
