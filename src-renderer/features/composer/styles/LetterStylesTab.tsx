import { useParams } from 'react-router';
import { COMPANY_CHANNEL_SLUG } from '../../../../shared/model/channel';
import { useChannel } from '../../../app/use-channel';
import type { StylesChannel } from '../../../block-kit/styles-context';
import { StylesTab } from './StylesTab';

/** The open letter's channel colours; none at company level, where channel settings do not apply. */
function useLetterChannel(): StylesChannel | null {
  const { brandSlug, channelSlug } = useParams();
  const channel = useChannel(brandSlug, channelSlug);
  return channel === null || channelSlug === COMPANY_CHANNEL_SLUG ? null : { accentColor: channel.accentColor };
}

/** The Styles tab for the letter open in the composer. */
export function LetterStylesTab({ readOnly }: { readOnly: boolean }) {
  return <StylesTab readOnly={readOnly} channel={useLetterChannel()} />;
}
