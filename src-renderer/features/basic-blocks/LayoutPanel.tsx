import { Accordion, Input, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { LayoutType, Section, SectionOf } from '../../../shared/model';
import { LAYOUT_LABELS, changeLayout, hasResizableLeftColumn, withLeftColumnWidth } from '../../../shared/rules/layout';
import { BLOCK_NAMES } from '../../../shared/model/block-names';
import { ColumnWidthSlider } from '../../block-kit/fields/ColumnWidthSlider';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { usePanelContext } from '../../block-kit/panel-context';
import { childEdit, type PanelProps } from '../../block-kit/section-edit';

// A layout section (spec 2 §2 "layout choice cards", "layout width slider", §4 "Layout
// change"): which layout it has, how wide its left column is, and each column's own block.

const LAYOUT_CHOICES: readonly LayoutType[] = [1, 2, 3, 4, 5];
/** Offered only to the brands the imageTextColumnsLayout flag names (spec 2 §1). */
const FLAGGED_LAYOUT: LayoutType = 7;

export function LayoutPanel({ section, edit }: PanelProps<SectionOf<'layout'>>) {
  const { readOnly, isFeatureOn, BlockPanel } = usePanelContext();
  const current = section.layoutType;
  const choices = isFeatureOn('imageTextColumnsLayout') || current === FLAGGED_LAYOUT ? [...LAYOUT_CHOICES, FLAGGED_LAYOUT] : LAYOUT_CHOICES;
  const resizable = hasResizableLeftColumn(section);
  const left = section.blocks[0]?.columnWidth ?? 50;

  const choose = (layoutType: LayoutType) =>
    edit('layoutType', (now: Section) =>
      now.type === 'layout' && now.layoutType !== layoutType ? changeLayout(now, layoutType, () => `${now.uniqueId}-${crypto.randomUUID()}`) : now,
    );

  return (
    <Stack gap="sm">
      <Input.Wrapper label="Layout">
        <SimpleGrid cols={2} spacing={6} role="group" aria-label="Layout">
          {choices.map((layoutType) => (
            <UnstyledButton
              key={layoutType}
              aria-pressed={current === layoutType}
              disabled={readOnly}
              onClick={() => choose(layoutType)}
              style={{
                border: `1px solid var(--mantine-color-${current === layoutType ? 'blue-6' : 'gray-4'})`,
                background: current === layoutType ? 'var(--mantine-color-blue-0)' : undefined,
                borderRadius: 6,
                padding: '8px 6px',
                fontSize: 12,
                textAlign: 'center',
              }}
            >
              {LAYOUT_LABELS[layoutType]}
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Input.Wrapper>
      {resizable && (
        <ColumnWidthSlider
          label="Left column width"
          value={left}
          disabled={readOnly}
          onChange={(width) => edit('columnWidth', (now: Section) => (now.type === 'layout' ? withLeftColumnWidth(now, width) : now))}
        />
      )}
      <Accordion multiple variant="separated">
        {section.blocks.map((child, index) => (
          <Accordion.Item key={child.uniqueId} value={child.uniqueId}>
            <Accordion.Control>{`Column ${index + 1}: ${BLOCK_NAMES[child.type]}`}</Accordion.Control>
            <Accordion.Panel>
              <BlockPanel section={child} edit={childEdit(edit, child.uniqueId)} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {section.blocks.length === 0 && <Text size="sm" c="dimmed">Choose a layout to add its columns.</Text>}
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}
