import { Stack } from '@mantine/core';
import type { SectionOf } from '../../../shared/model';
import { checkTemplateId } from '../../../shared/rules/ad-widgets';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { RuleField } from '../../block-kit/fields/RuleField';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';

/** Iterable's snippet: its Template ID (spec 2 §5 "Ad widgets"). */
export function IterablePanel({ section, edit }: PanelProps<SectionOf<'iterable'>>) {
  const { readOnly } = usePanelContext();
  return (
    <Stack gap="sm">
      <RuleField
        label="Template ID"
        value={section.blockModel.templateId}
        check={checkTemplateId}
        disabled={readOnly}
        onValid={(templateId) => setModel(edit, 'iterable', 'templateId', { templateId })}
      />
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}
