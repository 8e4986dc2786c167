import { Alert, Badge, Button, Checkbox, Group, Loader, Pagination, Paper, Select, Table, TagsInput, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconPlus, IconTags, IconUpload, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { SUBSCRIBER_PAGE_SIZE_DEFAULT, type Subscriber } from '../../../shared/contract/platform-audience';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { saveTextFile } from '../../ui/save-text-file';
import { errorMessage, useDeleteSubscriberMutation, useExportSubscribersMutation, useListSubscribersQuery, useUnsubscribeSubscriberMutation } from './audience-api';
import { BulkTagModal } from './BulkTagModal';
import { ImportWizard } from './ImportWizard';
import { SubscriberFlyout } from './SubscriberFlyout';
import { SubscriberFormModal } from './SubscriberFormModal';
import { STATUS_COLORS, STATUS_LABELS } from './subscriber-labels';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { formatDate } from '../../../shared/rules/display-dates';
import { useChannel } from '../../app/use-channel';
import { ListEmptyState } from '../../ui/ListEmptyState';

// A channel's subscribers: searched by email or name, filtered by status and tags, 25 a
// page; the detail flyout, add, edit, unsubscribe, delete, tags on the selected rows, CSV
// export and the import wizard.

const SEARCH_DEBOUNCE_MS = 300;
const STATUS_CHOICES = (['active', 'unsubscribed', 'bounced'] as const).map((value) => ({ value, label: STATUS_LABELS[value] }));

export function SubscribersPage() {
  const { brandSlug = '', channelSlug = '' } = useParams();
  const zone = useChannel(brandSlug, channelSlug)?.timezone.tzCode;
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<Subscriber['status'] | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const { data, isLoading, isFetching, error } = useListSubscribersQuery({
    brandSlug,
    channelSlug,
    search,
    tags,
    page,
    itemsPerPage: SUBSCRIBER_PAGE_SIZE_DEFAULT,
    ...(status ? { status } : {}),
  });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<Subscriber | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Subscriber | null>(null);
  const [tagging, setTagging] = useState(false);
  const [importing, setImporting] = useState(false);
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleteSubscriber, deletion] = useDeleteSubscriberMutation();
  const [unsubscribe] = useUnsubscribeSubscriberMutation();
  const [exportCsv, exporting] = useExportSubscribersMutation();
  const pages = data ? Math.max(1, Math.ceil(data.total / SUBSCRIBER_PAGE_SIZE_DEFAULT)) : 1;
  const rows = data?.items ?? [];
  const viewed = rows.find((row) => row.id === viewing) ?? null;
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));

  const filtered = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
    setSelected(new Set());
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await deleteSubscriber({ brandSlug, channelSlug, id: deleting.id });
    if ('error' in result && result.error) {
      setDeleteError(errorMessage(result.error, 'The subscriber could not be deleted.'));
      return;
    }
    setSelected((current) => new Set([...current].filter((id) => id !== deleting.id)));
    setDeleting(null);
  };

  const doUnsubscribe = async (subscriber: Subscriber) => {
    const result = await unsubscribe({ brandSlug, channelSlug, id: subscriber.id });
    setNotice(
      'error' in result && result.error
        ? { color: 'red', text: errorMessage(result.error, 'The subscriber could not be unsubscribed.') }
        : { color: 'green', text: `${subscriber.email} is unsubscribed.` },
    );
  };

  const doExport = async () => {
    const result = await exportCsv({ brandSlug, channelSlug });
    if ('error' in result && result.error) setNotice({ color: 'red', text: errorMessage(result.error, 'The subscribers could not be exported.') });
    else if ('data' in result && result.data) saveTextFile(result.data.fileName, result.data.content);
  };

  return (
    <ScreenFrame
      title="Subscribers"
      actions={
        <>
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={exporting.isLoading} onClick={() => void doExport()}>
            Export CSV
          </Button>
          <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setImporting(true)}>
            Import CSV
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            Add subscriber
          </Button>
        </>
      }
    >
      <Group align="flex-end">
        <TextInput label="Search by email or name" value={searchText} onChange={(e) => filtered(setSearchText)(e.currentTarget.value)} />
        <Select label="Status" placeholder="Any status" data={STATUS_CHOICES} value={status} clearable onChange={filtered((value: string | null) => setStatus(value as Subscriber['status'] | null))} />
        <TagsInput label="Tags" placeholder={tags.length === 0 ? 'Any tags' : undefined} value={tags} onChange={filtered(setTags)} clearable />
        {selected.size > 0 && (
          <Button variant="light" leftSection={<IconTags size={16} aria-hidden />} onClick={() => setTagging(true)}>
            Tag {selected.size} selected
          </Button>
        )}
      </Group>
      {notice && (
        <Alert color={notice.color} withCloseButton onClose={() => setNotice(null)} role="status">
          {notice.text}
        </Alert>
      )}
      <Paper withBorder>
        {isLoading && <Loader m="md" aria-label="Loading subscribers" />}
        {error && (
          <Alert color="red" m="md">
            {errorMessage(error, 'The subscribers could not be loaded.')}
          </Alert>
        )}
        {data && rows.length === 0 && (search || status || tags.length > 0) && (
          <Text p="md" c="dimmed">
            No subscribers match.
          </Text>
        )}
        {data && rows.length === 0 && !(search || status || tags.length > 0) && (
          <ListEmptyState
            icon={IconUsers}
            title="No subscribers yet"
            actions={
              <>
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                  Add your first subscriber
                </Button>
                <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setImporting(true)}>
                  Import a CSV file
                </Button>
              </>
            }
          >
            The people your letters go to. Add them one by one, bring your list from another tool as a CSV file, or let readers sign up through the channel’s public form.
          </ListEmptyState>
        )}
        {rows.length > 0 && (
          <Table aria-label="Subscribers" striped highlightOnHover aria-busy={isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all on this page"
                    checked={allSelected}
                    indeterminate={!allSelected && rows.some((row) => selected.has(row.id))}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))}
                  />
                </Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Tags</Table.Th>
                <Table.Th>Subscribed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${row.email}`}
                      checked={selected.has(row.id)}
                      onChange={() =>
                        setSelected((current) => {
                          const next = new Set(current);
                          if (!next.delete(row.id)) next.add(row.id);
                          return next;
                        })
                      }
                    />
                  </Table.Td>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" px={0} onClick={() => setViewing(row.id)}>
                      {row.email}
                    </Button>
                  </Table.Td>
                  <Table.Td>{[row.firstName, row.lastName].filter(Boolean).join(' ')}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[row.status]} variant="filled">
                      {STATUS_LABELS[row.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.tags.join(', ')}</Table.Td>
                  <Table.Td>{formatDate(row.createdAt, zone)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {data && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {data.total.toLocaleString('en-US')} {data.total === 1 ? 'subscriber' : 'subscribers'}
          </Text>
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Subscriber pages" />}
        </Group>
      )}
      {viewing !== null && (
        <SubscriberFlyout
          brandSlug={brandSlug}
          channelSlug={channelSlug}
          id={viewing}
          onClose={() => setViewing(null)}
          onEdit={() => viewed && setEditing(viewed)}
          onDelete={() => {
            if (!viewed) return;
            setDeleteError(null);
            setDeleting(viewed);
            // The confirm dialog would sit under the flyout's backdrop; the flyout closes for it.
            setViewing(null);
          }}
          onUnsubscribe={() => viewed && void doUnsubscribe(viewed)}
        />
      )}
      {editing && (
        <SubscriberFormModal
          key={editing === 'new' ? 'new' : editing.id}
          brandSlug={brandSlug}
          channelSlug={channelSlug}
          subscriber={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {tagging && (
        <BulkTagModal
          brandSlug={brandSlug}
          channelSlug={channelSlug}
          ids={[...selected]}
          onClose={() => setTagging(false)}
          onDone={(updated) => {
            setTagging(false);
            setSelected(new Set());
            setNotice({ color: 'green', text: `Tags changed on ${updated} ${updated === 1 ? 'subscriber' : 'subscribers'}.` });
          }}
        />
      )}
      <ImportWizard brandSlug={brandSlug} channelSlug={channelSlug} opened={importing} onClose={() => setImporting(false)} />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title={deleting ? `Delete the subscriber ${deleting.email}?` : ''}
        loading={deletion.isLoading}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </ScreenFrame>
  );
}
