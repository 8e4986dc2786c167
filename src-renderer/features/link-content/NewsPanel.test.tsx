// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import { newSection } from '../../../shared/model';
import { NEWS_EMPTY_MESSAGE, NEWS_EXCLUSIVE_HINT } from '../../../shared/rules/news-search';
import { chooseOption, renderPanel, retype } from '../../testing/panel-test-support';

// The news block's panel over the bridge: the stand-in for the core answers the search.

let asked: Array<Record<string, unknown>> = [];
let articles: unknown[] = [];

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    if (channel === 'linkContent.newsSources') return { ok: true, data: { items: [{ id: 'tide', name: 'Tide' }] } } as never;
    if (channel !== 'linkContent.news') return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
    asked.push(input as Record<string, unknown>);
    return { ok: true, data: { items: articles } } as never;
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  asked = [];
  articles = [{ title: 'Harbour reopens', description: 'After the storm.', url: 'https://n.example/1', image: null, author: null, publishedAt: null, sourceName: 'Tide' }];
});
afterEach(cleanup);

const loadButton = () => screen.getByRole('button', { name: 'Load' }) as HTMLButtonElement;

describe('NewsPanel', () => {
  it('keeps Load disabled without a keyword or source, and shows the exclusivity hint', async () => {
    renderPanel(newSection('news', 'n'), {}, true);
    expect(loadButton().disabled).toBe(true);
    expect(screen.getByText(NEWS_EXCLUSIVE_HINT)).toBeTruthy();
    await retype('Keyword', 'harbour');
    expect(loadButton().disabled).toBe(false);
  });

  it('disables sources once a category is chosen', async () => {
    const { current } = renderPanel(newSection('news', 'n'), {}, true);
    await chooseOption('Category', 'Business');
    expect(current().blockModel.category).toBe('business');
    expect((screen.getByLabelText('Sources', { selector: 'input' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('loads the articles into the block text', async () => {
    const { current, user } = renderPanel(newSection('news', 'n'), {}, true);
    await retype('Keyword', 'harbour');
    await user.click(loadButton());
    await waitFor(() => expect(current().delta.ops.length).toBeGreaterThan(0));
    expect(asked).toEqual([{ channelSlug: 'weekly', keyword: 'harbour', category: 'All', sources: '', count: 10 }]);
    expect(current().delta.ops[0]).toEqual({ insert: 'Harbour reopens', attributes: { bold: true, link: 'https://n.example/1' } });
  });

  it('shows the spec message when nothing is found, and keeps the block as it was', async () => {
    articles = [];
    const { current, user } = renderPanel(newSection('news', 'n'), {}, true);
    await retype('Keyword', 'nothing');
    await user.click(loadButton());
    expect(await screen.findByText(NEWS_EMPTY_MESSAGE)).toBeTruthy();
    expect(current().delta.ops).toEqual([]);
  });
});
