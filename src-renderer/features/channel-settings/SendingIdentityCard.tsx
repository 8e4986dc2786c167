import { Alert, Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { sendingDomainsPath } from '../../../shared/app-paths';
import type { ChannelSender } from '../../../shared/contract/platform-sending';
import { SENDING_CHECK_DEBOUNCE_MS, domainOfAddress, fromDomainUnverifiedMessage } from '../../../shared/rules/sending-identity';
import { errorFields, errorMessage } from '../../app/bridge-errors';
import { useGetChannelSenderQuery, useGetOrganizationSendingDomainsQuery, useSaveChannelSenderMutation } from './channel-settings-api';
import { senderProblems } from './sender-problems';

// The channel's sending identity (issue 29): From name, From address, Reply-To. Saved on
// the platform on its own (it checks the From domain against the organization's sending
// domains), so the card has its own Save. A From domain not verified yet cannot schedule or
// send tests: the card says so and leads to Sending domains.

export const SENDING_IDENTITY_SAVED = 'Sending identity saved.';
const EMPTY: ChannelSender = { fromName: '', fromAddress: '', replyTo: '' };

export function SendingIdentityCard({ brandSlug, channelSlug }: { brandSlug: string; channelSlug: string }) {
  const stored = useGetChannelSenderQuery({ brandSlug, channelSlug }, { refetchOnMountOrArgChange: true });
  const domains = useGetOrganizationSendingDomainsQuery({ brandSlug }, { refetchOnMountOrArgChange: true });
  const [save, saving] = useSaveChannelSenderMutation();
  const [draft, setDraft] = useState<ChannelSender>(EMPTY);
  const [typed] = useDebouncedValue(draft, SENDING_CHECK_DEBOUNCE_MS);
  // Messages from the last Save (the rules' or the platform's 422 fields) hold until that field changes.
  const [saveErrors, setSaveErrors] = useState<Partial<Record<keyof ChannelSender, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (stored.data) setDraft({ fromName: stored.data.fromName, fromAddress: stored.data.fromAddress, replyTo: stored.data.replyTo });
  }, [stored.data]);

  const domainNames = useMemo(() => domains.data?.map((domain) => domain.domain) ?? null, [domains.data]);
  const typingProblems = useMemo(() => senderProblems(typed, domainNames), [typed, domainNames]);
  const errorOf = (field: keyof ChannelSender) => saveErrors[field] ?? (typed[field] === draft[field] ? typingProblems[field] : undefined);

  const set = (field: keyof ChannelSender, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setSaveErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems = senderProblems(draft, domainNames);
    setSaveErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const result = await save({ brandSlug, channelSlug, sender: draft });
    if (result.error) {
      const fields = errorFields(result.error);
      setSaveErrors({ fromName: fields.fromName, fromAddress: fields.fromAddress, replyTo: fields.replyTo });
      if (!fields.fromName && !fields.fromAddress && !fields.replyTo) setFailure(errorMessage(result.error, 'The sending identity was not saved.'));
      return;
    }
    notifications.show({ color: 'green', message: SENDING_IDENTITY_SAVED });
  }

  const current = stored.data;
  const unverifiedDomain = current?.fromAddress && !current.fromDomainVerified ? domainOfAddress(current.fromAddress) : null;

  return (
    <Paper withBorder p="lg" component="section" aria-label="Sending identity">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2} size="h4">
                Sending identity
              </Title>
              <Text size="sm" c="dimmed">
                Who this channel&apos;s letters come from. The From address must be on one of the organization&apos;s{' '}
                <Anchor component={Link} to={sendingDomainsPath(brandSlug)} underline="always">
                  sending domains
                </Anchor>
                {domainNames && domainNames.length > 0 ? ` (${domainNames.join(', ')})` : ''}.
              </Text>
            </div>
            <Button type="submit" variant="light" loading={saving.isLoading} disabled={!current} leftSection={<IconDeviceFloppy size={18} />}>
              Save sending identity
            </Button>
          </Group>
          {stored.isLoading && <Loader size="sm" aria-label="Loading the sending identity" />}
          {stored.error && (
            <Alert color="red" variant="light">
              {errorMessage(stored.error, 'The sending identity could not be read.')}
            </Alert>
          )}
          {current && (
            <>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label="From name" placeholder="The platform's name" value={draft.fromName} error={errorOf('fromName')} onChange={(e) => set('fromName', e.currentTarget.value)} />
                <TextInput
                  label="From address"
                  placeholder="news@example.com"
                  autoComplete="off"
                  spellCheck={false}
                  value={draft.fromAddress}
                  error={errorOf('fromAddress')}
                  onChange={(e) => set('fromAddress', e.currentTarget.value)}
                />
                <TextInput
                  label="Reply-To"
                  placeholder="Replies go to the From address"
                  autoComplete="off"
                  spellCheck={false}
                  value={draft.replyTo}
                  error={errorOf('replyTo')}
                  onChange={(e) => set('replyTo', e.currentTarget.value)}
                />
              </SimpleGrid>
              <Group gap="xs" role="status" aria-label="Effective From">
                <Text size="sm">
                  Readers see From:{' '}
                  <Text span ff="monospace" size="sm">
                    {current.effectiveFrom}
                  </Text>
                </Text>
                {/* Filled where light would fail contrast (axe): light yellow on yellow reads at 2.8:1. */}
                <Badge color={current.fromDomainVerified ? 'teal' : current.fromAddress ? 'red.9' : 'gray.7'} variant={current.fromDomainVerified ? 'light' : 'filled'}>
                  {current.fromDomainVerified ? 'Verified domain' : current.fromAddress ? 'Domain not verified' : "Platform's address"}
                </Badge>
              </Group>
              {unverifiedDomain && (
                <Alert color="yellow" variant="light">
                  {fromDomainUnverifiedMessage(unverifiedDomain)}{' '}
                  <Anchor component={Link} to={sendingDomainsPath(brandSlug)} underline="always">
                    Open Sending domains
                  </Anchor>
                </Alert>
              )}
            </>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
