import { AppShell, Avatar, Divider, Group, Menu, NavLink, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAdjustments, IconBookmarks, IconBuilding, IconChartBar, IconChevronDown, IconInbox, IconLayoutDashboard, IconListCheck, IconLogout, IconMail, IconMailCheck, IconNews, IconPlugConnected, IconSettings, IconSpeakerphone, IconTemplate, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useShownChannel } from './use-shown-channel';
import type { Session } from '../../shared/contract/bridge';
import { useDeliveryNotices } from '../features/delivery/use-delivery-notices';
import { useSignOutMutation } from './session-api';
import { HelpButton } from '../features/help/HelpButton';
import { ConflictNotices } from '../features/sync/ConflictNotices';
import { brandDashboardPath, channelDashboardPath, channelSettingsPath, companyDashboardPath, curationPath, integrationsPath, localMailboxPath, newslettersPath, pollsPath, sendingDomainsPath, settingsPath, templatesPath } from '../../shared/app-paths';
import { FEATURE_FLAGS } from '../../shared/model/feature-flags';
import { useFeatureFlags } from './feature-flags';
import { promotionsPath } from '../features/promotions/promotion-paths';
import { isAdvertiserOf, isPromotionsPath, organizationHomePath } from '../features/promotions/advertiser-navigation';
import { segmentsPath, subscribersPath } from '../features/audience/audience-paths';
import { SyncIndicator } from './SyncIndicator';
import { useDesktopShell } from './use-desktop-shell';

function initials(user: NonNullable<Session['user']>): string {
  const letters = `${user.name.trim()[0] ?? ''}${user.surname.trim()[0] ?? ''}`;
  return (letters || user.email[0] || '?').toUpperCase();
}

/**
 * The signed-in user, with Settings and, for a remote platform, Sign out. The platform this
 * computer runs signs its one account in by itself, so signing out of it would undo itself.
 */
function AccountMenu({ user, canSignOut }: { user: NonNullable<Session['user']>; canSignOut: boolean }) {
  const navigate = useNavigate();
  const [signOut, signingOut] = useSignOutMutation();
  const fullName = `${user.name} ${user.surname}`.trim() || user.email;
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap={8} wrap="nowrap">
            <Avatar size={30} radius="xl" color="indigo" variant="filled" aria-hidden>
              {initials(user)}
            </Avatar>
            <Text size="sm" fw={500}>
              {fullName}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as</Menu.Label>
        {/* Plain divs: a menu may hold menu items and separators, not paragraphs. */}
        <Stack gap={0} px="sm" pb="xs">
          <Text component="div" size="sm" fw={600}>
            {fullName}
          </Text>
          <Text component="div" size="xs" c="dimmed">
            {user.email}
          </Text>
        </Stack>
        <Menu.Divider />
        <Menu.Item leftSection={<IconAdjustments size={16} />} onClick={() => navigate(settingsPath)}>
          Settings
        </Menu.Item>
        {canSignOut && (
          <Menu.Item leftSection={<IconLogout size={16} />} disabled={signingOut.isLoading} onClick={() => void signOut()}>
            Sign out
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The app frame: organization and channel switcher, navigation, account menu, sync state. */
export function ShellLayout({ session }: { session: Session }) {
  const route = useParams();
  const { brandSlug, channelSlug } = useShownChannel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const organization = session.organizations.find((o) => o.slug === brandSlug);
  const channelKnown = organization?.channels.some((c) => c.channelSlug === channelSlug) ?? false;
  const inChannelRoute = channelKnown && route.brandSlug === brandSlug && route.channelSlug === channelSlug;
  useDesktopShell();
  useDeliveryNotices();
  const advertiser = isAdvertiserOf(organization);
  const isFeatureOn = useFeatureFlags(channelKnown && !advertiser ? brandSlug : '', channelSlug);

  const links =
    organization && channelKnown && advertiser
      ? [{ label: 'Promotions', to: promotionsPath(organization.slug, channelSlug), icon: IconSpeakerphone }]
      : organization && channelKnown
        ? [
            { label: 'Newsletters', to: newslettersPath(organization.slug, channelSlug), icon: IconNews },
            { label: 'Templates', to: templatesPath(organization.slug, channelSlug), icon: IconTemplate },
            { label: 'Dashboard', to: channelDashboardPath(organization.slug, channelSlug), icon: IconChartBar },
            { label: 'Curation', to: curationPath(organization.slug, channelSlug), icon: IconBookmarks },
            { label: 'Subscribers', to: subscribersPath(organization.slug, channelSlug), icon: IconUsers },
            { label: 'Segments', to: segmentsPath(organization.slug, channelSlug), icon: IconUsersGroup },
            { label: 'Channel settings', to: channelSettingsPath(organization.slug, channelSlug), icon: IconSettings },
            ...(isFeatureOn(FEATURE_FLAGS.composerPollBlock) ? [{ label: 'Polls', to: pollsPath(organization.slug, channelSlug), icon: IconListCheck }] : []),
            { label: 'Promotions', to: promotionsPath(organization.slug, channelSlug), icon: IconSpeakerphone },
          ]
        : [];
  // The dashboards above one channel (spec 1 §2): the organization's, and the tenant-wide one.
  const organizationLinks =
    organization && !advertiser
      ? [
          { label: 'Organization dashboard', to: brandDashboardPath(organization.slug), icon: IconLayoutDashboard },
          { label: 'Company dashboard', to: companyDashboardPath(organization.slug), icon: IconBuilding },
        ]
      : [];
  // The newsletters path is a prefix of the others: the longest match is the current one.
  const current = [...links].sort((a, b) => b.to.length - a.to.length).find((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));

  return (
    <AppShell navbar={{ width: 248, breakpoint: 0 }} header={{ height: 56 }} padding={0}>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap={8} wrap="nowrap">
            <IconMail size={24} color="var(--mantine-color-indigo-7)" aria-hidden />
            <Text fw={700} size="lg" component="span">
              Letterdesk
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <SyncIndicator />
            <HelpButton />
            {session.user && <AccountMenu user={session.user} canSignOut={session.mode === 'remote'} />}
          </Group>
        </Group>
      </AppShell.Header>
      {/* Scrolls when a short window cannot show every link: the bottom ones would be out of reach. */}
      <AppShell.Navbar p="md" aria-label="Navigation" style={{ overflowY: 'auto' }}>
        <AppShell.Section>
          <Stack gap="sm">
            <Select
              label="Organization"
              data={session.organizations.map((o) => ({ value: o.slug, label: o.name }))}
              value={organization?.slug ?? null}
              allowDeselect={false}
              onChange={(slug) => {
                const next = session.organizations.find((o) => o.slug === slug);
                const firstChannel = next?.channels[0];
                if (next && firstChannel) navigate(organizationHomePath(next, firstChannel.channelSlug));
              }}
            />
            <Select
              label="Channel"
              data={(organization?.channels ?? []).map((c) => ({ value: c.channelSlug, label: c.title }))}
              value={channelKnown ? channelSlug : null}
              allowDeselect={false}
              onChange={(slug) => slug && organization && navigate(organizationHomePath(organization, slug))}
            />
          </Stack>
        </AppShell.Section>
        <AppShell.Section grow mt="md" component="nav" aria-label="Channel">
          {links.map((link) => (
            <NavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={link.label}
              leftSection={<link.icon size={18} aria-hidden />}
              active={current?.to === link.to}
              aria-current={current?.to === link.to ? 'page' : undefined}
            />
          ))}
        </AppShell.Section>
        {organizationLinks.length > 0 && (
          <AppShell.Section component="nav" aria-label="Organization" mb="md">
            {organizationLinks.map((link) => (
              <NavLink
                key={link.to}
                component={Link}
                to={link.to}
                label={link.label}
                leftSection={<link.icon size={18} aria-hidden />}
                active={pathname === link.to}
                aria-current={pathname === link.to ? 'page' : undefined}
              />
            ))}
          </AppShell.Section>
        )}
        <AppShell.Section>
          <Divider mb="xs" />
          <NavLink
            component={Link}
            to={settingsPath}
            label="Settings"
            leftSection={<IconAdjustments size={18} aria-hidden />}
            active={pathname === settingsPath}
            aria-current={pathname === settingsPath ? 'page' : undefined}
          />
          {!advertiser && (
            <>
              {organization && (
                <NavLink
                  component={Link}
                  to={sendingDomainsPath(organization.slug)}
                  label="Sending domains"
                  leftSection={<IconMailCheck size={18} aria-hidden />}
                  active={pathname === sendingDomainsPath(organization.slug)}
                  aria-current={pathname === sendingDomainsPath(organization.slug) ? 'page' : undefined}
                />
              )}
              <NavLink
                component={Link}
                to={integrationsPath}
                label="Integrations"
                leftSection={<IconPlugConnected size={18} aria-hidden />}
                active={pathname === integrationsPath}
                aria-current={pathname === integrationsPath ? 'page' : undefined}
              />
              <NavLink
                component={Link}
                to={localMailboxPath}
                label="Local mailbox"
                leftSection={<IconInbox size={18} aria-hidden />}
                active={pathname === localMailboxPath}
                aria-current={pathname === localMailboxPath ? 'page' : undefined}
              />
            </>
          )}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <ConflictNotices />
        {/* An advertiser's organization opens its promotions only; the platform refuses the rest anyway. */}
        {advertiser && inChannelRoute && !isPromotionsPath(pathname, brandSlug, channelSlug) ? (
          <Navigate to={promotionsPath(brandSlug, channelSlug)} replace />
        ) : advertiser && route.brandSlug && !inChannelRoute ? (
          <Navigate to="/" replace />
        ) : (
          <Outlet />
        )}
      </AppShell.Main>
    </AppShell>
  );
}
