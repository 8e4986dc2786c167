import { CloseButton, Group, Paper, ScrollArea, Title, Transition } from '@mantine/core';
import { useSelector } from 'react-redux';
import type { Section } from '../../../shared/model';
import type { FeatureFlagName } from '../../../shared/model/feature-flags';
import { BLOCK_NAMES } from '../../../shared/model/block-names';
import type { ComposerState } from '../../block-kit/composer-slice';
import { PanelContextProvider, type PanelChannel, type PanelContextValue } from '../../block-kit/panel-context';
import { BlockPanel } from './settings/BlockPanel';
import { useSectionEdit } from '../../block-kit/section-edit';

/** 80 units (320 px), as the spec sizes the block settings panel. */
const PANEL_WIDTH = 320;
/** Below the app shell's 52 px header, with a little air. */
const PANEL_STICKY_TOP = 60;

const allFlagsOff = () => false;

export interface BlockSettingsPanelProps {
  section: Section | null;
  onClose: () => void;
  /** Where the letter lives (the logo notice links to its channel's settings). */
  letter?: { uniqueId: string; brandSlug: string; channelSlug: string } | null;
  /** The letter's channel, for its colours and title; unknown leaves those choices out. */
  channel?: PanelChannel | null;
  readOnly?: boolean;
  isFeatureOn?: (flag: FeatureFlagName) => boolean;
}

/** The selected block's settings, sliding in from the right over the sidebar. */
export function BlockSettingsPanel({ section, onClose, ...rest }: BlockSettingsPanelProps) {
  return (
    <Transition mounted={section !== null} transition="slide-left" duration={150}>
      {(style) => (
        // The rail spans the workspace; the panel sticks below the app header inside it, so it
        // stays in view whichever block is selected, a block far down a long letter too.
        <div style={{ ...style, position: 'absolute', top: 0, right: 0, bottom: 0, width: PANEL_WIDTH, zIndex: 10, pointerEvents: 'none' }}>
          <Paper
            role="dialog"
            aria-label="Block settings"
            shadow="md"
            withBorder
            style={{
              position: 'sticky',
              top: PANEL_STICKY_TOP,
              maxHeight: `calc(100vh - ${PANEL_STICKY_TOP + 8}px)`,
              height: '100%',
              display: 'flex',
              flexDirection: 'column',
              pointerEvents: 'auto',
            }}
          >
            <Group justify="space-between" p="md" pb="sm">
              <Title order={4}>{section ? `${BLOCK_NAMES[section.type]} settings` : ''}</Title>
              <CloseButton aria-label="Close block settings" onClick={onClose} />
            </Group>
            <ScrollArea style={{ flex: 1 }} px="md" pb="md" type="auto">
              {/* Keyed by section: another block's panel starts with its own fields, not the last one's typing. */}
              {section && <SettingsBody key={section.uniqueId} section={section} {...rest} />}
            </ScrollArea>
          </Paper>
        </div>
      )}
    </Transition>
  );
}

function SettingsBody({ section, letter, channel = null, readOnly = false, isFeatureOn = allFlagsOff }: Omit<BlockSettingsPanelProps, 'onClose'> & { section: Section }) {
  const settings = useSelector((state: { composer: ComposerState }) => state.composer.settings);
  const openLetterId = useSelector((state: { composer: ComposerState }) => state.composer.letterUniqueId);
  const edit = useSectionEdit(section.uniqueId, readOnly);
  const context: PanelContextValue = {
    settings,
    letterUniqueId: letter?.uniqueId ?? openLetterId ?? '',
    brandSlug: letter?.brandSlug ?? '',
    channelSlug: letter?.channelSlug ?? '',
    channel,
    readOnly,
    isFeatureOn,
    BlockPanel,
  };
  return (
    <PanelContextProvider value={context}>
      <BlockPanel section={section} edit={edit} />
    </PanelContextProvider>
  );
}
