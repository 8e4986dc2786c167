import { Alert, Stack, Switch } from '@mantine/core';
import type { FooterLanguage, SectionOf } from '../../../shared/model';
import { accept } from '../../../shared/rules/field-result';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { ALIGNMENT_CHOICES, ChoiceField } from '../../block-kit/fields/ChoiceField';
import { RuleField } from '../../block-kit/fields/RuleField';
import { isCompanyLevel, usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';

// The footer (spec 2 §3): the channel name it shows (empty: the channel's own), the logo,
// the optional 'Made with' credit (spec 2 §9), alignment and language. Spanish is offered to
// the channels the spanishFooter flag names.

const LANGUAGES: readonly { value: FooterLanguage; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'sp', label: 'Spanish' },
];

export function FooterPanel({ section, edit }: PanelProps<SectionOf<'footer'>>) {
  const context = usePanelContext();
  const { readOnly, channel } = context;
  const model = section.blockModel;
  const channelOff = channel?.madeWithCredit === false;
  const spanishOffered = context.isFeatureOn('spanishFooter') || model.languageType === 'sp';
  return (
    <Stack gap="sm">
      {isCompanyLevel(context) && (
        <Alert variant="light">At company level, the footer is filled from each channel's settings.</Alert>
      )}
      <RuleField
        label="Channel name"
        description="Leave empty to show the channel's own name"
        placeholder={channel?.title}
        value={model.channelName}
        check={accept}
        disabled={readOnly}
        onValid={(channelName) => setModel(edit, 'footer', 'channelName', { channelName })}
      />
      <Switch
        label="Show logo"
        checked={model.hasLogo}
        disabled={readOnly}
        onChange={(event) => setModel(edit, 'footer', 'hasLogo', { hasLogo: event.currentTarget.checked })}
      />
      <Switch
        label="Show the 'Made with' credit"
        // The channel settings can leave it out of every letter of the channel; this letter cannot bring it back.
        description={channelOff ? "Switched off for every letter in the channel settings ('What readers see')" : undefined}
        checked={model.madeWithCredit !== false && !channelOff}
        disabled={readOnly || channelOff}
        onChange={(event) => setModel(edit, 'footer', 'madeWithCredit', { madeWithCredit: event.currentTarget.checked })}
      />
      <ChoiceField label="Alignment" value={model.align} choices={ALIGNMENT_CHOICES} disabled={readOnly} onChange={(align) => setModel(edit, 'footer', 'align', { align })} />
      {spanishOffered && (
        <ChoiceField
          label="Language"
          value={model.languageType}
          choices={LANGUAGES}
          disabled={readOnly}
          onChange={(languageType) => setModel(edit, 'footer', 'languageType', { languageType })}
        />
      )}
      <CommonSettings section={section} edit={edit} font={{}} />
    </Stack>
  );
}
