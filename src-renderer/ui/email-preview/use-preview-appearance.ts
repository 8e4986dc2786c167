import { useSessionStorage } from '@mantine/hooks';
import { isPreviewAppearance, type PreviewAppearance } from './dark-appearance';

/** The preview's appearance, kept for the session: every letter opened afterwards previews the same way. */
export function usePreviewAppearance(): [PreviewAppearance, (appearance: PreviewAppearance) => void] {
  const [stored, setStored] = useSessionStorage<string>({ key: 'letterdesk.preview-appearance', defaultValue: 'light', getInitialValueInEffect: false });
  return [isPreviewAppearance(stored) ? stored : 'light', setStored];
}
