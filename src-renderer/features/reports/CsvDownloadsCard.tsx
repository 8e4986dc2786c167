import { Alert, Button, Group, Paper, Select, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { REPORT_CSV_TYPES, type ReportCsvType } from '../../../shared/contract/platform-reports';

export const REPORT_CSV_LABELS: Record<ReportCsvType, string> = {
  recipients: 'Recipients',
  opens: 'Opens',
  clicks: 'Clicks',
  bounces: 'Bounces',
  unsubscribes: 'Unsubscribes',
};

export const CSV_PERIOD_BACKWARDS = 'The start date must be on or before the end date.';

export interface CsvDownloadsCardProps {
  /** Fetches and saves the file; answers the reason it failed, or null. */
  onDownload: (type: ReportCsvType, from: string | undefined, to: string | undefined) => Promise<string | null>;
}

/** The CSV downloads of spec 1 §7, each bounded by an optional from/to on the channel's clock. */
export function CsvDownloadsCard({ onDownload }: CsvDownloadsCardProps) {
  const [type, setType] = useState<ReportCsvType>('opens');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const backwards = from !== '' && to !== '' && from > to;

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      setError(await onDownload(type, from || undefined, to || undefined));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-label="Downloads">
      <Title order={3} size="h4" mb={4}>
        Downloads
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        One row per event or recipient, as CSV. Leave the dates empty for the whole send.
      </Text>
      <Group align="flex-start">
        <Select
          label="Data"
          data={REPORT_CSV_TYPES.map((value) => ({ value, label: REPORT_CSV_LABELS[value] }))}
          value={type}
          allowDeselect={false}
          onChange={(value) => value && setType(value as ReportCsvType)}
          w={170}
        />
        <TextInput type="date" label="From" value={from} onChange={(event) => setFrom(event.currentTarget.value)} />
        <TextInput type="date" label="To" value={to} onChange={(event) => setTo(event.currentTarget.value)} error={backwards ? CSV_PERIOD_BACKWARDS : undefined} />
        <Button mt={25} onClick={() => void download()} loading={busy} disabled={backwards}>
          Download CSV
        </Button>
      </Group>
      {error && (
        <Alert color="red" mt="sm" role="alert">
          {error}
        </Alert>
      )}
    </Paper>
  );
}
