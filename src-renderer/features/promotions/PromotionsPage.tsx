import { Alert, Badge, Button, Checkbox, Group, Modal, Pagination, SegmentedControl, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CAMPAIGN_CREATE_FAILED, CAMPAIGN_STATUS_FILTERS, CAMPAIGN_TITLE_DEFAULT, CampaignStatus } from '../../../shared/rules/promotions';
import { AdTypesCard } from './AdTypesCard';
import { campaignStatusLabel } from './campaign-status-label';
import { campaignPath } from './promotion-paths';
import { useIsAdvertiser } from './use-is-advertiser';
import { useCreateCampaignMutation, useListCampaignsQuery } from './promotions-api';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { IconSpeakerphone } from '@tabler/icons-react';

const PAGE_SIZE = 25;

/** The organization's campaigns (spec 3 §2): status filter All / Active / Inactive, search, paging, and 'New campaign'. */
export function PromotionsPage() {
  const { brandSlug = '', channelSlug = '' } = useParams();
  const [status, setStatus] = useState<number>(CampaignStatus.any);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const { data, error, isFetching } = useListCampaignsQuery({ brandSlug, status, search: debounced, page });
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  const advertiser = useIsAdvertiser(brandSlug);

  return (
    <ScreenFrame title="Promotions" actions={<Button onClick={() => setCreating(true)}>New campaign</Button>}>
      <Group>
        <SegmentedControl
          aria-label="Campaign status"
          value={String(status)}
          onChange={(value) => (setStatus(Number(value)), setPage(1))}
          data={CAMPAIGN_STATUS_FILTERS.map((f) => ({ label: f.label, value: String(f.value) }))}
        />
        <TextInput aria-label="Search campaigns" placeholder="Search campaigns" value={search} onChange={(e) => (setSearch(e.currentTarget.value), setPage(1))} />
      </Group>
      {error && <Alert color="red">{'message' in error ? String(error.message) : 'The campaigns could not be loaded.'}</Alert>}
      {data && data.campaigns.length === 0 && !isFetching && (search || status !== CampaignStatus.any) && <Text c="dimmed">No campaigns match.</Text>}
      {data && data.campaigns.length === 0 && !isFetching && !search && status === CampaignStatus.any && (
        <ListEmptyState
          icon={IconSpeakerphone}
          title="No campaigns yet"
          actions={<Button onClick={() => setCreating(true)}>Create your first campaign</Button>}
        >
          A campaign holds an advertiser’s promotions: what they say, the days they run and the channels that carry them.
        </ListEmptyState>
      )}
      {data && data.campaigns.length > 0 && (
        <Table striped aria-label="Campaigns">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Campaign</Table.Th>
              <Table.Th>Promoter</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Clicks</Table.Th>
              <Table.Th>Views</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.campaigns.map((campaign) => (
              <Table.Tr key={campaign.id}>
                <Table.Td>
                  <Link to={campaignPath(brandSlug, channelSlug, campaign.uniqueId)}>{campaign.title}</Link>
                  {campaign.isTemplate && (
                    <Badge ml="xs" size="xs" color="grape">
                      Template
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{campaign.promoterName || '—'}</Table.Td>
                <Table.Td>{campaignStatusLabel(campaign.status)}</Table.Td>
                <Table.Td>{campaign.clicks}</Table.Td>
                <Table.Td>{campaign.views}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
      {/* Ad types and templates are the organization's own; an advertiser only uses them. */}
      {!advertiser && <AdTypesCard brandSlug={brandSlug} />}
      <NewCampaignDialog opened={creating} onClose={() => setCreating(false)} brandSlug={brandSlug} channelSlug={channelSlug} canTemplate={!advertiser} />
    </ScreenFrame>
  );
}

function NewCampaignDialog({
  opened,
  onClose,
  brandSlug,
  channelSlug,
  canTemplate,
}: {
  opened: boolean;
  onClose: () => void;
  brandSlug: string;
  channelSlug: string;
  canTemplate: boolean;
}) {
  const navigate = useNavigate();
  const [create, { isLoading }] = useCreateCampaignMutation();
  const [title, setTitle] = useState(CAMPAIGN_TITLE_DEFAULT);
  const [promoterName, setPromoterName] = useState('');
  const [promoterEmail, setPromoterEmail] = useState('');
  const [instructions, setInstructions] = useState('');
  const [isTemplate, setIsTemplate] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  const submit = async () => {
    setFailure(null);
    const result = await create({
      brandSlug,
      campaign: {
        title,
        promoterName,
        promoterEmail,
        channels: [],
        campaignInstructions: instructions,
        dateRangeStart: null,
        dateRangeEnd: null,
        isTemplate,
      },
    });
    if ('data' in result && result.data) {
      onClose();
      navigate(campaignPath(brandSlug, channelSlug, result.data.uniqueId));
      return;
    }
    const error = 'error' in result ? (result.error as { fields?: Record<string, string[]> }) : null;
    if (error?.fields) setFieldErrors(error.fields);
    else setFailure(CAMPAIGN_CREATE_FAILED);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="New campaign">
      <Stack gap="sm">
        {failure && <Alert color="red">{failure}</Alert>}
        <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={fieldErrors.title?.[0]} />
        <TextInput label="Promoter name" value={promoterName} onChange={(e) => setPromoterName(e.currentTarget.value)} error={fieldErrors.promoterName?.[0]} />
        <TextInput label="Promoter email" value={promoterEmail} onChange={(e) => setPromoterEmail(e.currentTarget.value)} error={fieldErrors.promoterEmail?.[0]} />
        <Textarea label="Campaign instructions" value={instructions} onChange={(e) => setInstructions(e.currentTarget.value)} />
        {canTemplate && <Checkbox label="Template (clone it to start campaigns)" checked={isTemplate} onChange={(e) => setIsTemplate(e.currentTarget.checked)} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={isLoading}>
            Create campaign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
