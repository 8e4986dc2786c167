// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import { emptyDelta, newSection } from '../../../shared/model';
import { EVENTS_MESSAGES } from '../../../shared/rules/events-block';
import { MantineProvider } from '@mantine/core';
import { render as renderDom } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { defaultLetterSettings } from '../../../shared/model/letter-settings';
import { PanelContextProvider } from '../../block-kit/panel-context';
import { BlockPanel } from '../../testing/panel-test-support';
import { chooseOption, renderPanel, retype, storeWithApi } from '../../testing/panel-test-support';
import { EventsPanel } from './EventsPanel';

// The events block's panel over the bridge: the stand-in for the core answers categories and events.

let invalidToken = false;
let events: unknown[] = [];
let asked: Array<Record<string, unknown>> = [];

const event = {
  slug: 'jazz',
  src: '',
  heading: 'Jazz Night',
  date: 'Tuesday, December 1 at 7:30 PM',
  description: 'Live',
  price: '1250',
  venue: 'Blue Room',
  link: 'https://e.example/jazz',
  buttonText: 'Get tickets',
  buttonDelta: emptyDelta(),
  headingDelta: emptyDelta(),
  dateDelta: emptyDelta(),
  descriptionDelta: emptyDelta(),
  priceAndVenueDelta: emptyDelta(),
};

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    if (channel === 'linkContent.eventCategories') return { ok: true, data: { items: [{ slug: 'music', name: 'Music' }], invalidToken } } as never;
    if (channel === 'linkContent.events') {
      asked.push(input as Record<string, unknown>);
      return { ok: true, data: { items: events, invalidToken } } as never;
    }
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  invalidToken = false;
  events = [event];
  asked = [];
});
afterEach(cleanup);

const render = () => renderPanel(newSection('evvnt', 'e'), {}, true);
const loadButton = () => screen.getByRole('button', { name: 'Load events' }) as HTMLButtonElement;

describe('EventsPanel', () => {
  it('keeps Load events disabled until a category is chosen, and offers floor(100/days) per day', async () => {
    const { current } = render();
    await screen.findByLabelText('Categories', { selector: 'input' });
    expect(loadButton().disabled).toBe(true);
    await chooseOption('Categories', 'Music');
    expect(current().blockModel.categories).toEqual([{ slug: 'music', name: 'Music' }]);
    expect(loadButton().disabled).toBe(false);
    await chooseOption('Days to display', '4 weeks');
    await chooseOption('Events per day', '3');
    expect(screen.queryByRole('option', { name: '4' })).toBeNull();
  });

  it('stores loaded events and hides the filters; an empty answer warns', async () => {
    events = [];
    const { current, user } = render();
    await chooseOption('Categories', 'Music');
    await user.click(loadButton());
    expect(await screen.findByText(EVENTS_MESSAGES.noEvents)).toBeTruthy();
    events = [event];
    await user.click(loadButton());
    await waitFor(() => expect(current().blockModel.events).toHaveLength(1));
    expect(asked.at(-1)).toMatchObject({ brandSlug: 'demo', channelSlug: 'weekly', categories: ['music'], countPerDay: 1, daysToDisplay: 7, includeCurrentDate: false });
    expect(screen.queryByRole('button', { name: 'Load events' })).toBeNull();
    expect(screen.getByText('1 events loaded.')).toBeTruthy();
  });

  it('turns a font size that is not positive into 1, and refuses a blank one', async () => {
    const { current } = render();
    await retype('Date font size', '0');
    expect(current().blockModel.dateFontSize).toBe(1);
    await retype('Date font size', '');
    expect(screen.getByText('Date font size is required.')).toBeTruthy();
    await retype('Space between elements', '-3');
    expect(current().blockModel.margin).toBe(0);
  });

  it('shows the invalid-token notice with a link to the integrations page', async () => {
    invalidToken = true;
    // Rendered inside a router, as the composer is: the notice links to another screen.
    const section = newSection('evvnt', 'e');
    renderDom(
      <Provider store={storeWithApi([section])}>
        <MantineProvider env="test">
          <MemoryRouter>
            <PanelContextProvider
              value={{ settings: defaultLetterSettings(), letterUniqueId: 'letter-1', brandSlug: 'demo', channelSlug: 'weekly', channel: null, readOnly: false, isFeatureOn: () => false, BlockPanel }}
            >
              <EventsPanel section={section} edit={() => {}} />
            </PanelContextProvider>
          </MemoryRouter>
        </MantineProvider>
      </Provider>,
    );
    expect(await screen.findByText(EVENTS_MESSAGES.invalidToken)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set your Evvnt token in Integrations' }).getAttribute('href')).toBe('/settings/integrations');
    expect(screen.queryByLabelText('Categories', { selector: 'input' })).toBeNull();
  });
});
