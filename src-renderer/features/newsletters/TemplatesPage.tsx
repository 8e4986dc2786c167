import { Alert, Button, Group, Loader, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { PublicationStatus } from '../../../shared/model/publication';
import { shortcutLabel, useCommandHandler } from '../../app/command-bus';
import { letterPath } from '../../app/paths';
import { useGetSessionQuery } from '../session/session-api';
import { CloneFailedAlert } from './CloneFailedAlert';
import { LetterListTabs } from './LetterListTabs';
import { useCreateLetterMutation } from './newsletters-api';
import { NewslettersTable } from './NewslettersTable';
import { useCloneLetter } from './use-clone-letter';
import { useLetterList } from './use-letter-list';

/**
 * The channel's templates (spec 1 §2 `.../newsletters/templates`): every template state,
 * New template, and Clone, whose copies are templates too. A row opens the composer, where
 * a template is configured and activated.
 */
export function TemplatesPage() {
  const { brandSlug = '', channelSlug = '' } = useParams();
  const navigate = useNavigate();
  const { data: session } = useGetSessionQuery();
  const channel = session?.organizations.find((o) => o.slug === brandSlug)?.channels.find((c) => c.channelSlug === channelSlug);
  const list = useLetterList(brandSlug, channelSlug, 'templates');
  const { data: templates, isLoading, isFetching, error } = list;
  const [createLetter, creation] = useCreateLetterMutation();
  const cloning = useCloneLetter(PublicationStatus.template);

  // On this list the New Letter command makes what the list holds.
  useCommandHandler('file.newLetter', () => void onNewTemplate(), !creation.isLoading);

  async function onNewTemplate() {
    const result = await createLetter({ brandSlug, channelSlug, template: true });
    if ('data' in result && result.data) {
      navigate(letterPath(brandSlug, channelSlug, result.data.id ?? result.data.uniqueId));
    }
  }

  return (
    <div style={{ padding: 'var(--mantine-spacing-md)' }}>
      <Group justify="space-between" mb="md">
        <div>
          <Title order={2}>Templates</Title>
          {channel && <Text c="dimmed">{channel.title}</Text>}
        </div>
        <Tooltip label={`New Template (${shortcutLabel('file.newLetter')})`}>
          <Button onClick={onNewTemplate} loading={creation.isLoading}>
            New template
          </Button>
        </Tooltip>
      </Group>
      <LetterListTabs active="templates" brandSlug={brandSlug} channelSlug={channelSlug} />
      <Group mb="md" align="flex-end">
        <TextInput label="Search" placeholder="Search titles and text" value={list.search} onChange={(e) => list.setSearch(e.currentTarget.value)} w={320} />
      </Group>
      {creation.error && 'message' in creation.error && <Alert color="red" mb="md">{String(creation.error.message)}</Alert>}
      <CloneFailedAlert reason={cloning.error} onClose={cloning.dismissError} />
      {error && 'message' in error && <Alert color="red">{String(error.message)}</Alert>}
      {isLoading && <Loader aria-label="Loading templates" />}
      {templates && templates.length === 0 && (
        <Text c="dimmed">{list.searching ? 'No templates match.' : 'No templates yet. Start one with New template.'}</Text>
      )}
      {templates && templates.length > 0 && (
        <NewslettersTable
          kind="templates"
          letters={templates}
          brandSlug={brandSlug}
          channelSlug={channelSlug}
          sort={list.sort}
          onSort={list.setSort}
          onClone={(template) => void cloning.clone(template)}
          cloningId={cloning.cloningId}
        />
      )}
      {list.hasMore && (
        <Button variant="subtle" mt="sm" loading={isFetching} onClick={list.showMore}>
          Show more
        </Button>
      )}
    </div>
  );
}
