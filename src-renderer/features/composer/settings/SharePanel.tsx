import { CloseButton, Group, Select, Stack, Text } from '@mantine/core';
import type { Section, SectionOf, ShareNetwork, ShareOption } from '../../../../shared/model';
import { NETWORK_LABELS, SHARE_NETWORKS } from '../../../../shared/model';
import { CommonSettings } from './CommonSettings';
import { usePanelContext } from './panel-context';
import { setModel, type PanelProps } from './section-edit';
import { SocialLookFields } from './SocialLookFields';

// The share selector (spec 2 §2): the networks readers can share the letter on; dismissing
// one removes it, and the block then keeps the editor's own list (custom).

export function SharePanel({ section, edit }: PanelProps<SectionOf<'share'>>) {
  const { readOnly } = usePanelContext();
  const model = section.blockModel;
  const chosen = new Set(model.models.map((entry) => entry.name));
  const available = SHARE_NETWORKS.filter((network) => !chosen.has(network));
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
      {available.length > 0 && (
        <Select
          label="Add a network"
          placeholder="Choose a network"
          disabled={readOnly}
          data={available.map((network) => ({ value: network, label: NETWORK_LABELS[network] }))}
          value={null}
          onChange={(network) =>
            network &&
            setModels((models) => [...models, { id: network, name: network as ShareNetwork, url: '', image: '', text: NETWORK_LABELS[network as ShareNetwork] }])
          }
        />
      )}
      <SocialLookFields look={model} disabled={readOnly} onChange={(field, look) => setModel(edit, 'share', field, look)} />
      <CommonSettings section={section} edit={edit} font={{}} />
    </Stack>
  );
}
