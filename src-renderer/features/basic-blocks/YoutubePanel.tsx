import { Stack, Switch } from '@mantine/core';
import type { SectionOf } from '../../../shared/model';
import { IMAGE_SETTINGS_DEBOUNCE_MS, checkAltTextOrEmpty } from '../../../shared/rules/image-settings';
import { checkYoutubeLink, youtubeThumbnailUrl, youtubeVideoId } from '../../../shared/rules/youtube';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { RuleField } from '../../block-kit/fields/RuleField';
import { ImageFields } from './ImageFields';
import { VideoThumbnail } from './VideoThumbnail';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps, type SectionEdit } from '../../block-kit/section-edit';

// The YouTube block (spec 2 §4): a video link whose id gives the thumbnail (the block's
// image), the play icon drawn over it, then the image settings.

/** The link and the thumbnail of its video (none without a video). */
function setVideoLink(edit: SectionEdit, link: string) {
  const videoId = youtubeVideoId(link);
  const src = videoId ? youtubeThumbnailUrl(videoId) : '';
  setModel(edit, 'youtube', 'link', { link, src, originalSrc: src });
}

export function YoutubePanel({ section, edit }: PanelProps<SectionOf<'youtube'>>) {
  const { readOnly } = usePanelContext();
  const model = section.blockModel;
  return (
    <Stack gap="sm">
      <RuleField
        label="YouTube link"
        placeholder="https://www.youtube.com/watch?v=…"
        value={model.link}
        check={checkYoutubeLink}
        debounceMs={IMAGE_SETTINGS_DEBOUNCE_MS}
        disabled={readOnly}
        onValid={(link) => setVideoLink(edit, link)}
      />
      {model.src && <VideoThumbnail src={model.src} playIcon={model.hasPlayIcon} />}
      <Switch
        label="Play icon"
        checked={model.hasPlayIcon}
        disabled={readOnly}
        onChange={(event) => {
          setModel(edit, 'youtube', 'hasPlayIcon', { hasPlayIcon: event.currentTarget.checked });
        }}
      />
      <ImageFields section={section} edit={edit} withLink={false} altCheck={checkAltTextOrEmpty} />
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}
