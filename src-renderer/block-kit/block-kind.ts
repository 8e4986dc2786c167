import type { Icon } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import type { BlockType, Delta, LayoutType, Letter, Section, SectionOf } from '../../shared/model';
import type { FeatureFlagName } from '../../shared/model/feature-flags';
import type { PanelProps } from './section-edit';

// A block kind, as the composer sees it: where it sits in the palette, how the canvas draws
// it, and its settings panel. The feature that owns a kind exports its descriptor; the
// catalogue (app/block-catalogue.ts) lists them all, and the composer reads only that.
// The kind's model lives in shared/model/blocks/ and its email rendering in
// shared/render/blocks/: those are the same in every process.

export type PaletteGroup = 'CREATE' | 'DYNAMIC CONTENT' | 'LAYOUTS' | 'INTEGRATIONS';
export const PALETTE_GROUPS: readonly PaletteGroup[] = ['CREATE', 'DYNAMIC CONTENT', 'LAYOUTS', 'INTEGRATIONS'];

/** Iterable's provider id (spec 1). */
export const ESP_ITERABLE = 1;

/** One button of the Blocks tab's palette (spec 2 §1). */
export interface PaletteEntry {
  /** The palette name, which is also the button's accessible name. */
  name: string;
  group: PaletteGroup;
  icon: Icon;
  /** One line on what the block is for, shown when the button is hovered or focused. */
  description: string;
  /** For layout presets: the layout the section starts with. */
  layoutType?: LayoutType;
  /** Shown only when this flag is on. */
  flag?: FeatureFlagName;
  /** Shown only for letters sent through this email service provider. */
  esp?: number;
}

/** A palette button with the block type it adds. */
export interface PaletteItem extends PaletteEntry {
  type: BlockType;
}

/** What a canvas view gets: its section in the letter, and how to draw what it holds. */
export interface BlockViewProps<S extends Section> {
  section: S;
  letter: Letter;
  readOnly: boolean;
  /** A text block's edit of its own text. */
  onTextChange: (id: string, delta: Delta) => void;
  /** Draws a nested block (a layout's columns, a URL block's article) as the canvas draws any block. */
  renderChild: (child: Section) => ReactNode;
}

export interface BlockKind<T extends BlockType> {
  type: T;
  /** Its palette buttons, in palette order; none for kinds only older letters hold. */
  palette?: readonly PaletteEntry[];
  /** Said when the palette refuses another block of this kind (see `addLimit` in the catalogue). */
  limitReached?: string;
  View: ComponentType<BlockViewProps<SectionOf<T>>>;
  Panel: ComponentType<PanelProps<SectionOf<T>>>;
}

/** Every block type paired with its kind: a type left out, or given a kind of another type, does not type-check. */
export type BlockKinds = { [T in BlockType]: BlockKind<T> };
