import type { Section, SectionOf } from '../../../../shared/model';
import { FEEDBACK_SCALE_LABELS, FEEDBACK_STAR_OPTION_COUNT, PollType } from '../../../../shared/model';
import type { Letter } from '../../../../shared/model/letter';
import { ScheduledPromotionCard } from '../../promotions/ScheduledPromotionCard';
import { Placeholder } from '../../../block-kit/Placeholder';
import { deltaText } from '../../../block-kit/section-style';

// Dynamic blocks get their content when the letter is sent (or from panels still to come),
// so the canvas shows the spec's placeholders and whatever the block already knows.

const PROMOTION_PREVIEW_TEXT = 'See actual promotion in preview mode.';
// Spec 2 §4 names a select-zone text for the zone block without giving its words.
const SELECT_ZONE_TEXT = 'Please select a zone.';

export function PromotionView({ section, letter }: { section: SectionOf<'promotion' | 'newpromotion'>; letter: Letter }) {
  if (section.type === 'newpromotion') {
    const zone = section.blockModel.zone;
    if (zone === 0) return <Placeholder>{SELECT_ZONE_TEXT}</Placeholder>;
    return <ScheduledPromotionCard letter={letter} slot={{ zone }} fallback={<Placeholder>{PROMOTION_PREVIEW_TEXT}</Placeholder>} />;
  }
  const { adTypeId, title } = section.blockModel;
  const placeholder = <Placeholder>{title.trim() !== '' ? PROMOTION_PREVIEW_TEXT : 'Please select a promotion type.'}</Placeholder>;
  if (adTypeId === null) return placeholder;
  return <ScheduledPromotionCard letter={letter} slot={{ adTypeId }} fallback={placeholder} />;
}

export function RssView({ section }: { section: SectionOf<'rss'> }) {
  const link = section.blockModel.link;
  return <Placeholder>{link ? link : 'Please add a valid RSS feed url.'}</Placeholder>;
}

export function UrlView({ section, renderChild }: { section: SectionOf<'dynamic' | 'url'>; renderChild: (child: Section) => React.ReactNode }) {
  if (section.blocks.length > 0) return <>{section.blocks.map(renderChild)}</>;
  const text = deltaText(section.delta).trim();
  if (!text) return <Placeholder>URL placeholder</Placeholder>;
  return <div style={{ whiteSpace: 'pre-wrap' }}>{text}</div>;
}

export function FeedView({ section }: { section: SectionOf<'curation' | 'newrss' | 'wordpress' | 'news'> }) {
  if (section.type !== 'news') {
    // The items a curation block last loaded, or the one article inserted into it.
    const m = section.blockModel;
    const shown = m.items.length > 0 ? m.items : m.title.trim() ? [{ id: 0, title: m.title, author: m.author, siteName: m.siteName, publicationDate: m.publicationDate }] : [];
    if (shown.length > 0) {
      return (
        <div style={{ display: 'flex', flexDirection: 'column', gap: m.gap }}>
          {shown.map((item) => (
            <div key={`${item.id}-${item.title}`}>
              {m.hasTitle && <div style={{ fontWeight: 700 }}>{item.title}</div>}
              <div style={{ fontSize: 13, opacity: 0.8 }}>{[m.hasAuthor && item.author, m.hasSource && item.siteName, m.hasPublishedDate && item.publicationDate].filter(Boolean).join(' · ')}</div>
            </div>
          ))}
        </div>
      );
    }
  }
  const text = deltaText(section.delta).trim();
  if (text) return <div style={{ whiteSpace: 'pre-wrap' }}>{text}</div>;
  const names = { curation: 'Curations', newrss: 'RSS', wordpress: 'WordPress', news: 'News' } as const;
  return <Placeholder>{`${names[section.type]} placeholder: choose what to show in the block settings.`}</Placeholder>;
}

export function PollView({ section }: { section: SectionOf<'poll'> }) {
  const m = section.blockModel;
  if (m.id === null || m.pollType === null) return <Placeholder>Please select a poll.</Placeholder>;
  const button = { background: m.buttonBackgroundColor, color: m.buttonTextColor, padding: '10px 12px', textAlign: 'center' } as const;
  const feedback = m.pollType === PollType.feedbackScale;
  return (
    <div>
      <div style={{ fontWeight: 700 }}>{m.questionText || m.title}</div>
      {feedback && m.options.length === FEEDBACK_STAR_OPTION_COUNT ? (
        <div aria-label={`Rating, ${m.options.length} stars`} style={{ marginTop: 8, fontSize: 32, lineHeight: 1, color: m.buttonBackgroundColor }}>
          {m.options.map((option) => (
            <span key={option.id} title={option.title}>
              &#9733;
            </span>
          ))}
        </div>
      ) : feedback ? (
        <div style={{ marginTop: 8 }}>
          <div style={{ display: 'flex', gap: m.buttonSpacing }}>
            {m.options.map((option) => (
              <span key={option.id} style={{ ...button, flex: 1 }}>
                {option.title}
              </span>
            ))}
          </div>
          <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 4 }}>
            <span>{FEEDBACK_SCALE_LABELS.low}</span>
            <span>{FEEDBACK_SCALE_LABELS.high}</span>
          </div>
        </div>
      ) : (
        <div style={{ display: 'flex', flexDirection: 'column', gap: m.buttonSpacing, marginTop: 8 }}>
          {m.options.map((option) => (
            <span key={option.id} style={button}>
              {option.title}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

export function IntegrationView({ section }: { section: SectionOf<'evvnt' | 'revContent' | 'iterable'> }) {
  if (section.type === 'revContent') {
    const { widgetId, placementId } = section.blockModel;
    return <Placeholder>{widgetId && placementId ? `RevContent widget ${widgetId}` : 'RevContent placeholder: add a Widget ID and a Placement ID.'}</Placeholder>;
  }
  if (section.type === 'iterable') return <Placeholder>{`Iterable template: ${section.blockModel.templateId}`}</Placeholder>;
  const { events } = section.blockModel;
  if (events.length === 0) return <Placeholder>Events placeholder: load events in the block settings.</Placeholder>;
  // The loaded events as their cards' text; the preview shows them as the email lays them out.
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {events.map((event) => (
        <div key={event.slug}>
          <div style={{ fontWeight: 700 }}>{event.heading}</div>
          <div>{[event.date, event.venue].filter(Boolean).join(' · ')}</div>
        </div>
      ))}
    </div>
  );
}
