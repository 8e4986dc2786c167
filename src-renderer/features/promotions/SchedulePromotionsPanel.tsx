import { Checkbox, Stack, Switch, Text } from '@mantine/core';
import { useSelector } from 'react-redux';
import { sides, type PromotionAd, type Section } from '../../../shared/model';
import { checkBorderSize, checkPadding } from '../../../shared/rules/letter-styles';
import { chosenAds, monthDay, promoterAd } from '../../../shared/rules/promotions';
import { SidebarSection } from '../../block-kit/SidebarSection';
import { ColorStyleField } from '../../block-kit/style-fields/ColorStyleField';
import { NumberStyleField } from '../../block-kit/style-fields/NumberStyleField';
import { SidesFields } from '../../block-kit/style-fields/SidesFields';
import { StylesContext } from '../../block-kit/styles-context';
import { useLetterStyles } from '../../block-kit/use-letter-styles';
import { letterZones } from './letter-zones';
import { useGetScheduledPromotionsQuery } from './promotions-api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The schedule step's promotion settings (spec 1 §2): the promotions scheduled for the send
 * day in this channel, which of them go with the letter (submitted on Schedule; those without
 * a start date are skipped, spec 1 §5), and the letter's promotion box: disclaimer, background,
 * border thickness and padding (spec 1 §9 defaults). Edits are letter settings, saved like the
 * rest of the schedule step and sent with Schedule.
 */
export function SchedulePromotionsPanel({ brandSlug, channelSlug, publicationDate, disabled = false }: {
  brandSlug: string;
  channelSlug: string;
  publicationDate: string | null;
  disabled?: boolean;
}) {
  const { settings, change } = useLetterStyles();
  const sections = useSelector((state: { composer: { present: Section[] } }) => state.composer.present);
  const promotion = settings.promotionSettings;
  const day = publicationDate?.slice(0, 10) ?? null;
  const validDay = day !== null && DAY.test(day) ? day : null;
  // Asked afresh each time the step opens: after 'Pause and edit' it lists what was approved since, unticked (the choice stored at Schedule).
  const { data, isError } = useGetScheduledPromotionsQuery({ brandSlug, channelSlug, date: validDay ?? '' }, { skip: validDay === null, refetchOnMountOrArgChange: true });
  const dayPromotions = validDay !== null ? (data?.items ?? []) : [];
  const dayAds = dayPromotions.map(promoterAd);
  const chosen = validDay !== null ? chosenAds(settings.promotionAds, validDay, dayAds) : [];
  const isChosen = (id: number) => chosen.some((ad) => ad.id === id);
  const zonesInLetter = new Set(letterZones(sections));

  const choose = (ad: PromotionAd, on: boolean) => {
    if (validDay === null) return;
    const next = on ? [...chosen.filter((each) => each.id !== ad.id), ad] : chosen.filter((each) => each.id !== ad.id);
    // Kept in the day's order, so the same choice is the same value.
    const ordered = dayAds.filter((each) => next.some((n) => n.id === each.id));
    change((s) => ({ ...s, promotionAds: { date: validDay, ads: ordered } }), 'promotionAds');
  };
  const set = <K extends keyof typeof promotion>(key: K, value: (typeof promotion)[K], field: string = key) =>
    change((s) => ({ ...s, promotionSettings: { ...s.promotionSettings, [key]: value } }), `promotion.${field}`);

  return (
    <StylesContext.Provider value={{ disabled, channel: null }}>
      <SidebarSection title="Promotions">
        <Stack gap="xs" role="group" aria-label="Promotion settings">
          {validDay === null ? (
            <Text size="sm" c="dimmed">
              Choose the date and time to see the promotions scheduled for that day.
            </Text>
          ) : isError ? (
            <Text size="sm" c="dimmed">
              The promotions for {monthDay(validDay)} could not be loaded.
            </Text>
          ) : data && dayPromotions.length === 0 ? (
            <Text size="sm" c="dimmed">
              No promotions are scheduled for {monthDay(validDay)} in this channel.
            </Text>
          ) : (
            <Stack gap={6} role="group" aria-label="Promoter ads">
              <Text size="sm">Promotions scheduled for {monthDay(validDay)}: choose the ads that go with this letter.</Text>
              {dayPromotions.map((item) => {
                const ad = promoterAd(item);
                const notes = [`Zone ${item.zone}${zonesInLetter.has(item.zone) ? '' : ' (no block in this letter)'}`, `from ${ad.dateStart}`];
                return (
                  <Checkbox
                    key={item.id}
                    size="xs"
                    label={item.headline}
                    description={notes.join(' · ')}
                    checked={isChosen(item.id)}
                    disabled={disabled}
                    onChange={(event) => choose(ad, event.currentTarget.checked)}
                  />
                );
              })}
            </Stack>
          )}
          <Switch
            label="Display disclaimer"
            size="xs"
            checked={promotion.displayDisclaimer}
            disabled={disabled}
            onChange={(event) => set('displayDisclaimer', event.currentTarget.checked)}
          />
          <ColorStyleField label="Promotion background color" value={promotion.backgroundColor} onCommit={(color) => set('backgroundColor', color)} />
          <NumberStyleField
            label="Promotion border thickness"
            value={promotion.borders.thickness.top}
            check={checkBorderSize}
            onCommit={(thickness) =>
              set('borders', { ...promotion.borders, thickness: sides(thickness), applyBorders: thickness > 0 || promotion.borders.applyBorders }, 'borders.thickness')
            }
          />
          <SidesFields legend="Promotion padding" value={promotion.padding} check={checkPadding} onCommit={(padding, side) => set('padding', padding, `padding.${side}`)} />
        </Stack>
      </SidebarSection>
    </StylesContext.Provider>
  );
}
