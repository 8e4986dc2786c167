import { CloseButton, Group, Stack, Text } from '@mantine/core';
import type { Section, SectionOf, ShareOption } from '../../../shared/model';
import { NETWORK_LABELS, SHARE_NETWORKS, networkOption } from '../../../shared/model';
import { AddNetworkSelect } from './AddNetworkSelect';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';
import { SocialLookFields } from './SocialLookFields';

// The share selector (spec 2 §2): the networks readers can share the letter on; dismissing
// one removes it, and the block then keeps the editor's own list (custom).

export function SharePanel({ section, edit }: PanelProps<SectionOf<'share'>>) {
  const { readOnly } = usePanelContext();
  const model = section.blockModel;
  const setModels = (change: (models: ShareOption[]) => ShareOption[]) =>
    edit('models', (current: Section) =>
      current.type === 'share' ? { ...current, blockModel: { ...current.blockModel, custom: true, models: change(current.blockModel.models) } } : current,
    );

  return (
    <Stack gap="sm">
      <Stack gap={4} aria-label="Share networks" role="list">
        {model.models.map((entry) => (
          <Group key={String(entry.id)} justify="space-between" role="listitem">
            <Text size="sm">{NETWORK_LABELS[entry.name]}</Text>
            <CloseButton
              size="sm"
              aria-label={`Remove ${NETWORK_LABELS[entry.name]}`}
              disabled={readOnly}
              onClick={() => setModels((models) => models.filter((m) => m.id !== entry.id))}
            />
          </Group>
        ))}
      </Stack>
      <AddNetworkSelect
        label="Add a network"
        networks={SHARE_NETWORKS}
        shown={model.models}
        disabled={readOnly}
        onAdd={(network) => setModels((models) => [...models, networkOption(network)])}
      />
      <SocialLookFields look={model} disabled={readOnly} onChange={(field, look) => setModel(edit, 'share', field, look)} />
      <CommonSettings section={section} edit={edit} font={{}} />
    </Stack>
  );
}
