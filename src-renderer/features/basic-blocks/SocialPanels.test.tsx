// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { newSection } from '../../../shared/model';
import { chooseOption, renderPanel, retype } from '../../testing/panel-test-support';

afterEach(cleanup);

describe('ProfilePanel', () => {
  it('adds a network, keeps its link on that network, and removes it', async () => {
    const { current } = renderPanel(newSection('profile', 'p'));
    await chooseOption('Add a profile', 'Instagram');
    expect(current().blockModel.models).toEqual([{ id: 'instagram', name: 'instagram', url: '', image: '', text: 'Instagram' }]);
    await retype('Instagram', 'https://facebook.com/letterdesk');
    expect(screen.getByText('Only Instagram links (https) are allowed here.')).toBeTruthy();
    expect(current().blockModel.models[0]?.url).toBe('');
    await retype('Instagram', 'https://www.instagram.com/letterdesk');
    expect(current().blockModel.models[0]?.url).toBe('https://www.instagram.com/letterdesk');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Instagram' }));
    expect(current().blockModel.models).toEqual([]);
  });

  it('X takes twitter.com links too', async () => {
    const { current } = renderPanel(newSection('profile', 'p'));
    await chooseOption('Add a profile', 'X (Twitter)');
    await retype('X (Twitter)', 'https://twitter.com/letterdesk');
    expect(current().blockModel.models[0]?.url).toBe('https://twitter.com/letterdesk');
  });

  it('takes a negative gap as 0 and needs one', async () => {
    const { current } = renderPanel(newSection('profile', 'p'));
    await retype('Gap', '-5');
    expect(current().blockModel.gap).toBe(0);
    await retype('Gap', '24');
    expect(current().blockModel.gap).toBe(24);
    await retype('Gap', '');
    expect(screen.getByText('Gap is required.')).toBeTruthy();
  });

  it('sets display, icon colour and alignment', async () => {
    const { current } = renderPanel(newSection('profile', 'p'));
    await userEvent.click(screen.getByRole('radio', { name: 'Text' }));
    await chooseOption('Icon color', 'Dark gray');
    await userEvent.click(screen.getByRole('radio', { name: 'Left' }));
    expect(current().blockModel).toMatchObject({ display: 1, color: 'dark_gray', align: 'left' });
  });
});

describe('SharePanel', () => {
  it('dismissing a network removes it; it can be added back', async () => {
    const { current } = renderPanel(newSection('share', 's'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove WhatsApp' }));
    expect(current().blockModel.models.map((m) => m.name)).toEqual(['x', 'facebook', 'reddit', 'linkedin']);
    expect(current().blockModel.custom).toBe(true);
    await chooseOption('Add a network', 'WhatsApp');
    expect(current().blockModel.models.map((m) => m.name)).toEqual(['x', 'facebook', 'reddit', 'linkedin', 'whatsapp']);
  });
});
