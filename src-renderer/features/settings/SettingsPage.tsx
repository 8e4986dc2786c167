import { Alert, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import type { DesktopSettingsView } from '../../../shared/contract/desktop';
import type { Organization } from '../../../shared/model/channel';
import { getBridge } from '../../app/bridge';
import { DeliverabilityCard } from './DeliverabilityCard';
import { FeaturesCard } from './FeaturesCard';

// Settings: which platform the desktop app works with, the one it runs on this computer
// (the default) or a remote server. Saved by main (userData/settings.json) and used from the
// next start, so a change offers a restart. The browser host has no such choice: it is
// started with PLATFORM_URL or runs its own platform.

export const EMBEDDED_LABEL = 'Use the platform on this computer';
export const REMOTE_LABEL = 'Use a remote server';

type Mode = 'embedded' | 'remote';

export interface SettingsPageProps {
  /** The running session's platform, for the browser host (which has no desktop settings). */
  platformUrl: string;
  mode: Mode;
  /**
   * The signed-in user's organizations: their features (owners and admins switch them) and,
   * for their owners and admins, the deliverability checks. None before sign-in.
   */
  organizations?: readonly Organization[];
}

export function SettingsPage({ platformUrl, mode: runningMode, organizations = [] }: SettingsPageProps) {
  const desktop = getBridge().desktop;
  const [view, setView] = useState<DesktopSettingsView | null>(null);
  const [mode, setMode] = useState<Mode>('embedded');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!desktop) return;
    let live = true;
    void desktop.getSettings().then((result) => {
      if (!live) return;
      if (!result.ok) {
        setError(result.error.message);
        return;
      }
      setView(result.data);
      setMode(result.data.saved.platform.mode);
      setUrl(result.data.saved.platform.mode === 'remote' ? result.data.saved.platform.url : '');
    });
    return () => {
      live = false;
    };
  }, [desktop]);

  const deliverability = (
    <>
      <FeaturesCard organizations={organizations} />
      <DeliverabilityCard organizations={organizations} />
    </>
  );

  if (!desktop) {
    return (
      <>
        <Paper maw={640} m="md" p="lg" withBorder>
          <Stack>
            <Title order={1} size="h2">
              Settings
            </Title>
            <Text>
              This window is served by the browser host, which works with {runningMode === 'embedded' ? 'the platform it started itself' : 'a remote server'} at{' '}
              <Text span ff="monospace">
                {platformUrl}
              </Text>
              . To work with another server, ask your administrator to start it with that server's address.
            </Text>
          </Stack>
        </Paper>
        {deliverability}
      </>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!desktop) return;
    setSaving(true);
    setError(null);
    setUrlError(null);
    setSaved(false);
    const result = await desktop.saveSettings({ platform: mode === 'embedded' ? { mode } : { mode, url } });
    setSaving(false);
    if (!result.ok) {
      const fieldError = result.error.fields?.['platform.url']?.[0];
      if (fieldError) setUrlError(fieldError);
      else setError(result.error.message);
      return;
    }
    setView(result.data);
    setSaved(true);
    if (result.data.saved.platform.mode === 'remote') setUrl(result.data.saved.platform.url);
  }

  return (
    <>
      <Paper maw={640} m="md" p="lg" withBorder>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Title order={1} size="h2">
              Settings
            </Title>
            {error && <Alert color="red">{error}</Alert>}
            {view?.overriddenByEnvironment && (
              <Alert color="yellow" title="Server chosen at start-up">
                Letterdesk was started with a server address, so it works with {view.active.url}. The choice below applies when it is started without one.
              </Alert>
            )}
            <Radio.Group label="Platform" value={mode} onChange={(value) => setMode(value === 'remote' ? 'remote' : 'embedded')}>
              <Stack gap="sm" mt="xs">
                <Radio value="embedded" label={EMBEDDED_LABEL} description="Letterdesk runs the platform itself and keeps its data in your user folder. No sign-in is needed." />
                <Radio value="remote" label={REMOTE_LABEL} description="Work with your team's Letterdesk server. You sign in with your email and password." />
              </Stack>
            </Radio.Group>
            {mode === 'remote' && (
              <TextInput
                label="Server address"
                placeholder="https://letterdesk.example.com"
                type="url"
                value={url}
                error={urlError}
                onChange={(e) => setUrl(e.currentTarget.value)}
              />
            )}
            {mode === 'remote' && view?.tokenStorage === 'memory-only' && (
              <Alert color="yellow" title="Sign-in not remembered">
                This computer has no secret store (such as GNOME Keyring or KWallet), so Letterdesk will not keep your sign-in after you quit.
              </Alert>
            )}
            {view && (
              <Text size="sm" c="dimmed">
                Now using {view.active.mode === 'embedded' ? 'the platform on this computer' : 'a remote server'}
                {view.active.url ? ` (${view.active.url})` : ''}.
              </Text>
            )}
            {saved && view?.restartNeeded && (
              <Alert color="blue" title="Restart to switch platforms">
                Your work is saved and pushed first. Each platform keeps its own letters on this computer; nothing is copied from one to the other.
                <Group mt="sm">
                  <Button size="xs" onClick={() => void desktop.relaunch()}>
                    Restart now
                  </Button>
                </Group>
              </Alert>
            )}
            {saved && view && !view.restartNeeded && <Text size="sm">Saved.</Text>}
            <Group>
              <Button type="submit" loading={saving}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {deliverability}
    </>
  );
}
