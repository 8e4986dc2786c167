// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { newSection } from '../../../shared/model';
import { ALT_QUOTES_EMPTIED_MESSAGE } from '../../../shared/rules/image-settings';
import { YOUTUBE_LINK_MESSAGE } from '../../../shared/rules/youtube';
import { renderPanel, retype } from '../../testing/panel-test-support';

afterEach(cleanup);

const afterDebounce = () => act(() => new Promise((resolve) => setTimeout(resolve, 350)));

describe('YoutubePanel', () => {
  it('takes the thumbnail from the video id of a valid link', async () => {
    const { current } = renderPanel(newSection('youtube', 'y'));
    await retype('YouTube link', 'https://youtu.be/dQw4w9WgXcQ');
    await afterDebounce();
    expect(current().blockModel).toMatchObject({
      link: 'https://youtu.be/dQw4w9WgXcQ',
      src: 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      originalSrc: 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
    expect(screen.getByRole('img', { name: 'Video thumbnail' })).toBeTruthy();
  });

  it('refuses a link that is not a YouTube video', async () => {
    const { current } = renderPanel(newSection('youtube', 'y'));
    await retype('YouTube link', 'https://vimeo.com/123');
    await afterDebounce();
    expect(screen.getByText(YOUTUBE_LINK_MESSAGE)).toBeTruthy();
    expect(current().blockModel.link).toBe('');
  });

  it('switches the play icon', async () => {
    const { current } = renderPanel(newSection('youtube', 'y'));
    await userEvent.click(screen.getByRole('switch', { name: 'Play icon' }));
    expect(current().blockModel.hasPlayIcon).toBe(false);
  });

  it('leaves a quoted alt text empty and says so, where the image panel refuses it (spec 2 §5)', async () => {
    const { current } = renderPanel(newSection('youtube', 'y'));
    await retype('Alt text', 'A "great" video');
    await afterDebounce();
    expect(screen.getByText(ALT_QUOTES_EMPTIED_MESSAGE)).toBeTruthy();
    expect(current().blockModel.alt).toBe('');
    await retype('Alt text', 'A great video');
    await afterDebounce();
    expect(current().blockModel.alt).toBe('A great video');
    expect(screen.queryByText(ALT_QUOTES_EMPTIED_MESSAGE)).toBeNull();
  });
});
