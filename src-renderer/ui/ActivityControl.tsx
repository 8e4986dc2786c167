import { SegmentedControl } from '@mantine/core';
import type { Activity } from '../../shared/contract/platform-metrics';

/** The control's name for screen readers, and the labels (decisions.md "Metrics count people"). */
export const ACTIVITY_CONTROL_LABEL = 'Clicks counted';
export const ACTIVITY_LABELS: Record<Activity, string> = { people: 'People', all: 'All activity' };

const HINTS: Record<Activity, string> = {
  people: 'Clicks by link scanners and security gateways are left out.',
  all: 'Every click, link scanners and security gateways included.',
};

/**
 * Whether the report and dashboard figures count people's clicks (the default) or every
 * click, machines' included: the platform's `activity` query. Opens are the same either way.
 */
export function ActivityControl({ value, onChange }: { value: Activity; onChange: (value: Activity) => void }) {
  return (
    <SegmentedControl
      size="xs"
      aria-label={ACTIVITY_CONTROL_LABEL}
      title={HINTS[value]}
      value={value}
      onChange={(next) => onChange(next as Activity)}
      data={(['people', 'all'] as const).map((activity) => ({ value: activity, label: ACTIVITY_LABELS[activity] }))}
    />
  );
}
