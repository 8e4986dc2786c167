import { IconCalendarEvent, IconCode, IconLink } from '@tabler/icons-react';
import type { BlockKind } from '../../block-kit/block-kind';
import { EventsPanel } from './EventsPanel';
import { EventsView } from './EventsView';
import { HtmlPanel } from './HtmlPanel';
import { HtmlView } from './HtmlView';
import { NewsPanel } from './NewsPanel';
import { NewsView } from './NewsView';
import { UrlPanel } from './UrlPanel';
import { UrlView } from './UrlView';

// The blocks whose content comes from elsewhere on the web: a page's article (URL), the
// editor's own HTML, news search results and events.

export const htmlKind: BlockKind<'html'> = {
  type: 'html',
  palette: [{ name: 'HTML', group: 'CREATE', description: 'Your own HTML, checked before it is sent.', icon: IconCode }],
  View: HtmlView,
  Panel: HtmlPanel,
};

export const urlKind: BlockKind<'dynamic'> = {
  type: 'dynamic',
  palette: [{ name: 'URL', group: 'DYNAMIC CONTENT', description: "A page's title, image and summary, read from its address.", icon: IconLink }],
  View: UrlView,
  Panel: UrlPanel,
};

/** The older URL block; letters made before 'dynamic' still hold it. */
export const legacyUrlKind: BlockKind<'url'> = {
  type: 'url',
  View: UrlView,
  Panel: UrlPanel,
};

export const newsKind: BlockKind<'news'> = {
  type: 'news',
  View: NewsView,
  Panel: NewsPanel,
};

export const eventsKind: BlockKind<'evvnt'> = {
  type: 'evvnt',
  palette: [{ name: 'Evvnt', group: 'INTEGRATIONS', description: 'Upcoming events from your Evvnt integration.', icon: IconCalendarEvent, flag: 'eventsBlock' }],
  View: EventsView,
  Panel: EventsPanel,
};
