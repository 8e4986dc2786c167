import '@mantine/notifications/styles.css';
import { Alert, Center, Loader } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import type { Session } from '../../shared/contract/bridge';
import { COMPANY_CHANNEL_SLUG } from '../../shared/model/channel';
import { ChannelSettingsPage } from '../features/channel-settings/ChannelSettingsPage';
import { DashboardPage } from '../features/dashboards/DashboardPage';
import { CurationPage } from '../features/curation/CurationPage';
import { LocalMailboxPage } from '../features/local-mailbox/LocalMailboxPage';
import { NewslettersPage } from '../features/newsletters/NewslettersPage';
import { PollsPage } from '../features/polls/PollsPage';
import { SubscribersPage } from '../features/audience/SubscribersPage';
import { SegmentsPage } from '../features/audience/SegmentsPage';
import { CampaignPage } from '../features/promotions/CampaignPage';
import { PromotionsPage } from '../features/promotions/PromotionsPage';
import { organizationHomePath } from '../features/promotions/advertiser-navigation';
import { TemplatesPage } from '../features/newsletters/TemplatesPage';
import { useGetSessionQuery } from './session-api';
import { SignInPage } from '../features/session/SignInPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { IntegrationsPage } from '../features/link-content/IntegrationsPage';
import { IterableIntegration } from '../features/settings/IntegrationsCard';
import { SendingDomainsPage } from '../features/sending/SendingDomainsPage';
import { helpPath, integrationsPath, localMailboxPath } from '../../shared/app-paths';
import { HelpPage } from '../features/help/HelpPage';
import { LetterScreen } from './LetterScreen';
import { ShellLayout } from './ShellLayout';

function HomeRedirect({ session }: { session: Session }) {
  for (const organization of session.organizations) {
    const channel = organization.channels.find((c) => c.channelSlug !== COMPANY_CHANNEL_SLUG) ?? organization.channels[0];
    if (channel) return <Navigate to={organizationHomePath(organization, channel.channelSlug)} replace />;
  }
  return <Alert m="md">You are not a member of any organization yet.</Alert>;
}

function routerFor(session: Session) {
  return createBrowserRouter([
    {
      path: '/',
      element: <ShellLayout session={session} />,
      children: [
        { index: true, element: <HomeRedirect session={session} /> },
        { path: 'organizations/:brandSlug/channels/:channelSlug/newsletters', element: <NewslettersPage /> },
        // A static segment outranks `:id`, so 'templates' is never read as a letter id.
        { path: 'organizations/:brandSlug/channels/:channelSlug/newsletters/templates', element: <TemplatesPage /> },
        { path: 'organizations/:brandSlug/channels/:channelSlug/newsletters/:id', element: <LetterScreen /> },
        // Keyed, so moving between the dashboards starts each with its own period and filter.
        { path: 'organizations/:brandSlug/channels/:channelSlug/metrics', element: <DashboardPage key="channel" /> },
        { path: 'organizations/:brandSlug/metrics', element: <DashboardPage key="brand" /> },
        { path: 'organizations/:brandSlug/company/metrics', element: <DashboardPage key="company" /> },
        { path: 'organizations/:brandSlug/sending-domains', element: <SendingDomainsPage /> },
        { path: 'organizations/:brandSlug/channels/:channelSlug/settings', element: <ChannelSettingsPage /> },
        { path: 'organizations/:brandSlug/channels/:channelSlug/polls', element: <PollsPage /> },
        { path: 'organizations/:brandSlug/channels/:channelSlug/subscribers', element: <SubscribersPage /> },
        { path: 'organizations/:brandSlug/channels/:channelSlug/segments', element: <SegmentsPage /> },
        { path: 'organizations/:brandSlug/channels/:channelSlug/curation', element: <CurationPage /> },
        { path: 'organizations/:brandSlug/channels/:channelSlug/promotions', element: <PromotionsPage /> },
        { path: 'organizations/:brandSlug/channels/:channelSlug/promotions/:uniqueId', element: <CampaignPage /> },
        { path: localMailboxPath.slice(1), element: <LocalMailboxPage /> },
        { path: 'settings', element: <SettingsPage platformUrl={session.platformUrl} mode={session.mode} organizations={session.organizations} /> },
        {
          path: integrationsPath.slice(1),
          element: (
            <IntegrationsPage>
              <IterableIntegration />
            </IntegrationsPage>
          ),
        },
        { path: helpPath.slice(1), element: <HelpPage /> },
        { path: '*', element: <HomeRedirect session={session} /> },
      ],
    },
  ]);
}

let router: ReturnType<typeof routerFor> | null = null;
let routerSession: Session | null = null;

/** The app, with the one place toasts appear (spec 1 §8) on every screen. */
export function App() {
  return (
    <>
      <Notifications position="top-right" />
      <AppScreens />
    </>
  );
}

function AppScreens() {
  const { data: session, isLoading, error } = useGetSessionQuery();
  if (isLoading) {
    return (
      <Center h="100vh">
        <Loader aria-label="Starting Letterdesk" />
      </Center>
    );
  }
  if (error || !session) return <Alert color="red" m="md">{error && 'message' in error ? String(error.message) : 'Letterdesk could not start.'}</Alert>;
  if (!session.signedIn) return <SignInPage platformUrl={session.platformUrl} settings={<SettingsPage platformUrl={session.platformUrl} mode={session.mode} />} />;
  // One router per session: signing in as someone else starts the routes afresh.
  if (!router || routerSession?.user?.uniqueId !== session.user?.uniqueId || routerSession?.organizations !== session.organizations) {
    router = routerFor(session);
    routerSession = session;
  }
  return <RouterProvider router={router} />;
}
