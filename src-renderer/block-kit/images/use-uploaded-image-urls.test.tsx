// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge, EventName } from '../../../shared/contract/bridge';
import { newSection, type Section } from '../../../shared/model';
import { createAppStore } from '../../app/store';
import { letterOpened } from '../composer-slice';
import { sectionsWithUploadedUrls, useUploadedImageUrls } from './use-uploaded-image-urls';

// An open composer takes the platform's URLs of images that were picked offline, so its
// next save does not bring the local ones back.

const LOCAL = '/local-images/0123456789abcdef0123456789abcdef/square.png';
const LOCAL_ORIGINAL = '/local-images/0123456789abcdef0123456789abcdef/original.png';
const URLS = { [LOCAL]: 'https://platform.example/media/a.png', [LOCAL_ORIGINAL]: 'https://platform.example/media/b.png' };

const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
const fakeBridge: Bridge = {
  invoke: async () => ({ ok: false, error: { code: 'internal', message: 'unexpected' } }),
  on(event, listener) {
    const set = listeners.get(event) ?? new Set();
    set.add(listener as (payload: unknown) => void);
    listeners.set(event, set);
    return () => set.delete(listener as (payload: unknown) => void);
  },
};
const emit = (event: EventName, payload: unknown) => listeners.get(event)?.forEach((listener) => listener(payload));

beforeAll(() => {
  window.bridge = fakeBridge;
});
afterAll(() => {
  delete (window as { bridge?: Bridge }).bridge;
});
afterEach(cleanup);

function imageSection(id: string, src: string, originalSrc: string): Section {
  const section = newSection('image', id);
  section.blockModel = { ...section.blockModel, src, originalSrc };
  return section;
}

function Probe() {
  useUploadedImageUrls();
  return null;
}

describe('sectionsWithUploadedUrls', () => {
  it('answers only the sections that show a local URL, with the platform URLs in place', () => {
    const heading = newSection('heading', 'h');
    const [changed, ...rest] = sectionsWithUploadedUrls([heading, imageSection('i', LOCAL, LOCAL_ORIGINAL)], URLS);
    expect(rest).toEqual([]);
    expect(changed).toMatchObject({ uniqueId: 'i', blockModel: { src: URLS[LOCAL], originalSrc: URLS[LOCAL_ORIGINAL] } });
  });
});

describe('useUploadedImageUrls', () => {
  it("replaces the URLs in the open letter's sections, and leaves other letters alone", () => {
    const store = createAppStore();
    store.dispatch(letterOpened({ letterUniqueId: 'letter-1', sections: [imageSection('i', LOCAL, LOCAL_ORIGINAL)] }));
    render(
      <Provider store={store}>
        <Probe />
      </Provider>,
    );
    emit('images.uploaded', { letterUniqueId: 'another-letter', urls: URLS });
    expect(store.getState().composer.present[0]).toMatchObject({ blockModel: { src: LOCAL } });

    emit('images.uploaded', { letterUniqueId: 'letter-1', urls: URLS });
    expect(store.getState().composer.present[0]).toMatchObject({ blockModel: { src: URLS[LOCAL], originalSrc: URLS[LOCAL_ORIGINAL] } });
    // A change like any other: the composer saves it.
    expect(store.getState().composer.revision).toBeGreaterThan(0);
  });
});
