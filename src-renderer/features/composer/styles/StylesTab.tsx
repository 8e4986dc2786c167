import { Accordion } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { BlockStylesSection } from './BlockStylesSection';
import { ButtonStylesSection } from './ButtonStylesSection';
import { DividerStylesSection } from './DividerStylesSection';
import { EmailStylesSection } from './EmailStylesSection';
import { ImageStylesSection } from './ImageStylesSection';
import { PromotionStylesSection } from './PromotionStylesSection';
import { StylesContext, type StylesChannel } from '../../../block-kit/styles-context';
import { TextStylesSection } from './TextStylesSection';

/** The Styles tab's sections in the spec's order (spec 2 §1). */
// Item values become element ids (and aria-labelledby lists), so they have no spaces.
const SECTIONS: readonly [value: string, name: string, Section: () => ReactNode][] = [
  ['email', 'EMAIL STYLES', EmailStylesSection],
  ['block', 'BLOCK', BlockStylesSection],
  ['button', 'BUTTON', ButtonStylesSection],
  ['divider', 'DIVIDER', DividerStylesSection],
  ['text', 'TEXT', TextStylesSection],
  ['image', 'IMAGE', ImageStylesSection],
  ['promotion', 'PROMOTION', PromotionStylesSection],
];

/**
 * The letter's styles, one collapsible section each. Every change is written to the
 * composer's state at once (the canvas follows, saving and the preview come after), and
 * each section's fields are disabled while the letter is read-only.
 */
export function StylesTab({ readOnly, channel }: { readOnly: boolean; channel: StylesChannel | null }) {
  const environment = useMemo(() => ({ disabled: readOnly, channel }), [readOnly, channel]);
  return (
    <StylesContext.Provider value={environment}>
      <Accordion multiple defaultValue={['email']} variant="contained" chevronPosition="right" keepMounted={false}>
        {SECTIONS.map(([value, name, Section]) => (
          <Accordion.Item key={value} value={value}>
            <Accordion.Control>{name}</Accordion.Control>
            <Accordion.Panel>
              <Section />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </StylesContext.Provider>
  );
}
