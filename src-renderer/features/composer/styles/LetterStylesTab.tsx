import { useParams } from 'react-router';
import { COMPANY_CHANNEL_SLUG } from '../../../../shared/model/channel';
import { DEFAULT_CHANNEL_BACKGROUND_COLOR, DEFAULT_CHANNEL_FONT_COLOR } from '../../../../shared/model/channel-settings';
import { useChannel } from '../../../app/use-channel';
import type { StylesChannel } from '../../../block-kit/styles-context';
import { StylesTab } from './StylesTab';

/** The open letter's channel colours; none at company level, where channel settings do not apply. */
function useLetterChannel(): StylesChannel | null {
  const { brandSlug, channelSlug } = useParams();
  const channel = useChannel(brandSlug, channelSlug);
  if (channel === null || channelSlug === COMPANY_CHANNEL_SLUG) return null;
  // A platform older than the channel settings sends no font or background colour: every channel's defaults.
  return {
    accentColor: channel.accentColor,
    fontColor: channel.fontColor ?? DEFAULT_CHANNEL_FONT_COLOR,
    backgroundColor: channel.backgroundColor ?? DEFAULT_CHANNEL_BACKGROUND_COLOR,
  };
}

/** The Styles tab for the letter open in the composer. */
export function LetterStylesTab({ readOnly }: { readOnly: boolean }) {
  return <StylesTab readOnly={readOnly} channel={useLetterChannel()} />;
}
