import { Alert, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { Campaign } from '../../../shared/contract/platform-promotions';
import { campaignStatusLabel } from './campaign-status-label';
import { useAddCampaignCommentMutation, useGetCampaignCommentsQuery } from './promotions-api';
import { formatDateTime } from '../../../shared/rules/display-dates';

/** The campaign's thread (spec 3 §9: up to 250): comments and the status changes, newest first. */
export function CampaignComments({ campaign, channelSlug }: { campaign: Campaign; channelSlug: string }) {
  const { data, error } = useGetCampaignCommentsQuery({ channelSlug, campaignId: campaign.id });
  const [add, { isLoading }] = useAddCampaignCommentMutation();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    const result = await add({ channelSlug, campaignId: campaign.id, status: campaign.status, comment });
    if ('data' in result) return setComment('');
    setProblem(result.error && 'message' in result.error ? String(result.error.message) : 'The comment could not be saved.');
  };
  return (
    <Card withBorder aria-label="Comments">
      <Stack gap="sm">
        <Title order={4}>Comments</Title>
        {(error || problem) && <Alert color="red">{problem ?? (error && 'message' in error ? String(error.message) : 'The comments could not be loaded.')}</Alert>}
        <Group align="flex-end">
          <Textarea label="Comment" value={comment} onChange={(e) => setComment(e.currentTarget.value)} style={{ flex: 1 }} autosize minRows={1} />
          <Button onClick={() => void send()} loading={isLoading} disabled={comment.trim() === ''}>
            Add comment
          </Button>
        </Group>
        {data?.comments.length === 0 && <Text c="dimmed">No comments yet.</Text>}
        {data?.comments.map((c) => (
          <Stack key={c.id} gap={0}>
            <Text size="xs" c="dimmed">
              {c.authorName || 'Someone'} · {formatDateTime(c.createdAt)}
              {c.status !== null ? ` · ${campaignStatusLabel(c.status)}` : ''}
            </Text>
            {c.comment && <Text size="sm">{c.comment}</Text>}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
