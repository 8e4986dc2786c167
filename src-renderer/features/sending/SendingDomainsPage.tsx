import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { SENDING_CHECK_DEBOUNCE_MS, SENDING_MESSAGES, normalizeDomain } from '../../../shared/rules/sending-identity';
import { errorFields, errorMessage } from '../../app/bridge-errors';
import { EmptyState } from '../../ui/EmptyState';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { useGetSessionQuery } from '../../app/session-api';
import { SendingDomainCard } from './SendingDomainCard';
import { useAddSendingDomainMutation, useListSendingDomainsQuery } from './sending-domains-api';

// The organization's sending domains (organizations/:brandSlug/sending-domains): add one,
// publish the records the platform lists, Check DNS. A channel may send From a domain only
// once it is verified; its mail is then DKIM-signed with the domain's key. Members see the
// domains; owners and admins change them.

export const MANAGERS_ONLY_NOTE = 'Only owners and admins of the organization can add, check or remove its sending domains.';

/** The shared rule's message for a domain that is typed and is no domain; nothing while the field is empty. */
export function domainProblem(text: string): string | null {
  return text.trim() !== '' && normalizeDomain(text) === null ? SENDING_MESSAGES.domain : null;
}

function AddDomainForm({ brandSlug }: { brandSlug: string }) {
  const [add, adding] = useAddSendingDomainMutation();
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text, SENDING_CHECK_DEBOUNCE_MS);
  // A message from the last submit (the rule's or the platform's) holds until the field changes.
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const error = submitted ?? (typed === text ? domainProblem(typed) : null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problem = domainProblem(text) ?? (text.trim() === '' ? SENDING_MESSAGES.domain : null);
    if (problem) return setSubmitted(problem);
    const result = await add({ brandSlug, domain: text });
    if (result.error) {
      const fields = errorFields(result.error);
      if (fields.domain) setSubmitted(fields.domain);
      else setFailure(errorMessage(result.error, 'The domain was not added.'));
      return;
    }
    setText('');
  }

  return (
    <Paper withBorder p="lg">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Add a sending domain
          </Title>
          <Text size="sm" c="dimmed">
            The domain your channels send From, such as news.example.com. The platform makes its DKIM key and lists the records to publish in its DNS.
          </Text>
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Domain"
              placeholder="news.example.com"
              value={text}
              error={error}
              autoComplete="off"
              spellCheck={false}
              style={{ flex: 1, maxWidth: 420 }}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setSubmitted(null);
              }}
            />
            <Button type="submit" mt={25} loading={adding.isLoading} leftSection={<IconPlus size={16} />}>
              Add domain
            </Button>
          </Group>
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

export function SendingDomainsPage() {
  const { brandSlug = '' } = useParams();
  const session = useGetSessionQuery();
  const organization = session.data?.organizations.find((o) => o.slug === brandSlug);
  const canManage = organization?.role === 'owner' || organization?.role === 'admin';
  const domains = useListSendingDomainsQuery({ brandSlug }, { skip: brandSlug === '', refetchOnMountOrArgChange: true });

  return (
    <ScreenFrame
      title="Sending domains"
      subtitle={`The domains ${organization?.name ?? 'this organization'}'s channels send from. Mail is signed with a domain's DKIM key once Check DNS finds its records.`}
      maw={1200}
    >
      {canManage ? <AddDomainForm brandSlug={brandSlug} /> : <Text c="dimmed">{MANAGERS_ONLY_NOTE}</Text>}
      {domains.isLoading && <Loader aria-label="Loading the sending domains" />}
      {domains.error && (
        <Alert color="red" title="Sending domains">
          {errorMessage(domains.error, 'The sending domains could not be read.')}
        </Alert>
      )}
      {domains.data && domains.data.length === 0 && (
        <Paper withBorder>
          <EmptyState title="No sending domains yet">Until a domain is verified, the organization's mail goes out From the platform's own address, unsigned.</EmptyState>
        </Paper>
      )}
      <Stack gap="lg">
        {domains.data?.map((domain) => <SendingDomainCard key={domain.id} brandSlug={brandSlug} domain={domain} canManage={canManage} />)}
      </Stack>
    </ScreenFrame>
  );
}
