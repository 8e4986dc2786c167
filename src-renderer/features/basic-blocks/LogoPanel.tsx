import { Alert, Stack, Text } from '@mantine/core';
import type { SectionOf } from '../../../shared/model';
import { logoAlt } from '../../../shared/model';
import { ChannelSettingsLink } from './ChannelSettingsLink';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { ImageFields } from './ImageFields';
import { isCompanyLevel, usePanelContext } from '../../block-kit/panel-context';
import type { PanelProps } from '../../block-kit/section-edit';

// The logo block (spec 2 §2 "logo notice plus image settings"): the picture is the channel's
// logo, set in the channel settings; the block sets how it shows and where it links.

export function LogoPanel({ section, edit }: PanelProps<SectionOf<'logo'>>) {
  const context = usePanelContext();
  const company = isCompanyLevel(context);
  return (
    <Stack gap="sm">
      <Alert variant="light" title="Logo">
        {company ? (
          <Text size="sm">At company level, the logo will be populated from each channel's settings.</Text>
        ) : (
          <Text size="sm">
            The logo comes from your channel settings. To change it, go to the{' '}
            <ChannelSettingsLink brandSlug={context.brandSlug} channelSlug={context.channelSlug}>
              channel settings
            </ChannelSettingsLink>
            .
          </Text>
        )}
      </Alert>
      <ImageFields
        section={section}
        edit={edit}
        linkPlaceholder="The channel's page"
        altPlaceholder={context.channel ? logoAlt(context.channel.title) : undefined}
      />
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}
