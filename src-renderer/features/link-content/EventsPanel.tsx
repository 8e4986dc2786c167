import { daysLabel } from '../../../shared/rules/days-label';
import { Alert, Anchor, Button, Checkbox, MultiSelect, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { EventsModel, SectionOf } from '../../../shared/model';
import { EVENTS_DAYS_OPTIONS } from '../../../shared/model/constants';
import { EventsLayout } from '../../../shared/model/enums';
import { EVENTS_MESSAGES, INTEGRATIONS_ROUTE, LOADING_LABEL, checkEventsSize, countPerDayOptions, loadEventsDisabled } from '../../../shared/rules/events-block';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { RuleField } from '../../block-kit/fields/RuleField';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';
import { failureText, isOffline, useGetEventCategoriesQuery, useLoadEventsMutation } from './link-content-api';

// The events (Evvnt) block (spec 2 §2 "events settings and events layout settings", §4, §5,
// §8): with no events loaded the filters show (categories, days, events per day, today
// included); Load events stores the events in the block and the filters hide. A token
// Evvnt refuses hides the settings behind a notice linking to the integrations page.


function InvalidToken() {
  return (
    <Alert color="red" variant="light" role="alert">
      <Text size="sm">{EVENTS_MESSAGES.invalidToken}</Text>
      <Anchor component={Link} to={INTEGRATIONS_ROUTE} size="sm">
        Set your Evvnt token in Integrations
      </Anchor>
    </Alert>
  );
}

export function EventsPanel({ section, edit }: PanelProps<SectionOf<'evvnt'>>) {
  const { readOnly, brandSlug, channelSlug } = usePanelContext();
  const model = section.blockModel;
  const categories = useGetEventCategoriesQuery({ brandSlug, channelSlug }, { skip: readOnly });
  const [loadEvents, { isLoading }] = useLoadEventsMutation();
  const [notice, setNotice] = useState<{ color: 'red' | 'yellow'; text: string } | null>(null);
  const [invalidToken, setInvalidToken] = useState(false);
  const set = (field: keyof EventsModel, fields: Partial<EventsModel>) => setModel(edit, 'evvnt', field, fields);

  if (invalidToken || categories.data?.invalidToken) return <InvalidToken />;

  const perDay = countPerDayOptions(model.daysToDisplay);
  const categoryOptions = [
    ...(categories.data?.items ?? []),
    ...model.categories.filter((chosen) => !categories.data?.items.some((category) => category.slug === chosen.slug)),
  ];

  async function onLoad() {
    setNotice(null);
    const result = await loadEvents({
      brandSlug,
      channelSlug,
      categories: model.categories.map((category) => category.slug),
      countPerDay: model.countPerDay,
      daysToDisplay: model.daysToDisplay,
      includeCurrentDate: model.includeCurrentDate,
      callToAction: model.callToAction,
    });
    if ('error' in result) {
      return setNotice({ color: 'red', text: isOffline(result.error) ? failureText(result.error, EVENTS_MESSAGES.fetchFailed) : result.error && 'code' in result.error && result.error.code === 'platform_error' ? EVENTS_MESSAGES.eventsFailed : EVENTS_MESSAGES.fetchFailed });
    }
    if (result.data.invalidToken) return setInvalidToken(true);
    if (result.data.items.length === 0) return setNotice({ color: 'yellow', text: EVENTS_MESSAGES.noEvents });
    set('events', { events: result.data.items });
  }

  return (
    <Stack gap="sm">
      {model.events.length === 0 ? (
        <>
          {categories.error && (
            <Alert color="red" variant="light" role="alert">
              {isOffline(categories.error) ? failureText(categories.error, EVENTS_MESSAGES.offline) : EVENTS_MESSAGES.categoriesFailed}
            </Alert>
          )}
          <MultiSelect
            label="Categories"
            data={categoryOptions.map((category) => ({ value: category.slug, label: category.name }))}
            value={model.categories.map((category) => category.slug)}
            searchable
            disabled={readOnly}
            onChange={(slugs) => set('categories', { categories: categoryOptions.filter((category) => slugs.includes(category.slug)) })}
          />
          <Select
            label="Days to display"
            data={EVENTS_DAYS_OPTIONS.map((days) => ({ value: String(days), label: daysLabel(days) }))}
            value={String(model.daysToDisplay)}
            allowDeselect={false}
            disabled={readOnly}
            onChange={(value) => {
              const daysToDisplay = Number(value);
              // A count the new span no longer offers drops to its largest option.
              const max = countPerDayOptions(daysToDisplay).at(-1) ?? 1;
              set('daysToDisplay', { daysToDisplay, countPerDay: Math.min(model.countPerDay, max) });
            }}
          />
          <Select
            label="Events per day"
            data={perDay.map((count) => ({ value: String(count), label: String(count) }))}
            value={model.countPerDay > 0 ? String(model.countPerDay) : null}
            allowDeselect={false}
            disabled={readOnly}
            onChange={(value) => set('countPerDay', { countPerDay: Number(value) })}
          />
          <Checkbox label="Include current date" checked={model.includeCurrentDate} disabled={readOnly} onChange={(event) => set('includeCurrentDate', { includeCurrentDate: event.currentTarget.checked })} />
          <Button variant="light" disabled={readOnly || isLoading || loadEventsDisabled(model)} onClick={() => void onLoad()}>
            {isLoading ? LOADING_LABEL : 'Load events'}
          </Button>
        </>
      ) : (
        <>
          <Text size="sm">{`${model.events.length} events loaded.`}</Text>
          <Button variant="default" disabled={readOnly} onClick={() => set('events', { events: [] })}>
            Choose other events
          </Button>
        </>
      )}
      {notice && (
        <Alert color={notice.color} variant="light" role="alert">
          {notice.text}
        </Alert>
      )}
      <Select
        label="Layout"
        data={[
          { value: String(EventsLayout.oneColumn), label: 'One column' },
          { value: String(EventsLayout.twoColumns), label: 'Two columns' },
        ]}
        value={String(model.layout)}
        allowDeselect={false}
        disabled={readOnly}
        onChange={(value) => set('layout', { layout: Number(value) === 1 ? EventsLayout.twoColumns : EventsLayout.oneColumn })}
      />
      <TextInput label="Button text" value={model.callToAction} disabled={readOnly} onChange={(event) => set('callToAction', { callToAction: event.currentTarget.value })} />
      <Switch label="Image" checked={model.hasImage} disabled={readOnly} onChange={(event) => set('hasImage', { hasImage: event.currentTarget.checked })} />
      <Switch label="Description" checked={model.hasDescription} disabled={readOnly} onChange={(event) => set('hasDescription', { hasDescription: event.currentTarget.checked })} />
      <Switch label="Price" checked={model.hasPrice} disabled={readOnly} onChange={(event) => set('hasPrice', { hasPrice: event.currentTarget.checked })} />
      <Switch label="Venue" checked={model.hasVenue} disabled={readOnly} onChange={(event) => set('hasVenue', { hasVenue: event.currentTarget.checked })} />
      <Switch label="Button" checked={model.hasButton} disabled={readOnly} onChange={(event) => set('hasButton', { hasButton: event.currentTarget.checked })} />
      {SIZES.map(([field, label]) => (
        <RuleField
          key={field}
          label={label}
          numeric
          value={model[field]}
          disabled={readOnly}
          check={(text) => checkEventsSize(text, label, field === 'margin')}
          onValid={(value) => set(field, { [field]: value })}
        />
      ))}
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}

/** The events layout settings' sizes (spec 2 §3 events model, §5 "Events"). */
const SIZES: ReadonlyArray<[keyof Pick<EventsModel, 'dateFontSize' | 'descriptionFontSize' | 'priceAndVenueFontSize' | 'buttonFontSize' | 'margin'>, string]> = [
  ['dateFontSize', 'Date font size'],
  ['descriptionFontSize', 'Description font size'],
  ['priceAndVenueFontSize', 'Price and venue font size'],
  ['buttonFontSize', 'Button font size'],
  ['margin', 'Space between elements'],
];
