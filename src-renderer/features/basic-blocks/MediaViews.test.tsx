// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { newSection, type Channel, type SectionOf } from '../../../shared/model';
import { sessionApi } from '../../app/session-api';
import { renderWith } from '../../testing/composer-test-support';
import { storeWithApi } from '../../testing/panel-test-support';
import { LogoView, YoutubeView } from './BasicBlockViews';

// The canvas's logo and YouTube blocks: what the email will show, in the room it will take.

afterEach(cleanup);

const LOGO = 'https://cdn.example/weekly-square.png';

/** A store whose session holds the Weekly channel with the given logo. */
async function storeWithChannel(channelSquareLogo: string | null) {
  const store = storeWithApi([]);
  const channel = channelOf(channelSquareLogo);
  await store.dispatch(
    sessionApi.util.upsertQueryData('getSession', undefined, {
      mode: 'embedded',
      platformUrl: 'http://127.0.0.1:1',
      signedIn: true,
      user: null,
      organizations: [{ id: 1, slug: 'demo', name: 'Demo', role: 'owner', channels: [channel] }],
    }),
  );
  return store;
}

function channelOf(channelSquareLogo: string | null): Channel {
  return { id: 1, title: 'Weekly', channelSlug: 'weekly', brandId: 1, brandSlug: 'demo', accentColor: '#123456', defaultStyleBaseFontSize: 16, channelSquareLogo, channelName: 'Weekly', timezone: { tzCode: 'UTC' }, esp: 0 };
}

const logo = (src = '') => {
  const section = newSection('logo', 'logo') as SectionOf<'logo'>;
  return { ...section, blockModel: { ...section.blockModel, src } };
};

describe('LogoView', () => {
  it("shows the channel's logo when the block has no image of its own", async () => {
    renderWith(<LogoView section={logo()} letter={{ brandSlug: 'demo', channelSlug: 'weekly' }} />, await storeWithChannel(LOGO));
    const image = screen.getByRole('img', { name: 'logo for Weekly' });
    expect(image.getAttribute('src')).toBe(LOGO);
    expect(screen.queryByText('Logo placeholder')).toBeNull();
  });

  it("prefers the block's own image, and is a placeholder when neither has one or at company level", async () => {
    renderWith(<LogoView section={logo('https://cdn.example/own.png')} letter={{ brandSlug: 'demo', channelSlug: 'weekly' }} />, await storeWithChannel(LOGO));
    expect(screen.getByRole('img').getAttribute('src')).toBe('https://cdn.example/own.png');
    cleanup();
    renderWith(<LogoView section={logo()} letter={{ brandSlug: 'demo', channelSlug: 'weekly' }} />, await storeWithChannel(null));
    expect(screen.getByText('Logo placeholder')).toBeTruthy();
    cleanup();
    renderWith(<LogoView section={logo()} letter={{ brandSlug: 'demo', channelSlug: 'company' }} />, await storeWithChannel(LOGO));
    expect(screen.getByText('Logo placeholder')).toBeTruthy();
  });
});

describe('YoutubeView', () => {
  const video = (fields: Partial<SectionOf<'youtube'>['blockModel']>) => {
    const section = newSection('youtube', 'yt') as SectionOf<'youtube'>;
    return { ...section, blockModel: { ...section.blockModel, ...fields } };
  };

  it('keeps the video shape with the play icon inside it when the thumbnail does not load', () => {
    renderWith(<YoutubeView section={video({ src: 'https://img.youtube.com/vi/none/hqdefault.jpg', hasPlayIcon: true })} />);
    const box = screen.getByRole('img', { name: 'Video thumbnail' });
    expect(box.style.aspectRatio).toBe('16 / 9');
    expect(box.style.overflow).toBe('hidden');
    const thumbnail = box.querySelector('img')!;
    fireEvent.error(thumbnail);
    expect(box.querySelector('img')).toBeNull();
    // The icon is a child of the clipped box, so it cannot float over the settings panel.
    expect(box.textContent).toBe('▶');
  });

  it('is a placeholder before it has a link', () => {
    renderWith(<YoutubeView section={video({ src: '' })} />);
    expect(screen.getByText('YouTube placeholder')).toBeTruthy();
  });
});
