import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconRss, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent, type Ref } from 'react';
import { FEEDS_FETCH_FAILED_MESSAGE } from '../../../shared/contract/platform-curation';
import type { Feed } from '../../../shared/contract/platform-curation';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { feedCheckFailure } from './feed-check-failure';
import { useAddFeedMutation, useCurationFeedsQuery, useDeleteFeedMutation, useValidateFeedMutation } from './curation-api';

/**
 * A channel's feeds: add one by its address (trimmed, checked by the platform first:
 * 'This url is invalid.' and the address cleared when it is not a feed; a feed that could
 * not be reached says why and keeps the address, feed-check-failure.ts), and delete one.
 * With no feeds yet the articles' empty state below says what they are for, so the card
 * stays a form. `urlInputRef` lets that empty state's first action bring the editor here.
 */
export function FeedsManager({ brandSlug, channelSlug, urlInputRef }: { brandSlug: string; channelSlug: string; urlInputRef?: Ref<HTMLInputElement> }) {
  const feeds = useCurationFeedsQuery({ brandSlug, channelSlug });
  const [validate, validating] = useValidateFeedMutation();
  const [add, adding] = useAddFeedMutation();
  const [remove, removing] = useDeleteFeedMutation();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Feed | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = url.trim();
    setError(null);
    const checked = await validate({ url: trimmed });
    if ('error' in checked) {
      const failure = feedCheckFailure(checked.error);
      setError(failure.message);
      if (failure.clear) setUrl('');
      return;
    }
    const added = await add({ brandSlug, channelSlug, url: trimmed });
    if ('error' in added) {
      setError(feedCheckFailure(added.error).message);
      return;
    }
    setUrl('');
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await remove({ brandSlug, channelSlug, id: deleting.id });
    if ('error' in result) {
      setDeleteError((result.error as { message?: string }).message ?? 'The feed could not be deleted.');
      return;
    }
    setDeleting(null);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="feeds-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="feeds-title">
          Feeds
        </Title>
        <form onSubmit={(event) => void submit(event)}>
          <Group align="flex-start" wrap="nowrap">
            <TextInput
              ref={urlInputRef}
              label="Feed URL"
              placeholder="https://example.com/feed.xml"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              error={error}
              style={{ flex: 1 }}
            />
            <Button type="submit" mt={25} loading={validating.isLoading || adding.isLoading} disabled={url.trim() === ''} leftSection={<IconRss size={16} />}>
              Add feed
            </Button>
          </Group>
        </form>
        {feeds.isError && <Alert color="red">{(feeds.error as { code?: string }).code === 'offline' ? (feeds.error as { message: string }).message : FEEDS_FETCH_FAILED_MESSAGE}</Alert>}
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {feeds.data?.items.map((feed) => (
            <Group key={feed.id} component="li" justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {feed.title || feed.url}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {feed.url}
                  {feed.lastError ? ` — last read failed: ${feed.lastError}` : ''}
                </Text>
              </div>
              <ActionIcon variant="subtle" color="red" aria-label={`Delete feed ${feed.title || feed.url}`} onClick={() => setDeleting(feed)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </Stack>
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title={`Delete the feed ${deleting?.title || deleting?.url || ''}?`}
        message="Its articles stay in the channel; no new ones are read from it."
        loading={removing.isLoading}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
      />
    </Paper>
  );
}
