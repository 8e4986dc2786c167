import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Loader, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { VersionContentPayload } from '../../../shared/contract/platform-revisions';
import { parseSections } from '../../../shared/model/section';
import { formatDateTime } from '../../../shared/rules/display-dates';
import { versionRestored } from '../../block-kit/composer-slice';
import { HistoryDrawer } from './history/HistoryDrawer';
import { Link, useNavigate, useParams } from 'react-router';
import { COMPANY_CHANNEL_SLUG } from '../../../shared/model/channel';
import { isEditableStatus, PublicationStatus, publicationStatusLabel, isTemplateStatus } from '../../../shared/model/publication';
import { abTestBlocksDraft, hasInvalidHtmlBlock, schedulingGate } from '../../../shared/rules/schedule';
import {
  composerView,
  leaveNeedsWarning,
  primaryAction,
  saveAsDraftState,
  showsDeviceToggle,
  titleEditable,
  type PrimaryAction,
} from '../../../shared/rules/schedule-actions';
import { getBridge } from '../../app/bridge';
import { shortcutLabel, useCommandHandlers } from '../../app/command-bus';
import { channelDashboardPath, letterPath, newslettersPath, templatesPath } from '../../../shared/app-paths';
import { hasReport, reportToggleLabel } from '../../../shared/rules/report-view';
import type { RootState } from '../../app/store';
import { LetterNotFound } from '../../ui/LetterNotFound';
import { CLONE_FAILED_MESSAGE, useCloneLetterMutation } from '../../app/letter-clone-api';
import { useGetSessionQuery } from '../../app/session-api';
import { COMPOSER_COMMANDS } from './composer-commands';
import { COMPOSER_PLUGINS } from '../../app/composer-plugins';
import { useGetLetterQuery } from './composer-api';
import { ComposerWorkspace } from './ComposerWorkspace';
import { DeviceToggle } from './DeviceToggle';
import { HistoryButtons } from './HistoryButtons';
import { ActionBar } from './lifecycle/ActionBar';
import { ConfirmDialog } from './lifecycle/ConfirmDialog';
import { LeaveGuard } from './lifecycle/LeaveGuard';
import { ScheduledView } from './lifecycle/ScheduledView';
import { ScheduleSidebar } from './lifecycle/ScheduleSidebar';
import { useLifecycleActions } from './lifecycle/use-lifecycle-actions';
import { useScheduleForm } from './lifecycle/use-schedule-form';
import { useAutomationForm } from './lifecycle/use-automation-form';
import { toastError, toastSuccess } from '../../ui/toasts';
import { errorMessage, useSetPrivateMutation } from './lifecycle/lifecycle-api';
import { MoreActionsMenu } from './MoreActionsMenu';
import { PreviewPane, type PreviewDevice } from './PreviewPane';
import type { PreviewAsReaderChoice } from '../../../shared/contract/platform-preview-as';
import { AppearanceToggle } from '../../ui/email-preview/AppearanceToggle';
import { usePreviewAppearance } from '../../ui/email-preview/use-preview-appearance';
import { SaveIndicator } from './SaveIndicator';
import { ReadOnlyNotice } from './ReadOnlyNotice';
import { TakenOverAlert } from './TakenOverAlert';
import { SendTestEmailButton } from './test-send/SendTestEmailButton';
import { useClaim } from './use-claim';
import { useComposerDocument } from './use-composer-document';
import { useLocalSave } from './use-local-save';

/** The letter's title is its email subject (spec 1 §3); the label says so. */
export const TITLE_FIELD_LABEL = 'Title (email subject)';

/**
 * The composer route: title area, action bar, and what the letter's status calls for: the
 * canvas with its sidebar (and live preview) while composing, the email with the schedule
 * sidebar at the schedule step, the scheduled view, or the rendered email once sent.
 */
export function ComposerPage() {
  const { brandSlug = '', channelSlug = '', id = '' } = useParams();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const { data: letter, isLoading, error, refetch } = useGetLetterQuery({ brandSlug, channelSlug, id });
  COMPOSER_PLUGINS.useLetterOpened(letter);
  const { save, state, error: saveError, savedAt, flush, settle, isSaving } = useLocalSave(letter?.uniqueId);
  const blocksDocument = useComposerDocument(letter, save, refetch, isSaving);
  const [title, setTitle] = useState<string | null>(null);
  const { refusal, takenOverBy, takeOver } = useClaim(letter);
  const [previewOpen, setPreviewOpen] = useState(false);
  // Spec 1 §2: a sent letter opens on its report; the secondary button shows the newsletter.
  const [newsletterChosen, setNewsletterChosen] = useState(false);
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  // 'Preview as': one reader for both previews (the build step's and the schedule step's).
  const [previewAsChoice, setPreviewAsChoice] = useState<PreviewAsReaderChoice | null>(null);
  const [previewAsFocus, setPreviewAsFocus] = useState(0);
  // One object while the choice stands: the preview is memoized and renders only when it changes.
  const previewAs = useMemo(() => ({ choice: previewAsChoice, onChange: setPreviewAsChoice, focusSignal: previewAsFocus }), [previewAsChoice, previewAsFocus]);
  const [appearance, setAppearance] = usePreviewAppearance();

  const { data: session } = useGetSessionQuery();
  const channel = session?.organizations.find((o) => o.slug === brandSlug)?.channels.find((c) => c.channelSlug === channelSlug);
  // The schedule step works on the channel's clock; a stored date keeps the zone it was set in.
  const zone = channel?.timezone.tzCode || letter?.publicationDateTzCode || 'UTC';
  const status = letter?.publicationStatus ?? PublicationStatus.draft;
  const isTemplate = isTemplateStatus(status);
  const exitPath = isTemplate ? templatesPath(brandSlug, channelSlug) : newslettersPath(brandSlug, channelSlug);

  const form = useScheduleForm({ letter, title: title ?? '', zone, save });
  const trigger = useAutomationForm({ letter, save });
  const changeTitle = (value: string) => {
    setTitle(value);
    save({ title: value });
    form.titleEdited();
  };
  // A boolean, not the sections: the page must not render again for every keystroke.
  const htmlBlockInvalid = useSelector((s: RootState) => s.composer.letterUniqueId === letter?.uniqueId && hasInvalidHtmlBlock(s.composer.present));
  const [sidebarBusy, setSidebarBusy] = useState(false);
  // The step waiting for its confirmation: Pause and edit, or a primary action that asks first.
  const [confirming, setConfirming] = useState<'pause' | PrimaryAction | null>(null);
  // A sent letter's Private switch lives in the more-menu: its schedule step is behind it.
  const [setPrivate, privacyCall] = useSetPrivateMutation();
  const changePrivacy = (uniqueId: string, isPrivate: boolean) =>
    void setPrivate({ uniqueId, private: isPrivate })
      .unwrap()
      .then(() => toastSuccess(isPrivate ? 'The letter is private: it is no longer on the web archive.' : 'The letter is public on the web archive.'))
      .catch((failure: unknown) => toastError(errorMessage(failure, 'Sorry, the letter could not be changed.')));
  const lifecycle = useLifecycleActions({
    letter,
    zone,
    settle: () => (blocksDocument.flush(), settle()),
    reload: refetch,
    onFieldErrors: form.showServerErrors,
    automation: () => trigger.settings,
    leave: () => navigate(exitPath),
  });

  // Version history: the canvas's edits are saved first, so the current version is what it shows.
  const [historyOpen, setHistoryOpen] = useState(false);
  const openHistory = () => {
    if (!letter || composerView(letter.publicationStatus) !== 'edit') return;
    blocksDocument.flush();
    setHistoryOpen(true);
  };
  const restoreVersion = (content: VersionContentPayload, savedAt: string) => {
    dispatch(versionRestored({ sections: parseSections(content.blocks), settings: content.settings }));
    toastSuccess(`Restored the version of ${formatDateTime(savedAt, zone)}. Undo (${shortcutLabel('edit.undo')}) brings back what was there.`);
  };

  const [cloneLetter, cloning] = useCloneLetterMutation();
  // Clone: the copy ('Copy of …') is made on this computer with the edits made so far, then opened.
  const clone = async () => {
    if (!letter || cloning.isLoading) return;
    blocksDocument.flush();
    await settle();
    const result = await cloneLetter(isTemplate ? { uniqueId: letter.uniqueId, status: PublicationStatus.template } : { uniqueId: letter.uniqueId });
    if ('data' in result && result.data) navigate(letterPath(brandSlug, channelSlug, result.data.id ?? result.data.uniqueId));
    else toastError(CLONE_FAILED_MESSAGE);
  };
  /** What the action bar's buttons would do now; set while rendering, read by the keyboard and menu. */
  const actions = useRef<{ primary: PrimaryAction | null; primaryBlocked: boolean; saveAsDraft: boolean }>({ primary: null, primaryBlocked: true, saveAsDraft: false });
  useCommandHandlers(
    COMPOSER_COMMANDS,
    {
      // Save (CmdOrCtrl+S): finish the local save, then push to the platform now.
      'file.save': () => (blocksDocument.flush(), void flush().then(() => getBridge().invoke('sync.now', {}))),
      'view.togglePreview': () => setPreviewOpen((open) => !open),
      'view.desktopPreview': () => (setDevice('desktop'), setPreviewOpen(true)),
      'view.mobilePreview': () => (setDevice('mobile'), setPreviewOpen(true)),
      // Opens the build step's preview if it is closed, and puts the cursor in 'Preview as'.
      'view.previewAs': () => (setPreviewOpen(true), setPreviewAsFocus((count) => count + 1)),
      // The same step as the action bar's button, and only when that button would take it.
      'letter.previewAndSchedule': () => {
        const { primary, primaryBlocked } = actions.current;
        if (primary?.kind === 'previewAndSchedule' && !primaryBlocked) void lifecycle.primary(primary);
      },
      'letter.saveAsDraft': () => actions.current.saveAsDraft && void lifecycle.saveAsDraft(),
      'letter.clone': () => void clone(),
      'letter.history': () => openHistory(),
    },
    Boolean(letter),
  );

  // The field owns the title while the letter is open: a refetch must not undo typing.
  useEffect(() => {
    setTitle(letter?.title ?? null);
  }, [letter?.uniqueId]); // eslint-disable-line react-hooks/exhaustive-deps

  // Spec 1 §4: the device preview is desktop again outside schedule and template configure.
  useEffect(() => {
    if (!showsDeviceToggle(status)) setDevice('desktop');
  }, [status]);

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
    // Only for the letter the route names: while another letter's route loads (a clone just
    // opened), the query still holds the previous letter, which must not pull the route back.
    if (letter?.id && id === letter.uniqueId) navigate(letterPath(brandSlug, channelSlug, letter.id), { replace: true });
  }, [letter?.id, letter?.uniqueId, id, brandSlug, channelSlug, navigate]);

  const isThisLetter = useCallback(
    (pathname: string) => letter !== undefined && letter !== null && [letter.uniqueId, letter.id].some((key) => key !== null && pathname === letterPath(brandSlug, channelSlug, key)),
    [letter, brandSlug, channelSlug],
  );

  if (isLoading) return <Loader aria-label="Loading letter" m="xl" />;
  if (error) return <Alert color="red" m="md">{'message' in error ? String(error.message) : 'This letter could not be loaded.'}</Alert>;
  if (!letter) return <LetterNotFound />;

  // Someone else holding the letter makes it read-only here until this editor takes over.
  const mayEdit = refusal === null && takenOverBy === null;
  const editable = isEditableStatus(status) && mayEdit;
  const view = composerView(status);
  const revision = savedAt ?? letter.updatedAt;
  const subjects = { title: title ?? '', subjectB: form.values.subjectB, hasAbTest: form.values.hasAbTest };
  const gate = schedulingGate({
    atScheduleStep: status === PublicationStatus.schedule,
    requestsActive: lifecycle.busy || sidebarBusy,
    saving: state === 'saving',
    htmlBlockInvalid,
    segmentId: form.values.segmentId,
    openGraphHeadline: form.values.openGraphHeadline,
    publicationDate: form.values.publicationDate,
    title: title ?? '',
    subtitle: form.values.subtitle,
    otherRequiredMissing: form.otherRequiredMissing,
    fieldErrors: form.hasErrors,
  });
  const showsReport = view === 'rendered' && hasReport(status) && letter.id !== null && !newsletterChosen;
  const companyLevel = letter.channelSlug === COMPANY_CHANNEL_SLUG;
  const draftState = saveAsDraftState(status, abTestBlocksDraft(subjects));
  actions.current = {
    primary: primaryAction(status, { busy: lifecycle.busy, companyLevel }),
    primaryBlocked: lifecycle.busy || !mayEdit || gate.blocked,
    saveAsDraft: draftState.shown && !draftState.disabled && !lifecycle.busy && mayEdit,
  };
  const onPrimary = (action: PrimaryAction) => (action.confirm ? setConfirming(action) : void lifecycle.primary(action));
  const confirmingPrimary = confirming !== null && confirming !== 'pause' ? confirming : null;

  return (
    <Stack p="md" gap="sm">
      <LeaveGuard active={leaveNeedsWarning(status) && takenOverBy === null} isThisLetter={isThisLetter} />
      <Breadcrumbs>
        <Anchor component={Link} to={exitPath}>
          {isTemplate ? 'Templates' : 'Newsletters'}
        </Anchor>
        <span>{title || letter.title || 'Untitled'}</span>
      </Breadcrumbs>
      <Group align="flex-end" gap="sm">
        {/* Spec 1 §3: the title IS the email subject. One value, edited in one place per screen:
            here while composing, as Subject under Inbox preview at the schedule step. */}
        <TextInput
          label={TITLE_FIELD_LABEL}
          description={view === 'schedule' ? 'Edit it as the Subject under Inbox preview.' : undefined}
          value={title ?? ''}
          readOnly={view === 'schedule' || !(titleEditable(status) && mayEdit)}
          style={{ flex: 1, maxWidth: 640 }}
          onChange={(event) => changeTitle(event.currentTarget.value)}
        />
        <Badge variant="outline" tt="none">
          {publicationStatusLabel(status)}
        </Badge>
        <Badge variant="light" color="gray" tt="none">
          {(view === 'schedule' ? form.values.segmentName : letter.segmentName) ?? 'No audience'}
        </Badge>
        <SaveIndicator state={state} updatedAt={savedAt ?? letter.updatedAt} unsaved={view === 'schedule' && form.unsaved} />
      </Group>
      {saveError && <Alert color="red">{saveError}</Alert>}
      {refusal && <ReadOnlyNotice message={refusal} onTakeOver={() => void takeOver()} />}
      {takenOverBy && <TakenOverAlert name={takenOverBy} onExit={() => navigate(exitPath)} />}
      {blocksDocument.loadError && <Alert color="red">{blocksDocument.loadError}</Alert>}
      <ActionBar
        status={status}
        companyLevel={companyLevel}
        busy={lifecycle.busy}
        gate={mayEdit ? gate : { blocked: true, hint: null }}
        abTestBlocksDraft={abTestBlocksDraft(subjects)}
        device={device}
        onDeviceChange={setDevice}
        appearance={appearance}
        onAppearanceChange={setAppearance}
        onPrimary={onPrimary}
        onPrior={(action) => (action.label === 'Dashboard' ? navigate(channelDashboardPath(brandSlug, channelSlug)) : void lifecycle.prior(action))}
        onSaveAsDraft={() => void lifecycle.saveAsDraft()}
        onPauseAndEdit={() => setConfirming('pause')}
        tools={
          view === 'edit' && (
            <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
              <HistoryButtons enabled={editable} />
              <Tooltip label={`Toggle Preview (${shortcutLabel('view.togglePreview')})`}>
                <Button
                  size="xs"
                  leftSection={<IconEye size={16} />}
                  variant={previewOpen ? 'filled' : 'default'}
                  aria-pressed={previewOpen}
                  onClick={() => setPreviewOpen((open) => !open)}
                >
                  Preview
                </Button>
              </Tooltip>
              <DeviceToggle device={device} onChange={setDevice} />
              {/* The appearance is the preview's alone: choosing one shows the preview. */}
              <AppearanceToggle appearance={appearance} onChange={(chosen) => (setAppearance(chosen), setPreviewOpen(true))} />
            </Group>
          )
        }
      >
        {view === 'rendered' && hasReport(status) && letter.id !== null && (
          <Button variant="default" onClick={() => setNewsletterChosen((chosen) => !chosen)}>
            {reportToggleLabel(showsReport)}
          </Button>
        )}
        {/* A test shows the edits made up to the moment it is sent. */}
        <SendTestEmailButton letter={letter} onBeforeSend={() => (blocksDocument.flush(), settle())} />
        <MoreActionsMenu
          onClone={() => void clone()}
          onHistory={view === 'edit' ? openHistory : undefined}
          cloning={cloning.isLoading}
          privacy={
            hasReport(status) && letter.id !== null
              ? { isPrivate: letter.private, onChange: (isPrivate) => changePrivacy(letter.uniqueId, isPrivate), busy: privacyCall.isLoading }
              : undefined
          }
        />
      </ActionBar>
      {view === 'edit' && (
        <>
          {previewOpen && <PreviewPane letter={letter} device={device} appearance={appearance} revision={revision} previewAs={previewAs} />}
          <HistoryDrawer
            opened={historyOpen}
            onClose={() => setHistoryOpen(false)}
            letter={letter}
            zone={zone}
            revision={revision}
            canRestore={editable}
            onRestore={restoreVersion}
          />
          <ComposerWorkspace letter={letter} readOnly={!editable} device={device} />
        </>
      )}
      {view === 'schedule' && !isTemplate && (
        <COMPOSER_PLUGINS.MissingPromotionsNotice letter={letter} publicationDate={form.values.publicationDate} onGoBack={() => void lifecycle.saveAsDraft()} />
      )}
      {view === 'schedule' && (
        <Group align="flex-start" gap="md" wrap="nowrap">
          <div style={{ flex: 1, minWidth: 0 }}>
            <PreviewPane letter={letter} device={device} appearance={appearance} revision={revision} withPromotions={!isTemplate} previewAs={previewAs} />
          </div>
          <ScheduleSidebar
            letter={letter}
            revision={revision}
            zone={zone}
            form={form}
            title={title ?? ''}
            onTitleChange={changeTitle}
            template={isTemplate}
            automation={trigger}
            disabled={!mayEdit || lifecycle.busy}
            onBusyChange={setSidebarBusy}
          />
        </Group>
      )}
      {view === 'scheduled' && <ScheduledView letter={letter} zone={zone} notice={<COMPOSER_PLUGINS.ApprovedSinceScheduledNotice letter={letter} />} />}
      {view === 'rendered' &&
        (showsReport ? (
          <COMPOSER_PLUGINS.ReportView letter={{ ...letter, id: letter.id! }} zone={zone} preview={<PreviewPane letter={letter} device="desktop" revision={revision} />} />
        ) : (
          <PreviewPane letter={letter} device="desktop" revision={revision} />
        ))}
      <ConfirmDialog
        opened={confirming === 'pause'}
        title="Pause and edit this newsletter?"
        message="It comes off the schedule and becomes a draft you can edit. It will not be sent until you schedule it again."
        confirmLabel="Pause and edit"
        busy={lifecycle.busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void lifecycle.pauseAndEdit().then(() => setConfirming(null))}
      />
      <ConfirmDialog
        opened={confirmingPrimary !== null}
        title="Deactivate this template?"
        message="Its automation stops sending it until you activate it again. You can edit it once it is deactivated."
        confirmLabel="Deactivate template"
        danger
        busy={lifecycle.busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirmingPrimary && void lifecycle.primary(confirmingPrimary).then(() => setConfirming(null))}
      />
    </Stack>
  );
}
