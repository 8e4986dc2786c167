import { AppShell, Group, NavLink, Select, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import type { Session } from '../../shared/contract/bridge';
import { useDeliveryNotices } from '../features/delivery/use-delivery-notices';
import { HelpButton } from '../features/help/HelpButton';
import { ConflictNotices } from '../features/sync/ConflictNotices';
import { localMailboxPath, newslettersPath } from '../../shared/app-paths';
import { SyncIndicator } from './SyncIndicator';
import { useDesktopShell } from './use-desktop-shell';

/** The app frame: organization and channel switcher, navigation, sync state. */
export function ShellLayout({ session }: { session: Session }) {
  const { brandSlug = '', channelSlug = '' } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const organization = session.organizations.find((o) => o.slug === brandSlug);
  useDesktopShell();
  useDeliveryNotices();

  return (
    <AppShell navbar={{ width: 260, breakpoint: 0 }} header={{ height: 52 }} padding={0}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Title order={3}>Letterdesk</Title>
          <Group gap="sm">
            {session.user && (
              <Text size="sm" c="dimmed">
                {session.user.email}
              </Text>
            )}
            <SyncIndicator />
            <HelpButton />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label="Navigation">
        <Stack gap="sm">
          <Select
            label="Organization"
            data={session.organizations.map((o) => ({ value: o.slug, label: o.name }))}
            value={organization?.slug ?? null}
            allowDeselect={false}
            onChange={(slug) => {
              const next = session.organizations.find((o) => o.slug === slug);
              const firstChannel = next?.channels[0];
              if (next && firstChannel) navigate(newslettersPath(next.slug, firstChannel.channelSlug));
            }}
          />
          <Select
            label="Channel"
            data={(organization?.channels ?? []).map((c) => ({ value: c.channelSlug, label: c.title }))}
            value={organization?.channels.some((c) => c.channelSlug === channelSlug) ? channelSlug : null}
            allowDeselect={false}
            onChange={(slug) => slug && organization && navigate(newslettersPath(organization.slug, slug))}
          />
          {organization && channelSlug && <NavLink component={Link} to={newslettersPath(organization.slug, channelSlug)} label="Newsletters" active />}
          <NavLink component={Link} to={localMailboxPath} label="Local mailbox" active={pathname === localMailboxPath} />
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        <ConflictNotices />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
