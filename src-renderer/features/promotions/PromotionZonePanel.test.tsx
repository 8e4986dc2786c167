// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import { newSection, type Section, type SectionOf } from '../../../shared/model';
import { renderPanel } from '../../testing/panel-test-support';

// The zone block's panel in a real composer store: zones come from the organization's ad
// types (two here), a zone another block holds is not offered, and the disclaimer rules.

const adType = (id: number, zone: number) => ({
  id,
  organizationSlug: 'demo',
  title: `Type ${id}`,
  templateId: null,
  hasHeading: true,
  hasContent: true,
  hasImage: true,
  hasCallToActionUrl: true,
  headingCharacterCount: 50,
  contentCharacterCount: 600,
  callToActionCharacterCount: 50,
  imageWidth: 300,
  imageHeight: 300,
  inventory: 1,
  positionManual: 1,
  position: 0,
  zone,
});

const bridge: Bridge = {
  invoke: async (channel) => {
    if (channel === 'promotions.adTypes') return { ok: true, data: { items: [adType(1, 1), adType(2, 2)], total: 2 } } as never;
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = bridge;
});
afterEach(cleanup);

async function retype(text: string): Promise<HTMLInputElement> {
  const field = screen.getByLabelText(/^Disclaimer/) as HTMLInputElement;
  await userEvent.clear(field);
  if (text !== '') await userEvent.paste(text);
  return field;
}

function zoneBlock(id: string, zone: number): SectionOf<'newpromotion'> {
  const block = newSection('newpromotion', id);
  return { ...block, blockModel: { ...block.blockModel, zone } };
}

describe('the zone promotion panel', () => {
  it('asks for a zone and offers only the zones no other block holds', async () => {
    const { current, store } = renderPanel(zoneBlock('z', 0), {}, true);
    store.dispatch({ type: 'composer/sectionAdded', payload: { type: 'newpromotion' } });
    const other = store.getState().composer.present.find((s: Section) => s.type === 'newpromotion' && s.uniqueId !== 'z')!;
    store.dispatch({ type: 'composer/sectionChanged', payload: { section: { ...other, blockModel: { ...other.blockModel, zone: 1 } }, field: 'zone' } });
    expect(screen.getByText('Select a zone.')).toBeTruthy();
    await userEvent.click(screen.getAllByLabelText(/^Zone/).find((el) => el.tagName === 'INPUT')!);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Zone 2' })).toBeTruthy());
    expect(screen.queryByRole('option', { name: 'Zone 1' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'Zone 2' }));
    expect(current().blockModel).toMatchObject({ zone: 2, title: 'Zone 2' });
  });

  it('strips quotes from the disclaimer and refuses an empty one', async () => {
    const { current } = renderPanel(zoneBlock('z', 1), {}, true);
    const field = await retype('Paid "by" us');
    expect(field.value).toBe('Paid by us');
    expect(current().blockModel.disclaimer).toBe('Paid by us');
    await retype('');
    expect(screen.getByText('The disclaimer is required.')).toBeTruthy();
    expect(current().blockModel.disclaimer).toBe('Paid by us');
  });
});
