import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { ChannelSettings } from '../../../shared/model/channel-settings';

export type ReaderOptions = Pick<ChannelSettings, 'madeWithCredit' | 'viewInBrowserLink'>;

/**
 * What readers see of the platform in this channel's emails (issue 30): the footer's
 * credit, which links to the channel's public archive, and the 'View in browser' link at
 * the top, which opens the letter's public page. Both on by default.
 */
export function ReaderOptionsCard({ value, onChange }: { value: ReaderOptions; onChange: <K extends keyof ReaderOptions>(key: K, on: boolean) => void }) {
  return (
    <Paper withBorder p="lg">
      <Title order={2} size="h4" mb={4}>
        What readers see
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Links every email of this channel carries.
      </Text>
      <Stack gap="sm">
        <Switch
          label="'View in browser' link"
          description="At the top of each email, to the letter's public page (private letters never have one)."
          checked={value.viewInBrowserLink}
          onChange={(event) => onChange('viewInBrowserLink', event.currentTarget.checked)}
        />
        <Switch
          label="'Made with Letterdesk' credit"
          description="In the footer, linking to this channel's public archive."
          checked={value.madeWithCredit}
          onChange={(event) => onChange('madeWithCredit', event.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
}
