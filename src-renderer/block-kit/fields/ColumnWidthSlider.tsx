import { Input, Slider } from '@mantine/core';
import { COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN, LAYOUT_WIDTH_MAX, LAYOUT_WIDTH_MIN } from '../../../shared/model';
import { checkLeftColumnWidth } from '../../../shared/rules/layout';

// The layout width slider (spec 2 §2, §5 "Layout width slider 1 to 100. Left column width
// clamped 20 to 80, the other column gets 100 minus it"): the scale runs over the whole
// width, 1–100, so the thumb stands where the column ends; a value outside 20–80 is clamped
// before it is stored, so the thumb stops at the bounds. Layout, dynamic (URL) and
// curation sections share it.

export interface ColumnWidthSliderProps {
  label: string;
  /** The left (or image) column's width in percent. */
  value: number;
  /** Told the clamped width; the other column takes 100 minus it. */
  onChange: (left: number) => void;
  disabled?: boolean;
}

export function ColumnWidthSlider({ label, value, onChange, disabled }: ColumnWidthSliderProps) {
  const shown = Math.min(COLUMN_WIDTH_MAX, Math.max(COLUMN_WIDTH_MIN, value));
  return (
    <Input.Wrapper label={label} description={`${shown}% and ${100 - shown}%`}>
      <Slider
        thumbLabel={label}
        min={LAYOUT_WIDTH_MIN}
        max={LAYOUT_WIDTH_MAX}
        step={1}
        value={shown}
        disabled={disabled}
        label={(width) => `${width}%`}
        marks={[{ value: COLUMN_WIDTH_MIN }, { value: COLUMN_WIDTH_MAX }]}
        onChange={(width) => {
          const checked = checkLeftColumnWidth(width);
          if (checked.ok && checked.value !== value) onChange(checked.value);
        }}
        mt={6}
      />
    </Input.Wrapper>
  );
}
