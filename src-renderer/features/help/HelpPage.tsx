import { List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { ShortcutsTable, currentHost, shortcutsNote } from './host-shortcuts';

// Letterdesk's own help page (issue 37): how the app is used, screen by screen, and the
// shortcuts of the host the editor is in. It is part of the app, so it opens the same way in
// the desktop app and in a browser, offline included, and never sends an editor to the
// source folder.

function Topic({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </Paper>
  );
}

export function HelpPage() {
  const host = currentHost();
  return (
    <ScreenFrame title="Letterdesk help" subtitle="Write, test, schedule and send a newsletter, then read what happened." maw={900}>
      <Topic title="Writing a letter">
        <Text size="sm">
          New letter (on a channel’s Newsletters list) opens the composer. Add blocks from the Blocks tab by clicking them, pressing Enter or
          dragging them onto the canvas; reorder them by dragging or with Move up and Move down. Select a block and choose Settings to open its
          panel. The Styles tab sets the letter’s fonts, colours and widths; a block with its own value keeps it.
        </Text>
        <Text size="sm">
          Everything you type is saved on this computer at once and reaches the platform when it can, so you can keep writing offline. Undo and
          redo cover blocks and styles. Desktop and Mobile set the width of the canvas and the preview.
        </Text>
      </Topic>
      <Topic title="Testing and scheduling">
        <List size="sm" spacing={4}>
          <List.Item>Send test email sends the letter as it is to one address. Without a mail server the platform keeps it in the Local mailbox.</List.Item>
          <List.Item>
            Preview and schedule opens the schedule step: the audience, the date and time on the channel’s clock, the subject and preview text,
            an A/B test of two subjects, UTM parameters for the letter’s links, and the content check of what each inbox will show.
          </List.Item>
          <List.Item>Schedule hands the letter to the platform, which sends it at that time. Pause and edit brings a scheduled letter back to a draft.</List.Item>
        </List>
      </Topic>
      <Topic title="Templates that run">
        <Text size="sm">
          A template (New template, on the channel’s Templates list) can send itself once it is active. Preview and schedule opens its configure
          step, where TRIGGER says when it goes out; Activate template starts it and Deactivate template stops it. The active template’s page
          says when it runs next or that it waits for new subscribers, how many emails it has sent, and its latest runs.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            A welcome email: choose When someone subscribes and a delay (0 sends it at once, or a number of minutes, hours or days), fill in the
            subject and preview text, and activate. Each reader who joins the channel gets it once: added on the Subscribers screen, signed up on
            the public subscribe form, or imported with the welcome switched on.
          </List.Item>
          <List.Item>
            A recurring digest: put a Curations, RSS or WordPress block in the template, choose On a schedule, then Daily, Weekly (pick the days)
            or Monthly (a day of the month), a time on the channel’s clock and an audience, and activate. Each run fills those blocks afresh and
            goes out as an edition of its own, with its own report; a run whose blocks all come back empty is skipped and says so.
          </List.Item>
          <List.Item>
            Double opt-in (Channel settings) makes readers from the public subscribe form confirm by email before they become subscribers.
          </List.Item>
        </List>
      </Topic>
      <Topic title="Reports and dashboards">
        <Text size="sm">
          A sent letter opens on its report: deliveries, opens, clicks, the links readers followed, opens by hour and by country. People counts
          leave out what mail scanners do; All activity counts everything. Dashboard (in the navigation) adds up a channel’s letters, and a
          report you have seen once opens offline too.
        </Text>
      </Topic>
      <Topic title="Audience">
        <Text size="sm">
          Subscribers lists a channel’s readers, with their status and tags; Import reads a CSV file (an email column, and names, tags or your
          own fields). Segments choose readers by tag, name, email or your own fields, for the audience of a letter.
        </Text>
      </Topic>
      <Topic title="Polls, curation and promotions">
        <List size="sm" spacing={4}>
          <List.Item>Polls: create a question with its options, place it in a letter with the Poll block, and read the answers on the Polls screen.</List.Item>
          <List.Item>
            Curation: add feeds, heart the articles you want, and insert them into a letter or let a Curations block bring them in.
          </List.Item>
          <List.Item>Promotions: campaigns of advertisers’ promotions; approve them, and a letter’s promotion zones take the approved ones for its send day.</List.Item>
        </List>
      </Topic>
      <Topic title="Local mailbox">
        <Text size="sm">
          When the platform has no mail server it keeps the emails it would send in the Local mailbox. Looking at one there counts no open, and
          its links open in your browser without counting a click.
        </Text>
      </Topic>
      <Topic title="Settings and features">
        <Text size="sm">
          Settings shows the platform you work with and, for each organization, its features (polls, UTM tracking, the subject generator and
          the rest): owners and admins switch them on or off for every channel. Owners and admins also see what keeps their mail from the
          inbox, with a link to Sending domains.
        </Text>
      </Topic>
      <Topic title="Keyboard shortcuts">
        <Text size="sm" c="dimmed">
          {shortcutsNote(host)}
        </Text>
        <ShortcutsTable host={host} />
      </Topic>
    </ScreenFrame>
  );
}
