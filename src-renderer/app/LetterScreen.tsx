import { VisuallyHidden } from '@mantine/core';
import { useParams } from 'react-router';
import { ComposerPage } from '../features/composer/ComposerPage';
import { useGetLetterQuery } from '../features/composer/composer-api';

/**
 * The letter's screen (composer, schedule step, report): the composer with the screen's one
 * level-one heading, which every other screen has in its frame (axe page-has-heading-one).
 * It is for screen readers only, named by the letter's title as the composer's title field
 * shows it; its text is not the title, so finding the title on the page finds the field's
 * neighbours rather than this. Same query as the composer, so no second fetch.
 */
export function LetterScreen() {
  const { brandSlug = '', channelSlug = '', id = '' } = useParams();
  const { data: letter } = useGetLetterQuery({ brandSlug, channelSlug, id });
  const title = letter?.title.trim() || 'Letter';
  return (
    <>
      <VisuallyHidden component="h1" aria-label={title}>
        Letter
      </VisuallyHidden>
      <ComposerPage />
    </>
  );
}
