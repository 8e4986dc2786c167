import { useEffect } from 'react';
import { useDispatch, useStore } from 'react-redux';
import type { Section } from '../../../shared/model';
import { replaceImageUrls } from '../../../shared/rules/image-upload';
import { getBridge } from '../../app/bridge';
import type { RootState } from '../../app/store';
import { sectionChanged } from '../composer-slice';

/**
 * Sections of `sections` that show any of `urls`' local addresses, with the platform's
 * addresses in their place (nested blocks included); the others are left out.
 */
export function sectionsWithUploadedUrls(sections: readonly Section[], urls: Readonly<Record<string, string>>): Section[] {
  const changed: Section[] = [];
  for (const section of sections) {
    const json = JSON.stringify(section);
    const replaced = replaceImageUrls(json, urls);
    if (replaced !== json) changed.push(JSON.parse(replaced) as Section);
  }
  return changed;
}

/**
 * While the composer is open: when images picked offline reach the platform, the core has
 * already replaced their local URLs in the stored letter; the canvas replaces them too, so
 * its next save does not bring the local ones back. Mounted once by the composer.
 */
export function useUploadedImageUrls(): void {
  const dispatch = useDispatch();
  const store = useStore<RootState>();
  useEffect(
    () =>
      getBridge().on('images.uploaded', ({ letterUniqueId, urls }) => {
        const composer = store.getState().composer;
        if (composer.letterUniqueId !== letterUniqueId) return;
        for (const section of sectionsWithUploadedUrls(composer.present, urls)) dispatch(sectionChanged({ section }));
      }),
    [dispatch, store],
  );
}
