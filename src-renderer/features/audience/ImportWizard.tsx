import { Alert, Button, Checkbox, Group, List, Modal, Paper, Progress, Radio, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { parse } from 'csv-parse/browser/esm/sync';
import { useId, useState } from 'react';
import { CUSTOM_TARGET_PREFIX, type ImportExistingMode, type ImportMapping, type SubscriberImportResponse } from '../../../shared/contract/platform-audience';
import { errorMessage, useImportProgressQuery, useImportSubscribersMutation } from './audience-api';
import { guessMapping, mappingProblem } from './import-mapping';

// The subscriber import: choose (or drop) a CSV file, preview its first rows, map its
// columns, choose what happens to existing subscribers, import with a progress bar (the
// import's progress is polled while the core sends the file on), then the summary.

const PREVIEW_ROWS = 5;
const PROGRESS_POLL_MS = 250;

interface ChosenFile {
  name: string;
  text: string;
  headers: string[];
  preview: string[][];
  /** Rough data-row count (line breaks), for the progress bar only. */
  approxRows: number;
}

const SKIP_REASONS: { key: keyof SubscriberImportResponse['skippedReasons']; label: string }[] = [
  { key: 'invalidEmail', label: 'Invalid email' },
  { key: 'duplicate', label: 'Duplicate in the file' },
  { key: 'unsubscribed', label: 'Previously unsubscribed (not subscribed again)' },
  { key: 'bounced', label: 'Previously bounced (not subscribed again)' },
  { key: 'existing', label: 'Already subscribed (skipped)' },
  { key: 'unchanged', label: 'Already subscribed, nothing to change' },
  { key: 'malformed', label: 'Malformed row' },
];

function readPreview(name: string, text: string): ChosenFile | string {
  let records: string[][];
  try {
    records = parse(text, { to_line: PREVIEW_ROWS + 1, relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
  } catch {
    return 'This file cannot be read as CSV.';
  }
  const [headers, ...preview] = records;
  if (!headers || headers.length === 0) return 'The file is empty.';
  const approxRows = Math.max(1, (text.match(/\n/g)?.length ?? 0) + (text.endsWith('\n') ? 0 : 1) - 1);
  return { name, text, headers, preview, approxRows };
}

export function ImportWizard(props: { brandSlug: string; channelSlug: string; opened: boolean; onClose: () => void }) {
  const { brandSlug, channelSlug, opened, onClose } = props;
  const inputId = useId();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [existing, setExisting] = useState<ImportExistingMode>('skip');
  const [sendWelcome, setSendWelcome] = useState(false);
  const [importId, setImportId] = useState<string | null>(null);
  const [summary, setSummary] = useState<SubscriberImportResponse | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [runImport, running] = useImportSubscribersMutation();
  const progress = useImportProgressQuery(
    { brandSlug, channelSlug, importId: importId ?? '00000000-0000-4000-8000-000000000000' },
    { skip: !importId || !running.isLoading, pollingInterval: PROGRESS_POLL_MS },
  );

  const reset = () => {
    setFile(null);
    setFileError(null);
    setMapping({});
    setImportId(null);
    setSummary(null);
    setImportError(null);
  };
  const close = () => {
    if (running.isLoading) return;
    reset();
    onClose();
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const read = readPreview(chosen.name, await chosen.text());
    if (typeof read === 'string') {
      setFile(null);
      setFileError(read);
      return;
    }
    setFileError(null);
    setFile(read);
    setMapping(guessMapping(read.headers));
  };

  const problem = file ? mappingProblem(mapping) : null;
  const start = async () => {
    if (!file || problem) return;
    const id = crypto.randomUUID();
    setImportId(id);
    setImportError(null);
    const result = await runImport({ brandSlug, channelSlug, importId: id, csv: file.text, existing, mapping, sendWelcome });
    if ('error' in result && result.error) setImportError(errorMessage(result.error, 'The import failed.'));
    else if ('data' in result && result.data) setSummary(result.data);
  };

  const processed = progress.data?.rowsProcessed ?? 0;
  const percent = file ? Math.min(100, Math.round((processed / file.approxRows) * 100)) : 0;

  return (
    <Modal opened={opened} onClose={close} title="Import subscribers" size="xl">
      {summary ? (
        <Stack gap="sm" aria-label="Import summary">
          <Text fw={600}>Import finished: {summary.rows.toLocaleString('en-US')} rows read</Text>
          <List>
            <List.Item>Added: {summary.created}</List.Item>
            <List.Item>Updated: {summary.updated}</List.Item>
            <List.Item>Skipped: {summary.skipped}</List.Item>
          </List>
          {summary.skipped > 0 && (
            <Table aria-label="Skipped rows by reason">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Rows</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {SKIP_REASONS.filter((reason) => summary.skippedReasons[reason.key] > 0).map((reason) => (
                  <Table.Tr key={reason.key}>
                    <Table.Td>{reason.label}</Table.Td>
                    <Table.Td>{summary.skippedReasons[reason.key]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {summary.errors.length > 0 && (
            <ScrollArea.Autosize mah={160}>
              <List size="sm" aria-label="Rows to fix">
                {summary.errors.map((error) => (
                  <List.Item key={error.line}>
                    Line {error.line}: {error.message}
                  </List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
          )}
          {summary.ignoredColumns.length > 0 && <Text size="sm">Columns not imported: {summary.ignoredColumns.join(', ')}</Text>}
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : running.isLoading ? (
        <Stack gap="sm">
          <Text>Importing {file?.name}…</Text>
          <Progress value={percent} aria-label="Import progress" size="lg" />
          <Text size="sm" c="dimmed">
            {processed.toLocaleString('en-US')} rows processed
          </Text>
        </Stack>
      ) : !file ? (
        <Stack gap="sm">
          <Paper
            withBorder
            p="xl"
            data-testid="import-drop-zone"
            bg={dragging ? 'var(--mantine-color-blue-light)' : undefined}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(false);
              void choose(event.dataTransfer.files[0]);
            }}
          >
            <Stack align="center" gap="xs">
              <IconFileUpload size={32} aria-hidden />
              <Text>Drop a CSV file here, or choose one.</Text>
              <label htmlFor={inputId}>
                <Text span fw={500}>
                  CSV file
                </Text>
              </label>
              <input id={inputId} type="file" accept=".csv,text/csv" onChange={(event) => void choose(event.currentTarget.files?.[0])} />
            </Stack>
          </Paper>
          {fileError && (
            <Alert color="red" role="alert">
              {fileError}
            </Alert>
          )}
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>
            {file.name}: the first rows, and where each column goes.
          </Text>
          <ScrollArea>
            <Table aria-label="Preview" withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  {file.headers.map((header, index) => (
                    <Table.Th key={index} miw={160}>
                      <Select
                        label={header || `Column ${index + 1}`}
                        allowDeselect={false}
                        data={[
                          { value: 'email', label: 'Email' },
                          { value: 'first_name', label: 'First name' },
                          { value: 'last_name', label: 'Last name' },
                          { value: 'tags', label: 'Tags' },
                          { value: `${CUSTOM_TARGET_PREFIX}${header.trim() || `column_${index + 1}`}`, label: `Custom field “${header.trim() || `column_${index + 1}`}”` },
                          { value: 'ignore', label: 'Do not import' },
                        ]}
                        value={mapping[header] ?? 'ignore'}
                        onChange={(value) => value && setMapping((current) => ({ ...current, [header]: value as ImportMapping[string] }))}
                      />
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {file.preview.map((row, rowIndex) => (
                  <Table.Tr key={rowIndex}>
                    {file.headers.map((_, index) => (
                      <Table.Td key={index}>{row[index] ?? ''}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Radio.Group label="Existing subscribers" value={existing} onChange={(value) => setExisting(value as ImportExistingMode)}>
            <Group mt="xs">
              <Radio value="skip" label="Skip them" />
              <Radio value="update" label="Update them" />
            </Group>
          </Radio.Group>
          <Text size="sm" c="dimmed">
            Unsubscribed and bounced addresses are never subscribed again.
          </Text>
          <Checkbox
            label="Send the welcome email to new subscribers"
            description="Off by default: an imported list usually holds readers who joined long ago. Only the channel's active welcome templates are sent."
            checked={sendWelcome}
            onChange={(event) => setSendWelcome(event.currentTarget.checked)}
          />
          {(problem || importError) && (
            <Alert color="red" role="alert">
              {problem ?? importError}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={reset}>
              Choose another file
            </Button>
            <Button onClick={() => void start()} disabled={problem !== null}>
              Import
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
