import type { Section, SectionOf } from '../../../../shared/model';
import { Placeholder } from './Placeholder';
import { deltaText } from './section-style';

// Dynamic blocks get their content when the letter is sent (or from panels still to come),
// so the canvas shows the spec's placeholders and whatever the block already knows.

export function PromotionView({ section }: { section: SectionOf<'promotion' | 'newpromotion'> }) {
  const m = section.blockModel;
  const chosen = section.type === 'newpromotion' ? section.blockModel.zone !== 0 : m.title.trim() !== '';
  return <Placeholder>{chosen ? 'See actual promotion in preview mode.' : 'Please select a promotion type.'}</Placeholder>;
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
  if (m.id === null) return <Placeholder>Please select a poll.</Placeholder>;
  return (
    <div>
      <div style={{ fontWeight: 700 }}>{m.questionText || m.title}</div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 8 }}>
        {m.options.map((option) => (
          <span key={option.id} style={{ background: m.buttonBackgroundColor, color: m.buttonTextColor, padding: '10px 12px', textAlign: 'center' }}>
            {option.title}
          </span>
        ))}
      </div>
    </div>
  );
}

export function IntegrationView({ section }: { section: SectionOf<'evvnt' | 'revContent' | 'iterable'> }) {
  if (section.type === 'revContent') {
    const { widgetId, placementId } = section.blockModel;
    return <Placeholder>{widgetId && placementId ? `RevContent widget ${widgetId}` : 'RevContent placeholder: add a Widget ID and a Placement ID.'}</Placeholder>;
  }
  if (section.type === 'iterable') return <Placeholder>{`Iterable template: ${section.blockModel.templateId}`}</Placeholder>;
  const count = section.blockModel.events.length;
  return <Placeholder>{count > 0 ? `${count} events` : 'Events placeholder: load events in the block settings.'}</Placeholder>;
}
