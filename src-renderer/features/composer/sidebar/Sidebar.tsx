import { Tabs } from '@mantine/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { LetterStylesTab } from '../styles/LetterStylesTab';
import { BlocksPalette } from './BlocksPalette';
import type { BlockType } from '../../../../shared/model';
import type { PaletteItem } from '../../../block-kit/block-kind';

const TABS = ['Blocks', 'Styles'] as const;
type Tab = (typeof TABS)[number];

/** The composer's right sidebar: Blocks and Styles tabs; up and down arrows cycle the tabs (spec 2 §1). */
export function Sidebar(props: { items: PaletteItem[]; readOnly: boolean; onAdd: (item: PaletteItem) => void; limits?: Partial<Record<BlockType, number | null>> }) {
  const { items, readOnly, onAdd, limits } = props;
  const [tab, setTab] = useState<Tab>('Blocks');
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length] ?? 'Blocks';
    setTab(next);
    list.current?.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  };

  return (
    <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} style={{ width: 320, flexShrink: 0 }}>
      <Tabs.List ref={list} onKeyDown={onKeyDown} grow>
        {TABS.map((name) => (
          <Tabs.Tab key={name} value={name} data-tab={name}>
            {name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="Blocks" pt="sm">
        <BlocksPalette items={items} disabled={readOnly} onAdd={onAdd} limits={limits} />
      </Tabs.Panel>
      <Tabs.Panel value="Styles" pt="sm">
        <LetterStylesTab readOnly={readOnly} />
      </Tabs.Panel>
    </Tabs>
  );
}
