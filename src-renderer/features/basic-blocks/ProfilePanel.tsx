import { CloseButton, Group, Stack, Text } from '@mantine/core';
import type { Section, SectionOf, SocialProfileOption } from '../../../shared/model';
import { NETWORK_LABELS, SOCIAL_NETWORKS, networkOption } from '../../../shared/model';
import { checkProfileLink, checkSocialGap } from '../../../shared/rules/social';
import { AddNetworkSelect } from './AddNetworkSelect';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { RuleField } from '../../block-kit/fields/RuleField';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps, type SectionEdit } from '../../block-kit/section-edit';
import { SocialLookFields } from './SocialLookFields';

// The social profiles selector (spec 2 §2): the channel's accounts, one link each on that
// network's own domain; dismissing a network removes it.

function editProfiles(edit: SectionEdit, field: string, change: (models: SocialProfileOption[]) => SocialProfileOption[]) {
  edit(field, (current: Section) => (current.type === 'profile' ? { ...current, blockModel: { ...current.blockModel, models: change(current.blockModel.models) } } : current));
}

export function ProfilePanel({ section, edit }: PanelProps<SectionOf<'profile'>>) {
  const { readOnly } = usePanelContext();
  const model = section.blockModel;

  return (
    <Stack gap="sm">
      {model.models.map((entry) => (
        <Group key={String(entry.id)} gap={4} align="flex-start" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <RuleField
              label={NETWORK_LABELS[entry.name]}
              placeholder="https://"
              value={entry.url}
              check={(text) => checkProfileLink(entry.name, text)}
              disabled={readOnly}
              onValid={(url) => editProfiles(edit, `url.${entry.id}`, (models) => models.map((m) => (m.id === entry.id ? { ...m, url } : m)))}
            />
          </div>
          <CloseButton
            mt={24}
            aria-label={`Remove ${NETWORK_LABELS[entry.name]}`}
            disabled={readOnly}
            onClick={() => editProfiles(edit, 'models', (models) => models.filter((m) => m.id !== entry.id))}
          />
        </Group>
      ))}
      {model.models.length === 0 && (
        <Text size="sm" c="dimmed">
          Add the networks where your channel has a profile.
        </Text>
      )}
      <AddNetworkSelect
        label="Add a profile"
        networks={SOCIAL_NETWORKS}
        shown={model.models}
        disabled={readOnly}
        onAdd={(network) => editProfiles(edit, 'models', (models) => [...models, networkOption(network)])}
      />
      <SocialLookFields look={model} disabled={readOnly} onChange={(field, look) => setModel(edit, 'profile', field, look)} />
      <RuleField label="Gap" description="Space between the links, in px" numeric value={model.gap} check={checkSocialGap} disabled={readOnly} onValid={(gap) => setModel(edit, 'profile', 'gap', { gap })} />
      <CommonSettings section={section} edit={edit} font={{}} />
    </Stack>
  );
}
