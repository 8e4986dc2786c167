import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Loader, SegmentedControl, Stack, TextInput, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isEditableStatus, publicationStatusLabel } from '../../../shared/model/publication';
import { getBridge } from '../../app/bridge';
import { shortcutLabel, useCommandHandler } from '../../app/command-bus';
import { letterPath, newslettersPath } from '../../app/paths';
import { LetterNotFound } from '../../ui/LetterNotFound';
import { useGetLetterQuery } from './composer-api';
import { ComposerSteps } from './ComposerSteps';
import { ComposerWorkspace } from './ComposerWorkspace';
import { HistoryButtons } from './HistoryButtons';
import { PreviewPane, type PreviewDevice } from './PreviewPane';
import { SaveIndicator } from './SaveIndicator';
import { TakenOverAlert } from './TakenOverAlert';
import { useClaim } from './use-claim';
import { useComposerDocument } from './use-composer-document';
import { useLocalSave } from './use-local-save';

/** The composer route: title area, action bar, the canvas with its sidebar, and the live preview. */
export function ComposerPage() {
  const { brandSlug = '', channelSlug = '', id = '' } = useParams();
  const navigate = useNavigate();
  const { data: letter, isLoading, error, refetch } = useGetLetterQuery({ brandSlug, channelSlug, id });
  const { save, state, error: saveError, savedAt, flush } = useLocalSave(letter?.uniqueId);
  const blocksDocument = useComposerDocument(letter, save, refetch);
  // Save (CmdOrCtrl+S): finish the local save, then push to the platform now.
  useCommandHandler('file.save', () => (blocksDocument.flush(), void flush().then(() => getBridge().invoke('sync.now', {}))), Boolean(letter));
  const [title, setTitle] = useState<string | null>(null);
  const { refusal, takenOverBy, takeOver } = useClaim(letter);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  useCommandHandler('view.togglePreview', () => setPreviewOpen((open) => !open), Boolean(letter));
  useCommandHandler('view.desktopPreview', () => (setDevice('desktop'), setPreviewOpen(true)), Boolean(letter));
  useCommandHandler('view.mobilePreview', () => (setDevice('mobile'), setPreviewOpen(true)), Boolean(letter));

  // The field owns the title while the letter is open: a refetch must not undo typing.
  useEffect(() => {
    setTitle(letter?.title ?? null);
  }, [letter?.uniqueId]); // eslint-disable-line react-hooks/exhaustive-deps

  // After a conflict the letter holds the platform's version: the field shows it.
  useEffect(
    () =>
      getBridge().on('letters.conflict', ({ uniqueId }) => {
        if (uniqueId !== letter?.uniqueId) return;
        void refetch().then((fresh) => fresh.data && setTitle(fresh.data.title));
      }),
    [letter?.uniqueId, refetch],
  );

  // A letter drafted offline is opened by uniqueId; once synced, its link uses its id.
  useEffect(() => {
    if (letter?.id && id !== String(letter.id)) navigate(letterPath(brandSlug, channelSlug, letter.id), { replace: true });
  }, [letter?.id, id, brandSlug, channelSlug, navigate]);

  if (isLoading) return <Loader aria-label="Loading letter" m="xl" />;
  if (error) return <Alert color="red" m="md">{'message' in error ? String(error.message) : 'This letter could not be loaded.'}</Alert>;
  if (!letter) return <LetterNotFound />;

  // Someone else holding the letter makes it read-only here until this editor takes over.
  const editable = isEditableStatus(letter.publicationStatus) && refusal === null && takenOverBy === null;
  return (
    <Stack p="md" gap="sm">
      <Breadcrumbs>
        <Anchor component={Link} to={newslettersPath(brandSlug, channelSlug)}>
          Newsletters
        </Anchor>
        <span>{title || letter.title || 'Untitled'}</span>
      </Breadcrumbs>
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Title"
          value={title ?? ''}
          readOnly={!editable}
          style={{ flex: 1, maxWidth: 640 }}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setTitle(value);
            save({ title: value });
          }}
        />
        <Badge variant="outline">{publicationStatusLabel(letter.publicationStatus)}</Badge>
        <Badge variant="light" color="gray">
          {letter.segmentName ?? 'No audience'}
        </Badge>
        <SaveIndicator state={state} updatedAt={savedAt ?? letter.updatedAt} />
      </Group>
      {saveError && <Alert color="red">{saveError}</Alert>}
      {refusal && (
        <Alert color="yellow" title="Read only">
          {refusal}
          <Button size="xs" variant="light" ml="md" onClick={() => void takeOver()}>
            Take over editing
          </Button>
        </Alert>
      )}
      {takenOverBy && <TakenOverAlert name={takenOverBy} onExit={() => navigate(newslettersPath(brandSlug, channelSlug))} />}
      {blocksDocument.loadError && <Alert color="red">{blocksDocument.loadError}</Alert>}
      <Group gap="sm" role="toolbar" aria-label="Composer actions">
        <ComposerSteps active={0} />
        <HistoryButtons enabled={editable} />
        <Tooltip label={`Toggle Preview (${shortcutLabel('view.togglePreview')})`}>
          <Button variant={previewOpen ? 'filled' : 'default'} aria-pressed={previewOpen} onClick={() => setPreviewOpen((open) => !open)}>
            Preview
          </Button>
        </Tooltip>
        <SegmentedControl
          aria-label="Preview device"
          value={device}
          onChange={(value) => setDevice(value as PreviewDevice)}
          data={[
            { label: 'Desktop', value: 'desktop' },
            { label: 'Mobile', value: 'mobile' },
          ]}
        />
      </Group>
      {previewOpen && <PreviewPane letter={letter} device={device} revision={savedAt ?? letter.updatedAt} />}
      <ComposerWorkspace letter={letter} readOnly={!editable} />
    </Stack>
  );
}
