import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Campaign, Promotion } from '../../../shared/contract/platform-promotions';
import { CampaignStatus, PromotionStatus, campaignStepLabel, isCampaignInSetup, nextCampaignStatus, priorCampaignStatus } from '../../../shared/rules/promotions';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { CampaignComments } from './CampaignComments';
import { CampaignMetricsCard } from './CampaignMetricsCard';
import { useIsAdvertiser } from './use-is-advertiser';
import { campaignStatusLabel } from './campaign-status-label';
import { CollateralForm } from './CollateralForm';
import { CollateralPreview } from './CollateralPreview';
import { campaignPath, promotionsPath } from './promotion-paths';
import { promotionReviewNote } from './promotion-review-note';
import {
  useCloneCampaignMutation,
  useDeleteCampaignMutation,
  useGetAdTypesQuery,
  useGetCampaignQuery,
  useReviewPromotionMutation,
  useSetCampaignStatusMutation,
} from './promotions-api';

function errorText(result: unknown, fallback: string): string | null {
  if (typeof result === 'object' && result !== null && 'error' in result) {
    const error = (result as { error: unknown }).error;
    return typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : fallback;
  }
  return null;
}

/** One campaign: its setup stepper ('Step X of Y'), approval, collateral with review, metrics, clone and delete. */
export function CampaignPage() {
  const { brandSlug = '', channelSlug = '', uniqueId = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading } = useGetCampaignQuery({ uniqueId });
  const { data: adTypes } = useGetAdTypesQuery({ brandSlug });
  const [setStatus, statusState] = useSetCampaignStatusMutation();
  const [cloneCampaign] = useCloneCampaignMutation();
  const [deleteCampaign, deleteState] = useDeleteCampaignMutation();
  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const advertiser = useIsAdvertiser(brandSlug);

  if (isLoading) return <Loader m="md" aria-label="Loading the campaign" />;
  if (error || !data) return <Alert m="md" color="red">{error && 'message' in error ? String(error.message) : 'This campaign does not exist.'}</Alert>;
  const { campaign, promotions } = data;

  const move = async (status: number) => {
    setProblem(errorText(await setStatus({ uniqueId, status, comment: '' }), 'The campaign status could not be changed.'));
  };
  const clone = async () => {
    const result = await cloneCampaign({ brandSlug, id: campaign.id });
    if ('data' in result && result.data) navigate(campaignPath(brandSlug, channelSlug, result.data.uniqueId));
    else setProblem(errorText(result, 'The campaign could not be copied.'));
  };
  const remove = async () => {
    const result = await deleteCampaign({ brandSlug, id: campaign.id });
    const failed = errorText(result, 'The campaign could not be deleted.');
    setDeleting(false);
    if (failed) setProblem(failed);
    else navigate(promotionsPath(brandSlug, channelSlug));
  };

  return (
    <Stack p="lg" gap="md">
      <Anchor component={Link} to={promotionsPath(brandSlug, channelSlug)} size="sm">
        ← Campaigns
      </Anchor>
      <Group justify="space-between">
        <Group>
          <Title order={1} size="h2">
            {campaign.title}
          </Title>
          <Badge color={campaign.status === CampaignStatus.approved ? 'green' : 'gray'} tt="none" aria-label="Campaign status">
            {campaignStatusLabel(campaign.status)}
          </Badge>
        </Group>
        <Group>
          <Button variant="default" onClick={() => void clone()}>
            Clone
          </Button>
          <Button variant="default" color="red" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </Group>
      </Group>
      {problem && (
        <Alert color="red" withCloseButton onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      )}
      <CampaignDetails campaign={campaign} />
      <SetupBar campaign={campaign} busy={statusState.isLoading} canApprove={!advertiser} onMove={(status) => void move(status)} />
      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={4}>Promotions</Title>
            <Button size="xs" onClick={() => setEditing('new')} disabled={editing !== null}>
              Add promotion
            </Button>
          </Group>
          {editing !== null && (
            <CollateralForm
              campaignUniqueId={campaign.uniqueId}
              promotion={editing === 'new' ? null : editing}
              adTypes={adTypes?.items ?? []}
              onDone={() => setEditing(null)}
            />
          )}
          {promotions.length === 0 && editing === null && <Text c="dimmed">No promotions yet.</Text>}
          {promotions.map((promotion) => (
            <PromotionRow
              key={promotion.id}
              promotion={promotion}
              brandSlug={brandSlug}
              channelSlug={campaign.channels[0] ?? channelSlug}
              canReview={!advertiser}
              onEdit={() => setEditing(promotion)}
            />
          ))}
        </Stack>
      </Card>
      <CampaignMetricsCard brandSlug={brandSlug} campaignId={campaign.id} />
      <CampaignComments campaign={campaign} channelSlug={campaign.channels[0] ?? channelSlug} />
      <ConfirmDeleteDialog
        opened={deleting}
        title={`Delete ${campaign.title}?`}
        loading={deleteState.isLoading}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      />
    </Stack>
  );
}

function CampaignDetails({ campaign }: { campaign: Campaign }) {
  return (
    <Group gap="xl">
      <Text size="sm">Promoter: {campaign.promoterName ? `${campaign.promoterName}${campaign.promoterEmail ? ` <${campaign.promoterEmail}>` : ''}` : '—'}</Text>
      <Text size="sm">Channels: {campaign.channels.length > 0 ? campaign.channels.join(', ') : 'All channels'}</Text>
      {campaign.campaignInstructions && <Text size="sm">Instructions: {campaign.campaignInstructions}</Text>}
    </Group>
  );
}

/** The setup steps 0 → 7 → 2 (spec 3 §4) with Back and Next; once ready, approval makes it Active (5). */
function SetupBar({ campaign, busy, canApprove, onMove }: { campaign: Campaign; busy: boolean; canApprove: boolean; onMove: (status: number) => void }) {
  const inSetup = isCampaignInSetup(campaign.status) || campaign.status === CampaignStatus.draft;
  return (
    <Card withBorder>
      <Group justify="space-between">
        <Text fw={600}>{inSetup ? campaignStepLabel(campaign.status) : campaignStatusLabel(campaign.status)}</Text>
        <Group>
          {campaign.status !== CampaignStatus.new && campaign.status !== CampaignStatus.approved && (
            <Button variant="default" loading={busy} onClick={() => onMove(priorCampaignStatus(campaign.status))}>
              Back
            </Button>
          )}
          {isCampaignInSetup(campaign.status) && (
            <Button loading={busy} onClick={() => onMove(nextCampaignStatus(campaign.status))}>
              Next
            </Button>
          )}
          {campaign.status === CampaignStatus.draft && canApprove && (
            <Button color="green" loading={busy} onClick={() => onMove(CampaignStatus.approved)}>
              Approve campaign
            </Button>
          )}
          {campaign.status === CampaignStatus.approved && (
            <Button variant="default" loading={busy} onClick={() => onMove(CampaignStatus.new)}>
              Reopen setup
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}

function PromotionRow({
  promotion,
  brandSlug,
  channelSlug,
  canReview,
  onEdit,
}: {
  promotion: Promotion;
  brandSlug: string;
  channelSlug: string;
  /** Reviews are the organization's members' (an advertiser waits for them). */
  canReview: boolean;
  onEdit: () => void;
}) {
  const [review, { isLoading }] = useReviewPromotionMutation();
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const approved = promotion.status === PromotionStatus.approved;
  const send = async (kind: 'approve' | 'request-changes') => {
    setProblem(errorText(await review({ brandSlug, channelSlug, promotionId: promotion.id, kind, message }), 'The review could not be saved.'));
    setMessage('');
  };
  const when = promotion.dates.length > 0 ? promotion.dates.join(', ') : [promotion.dateRangeStart, promotion.dateRangeEnd].filter(Boolean).join(' – ');
  const reviewNote = promotionReviewNote(promotion.messages.at(-1));
  return (
    <Card withBorder padding="sm" aria-label={`Promotion ${promotion.headline}`}>
      <Stack gap={4}>
        <Group justify="space-between">
          <Text fw={600}>{promotion.headline}</Text>
          <Badge color={approved ? 'green' : 'yellow'}>{approved ? 'Approved' : 'Waiting for approval'}</Badge>
        </Group>
        <Text size="sm">{promotion.content}</Text>
        <Text size="sm">
          {promotion.callToAction} → {promotion.callToActionUrl}
        </Text>
        <Text size="xs" c="dimmed">
          Zone {promotion.zone} · {when} · {promotion.payText}
        </Text>
        {reviewNote && (
          <Text size="xs" c="dimmed">
            {reviewNote}
          </Text>
        )}
        {problem && <Alert color="red">{problem}</Alert>}
        <Group align="flex-end">
          {canReview && <TextInput size="xs" label="Message" value={message} onChange={(e) => setMessage(e.currentTarget.value)} style={{ flex: 1 }} />}
          <Button size="xs" variant="default" onClick={() => setPreviewing(true)}>
            Preview
          </Button>
          <Button size="xs" variant="default" onClick={onEdit}>
            Edit
          </Button>
          {canReview && (
            <Button size="xs" variant="default" loading={isLoading} onClick={() => void send('request-changes')}>
              Request changes
            </Button>
          )}
          {canReview && !approved && (
            <Button size="xs" color="green" loading={isLoading} onClick={() => void send('approve')}>
              Approve
            </Button>
          )}
        </Group>
      </Stack>
      {previewing && <CollateralPreview promotionId={promotion.id} headline={promotion.headline} onClose={() => setPreviewing(false)} />}
    </Card>
  );
}
