import type { SectionOf } from '../../../shared/model';
import { Placeholder } from '../../block-kit/Placeholder';
import { deltaText } from '../../block-kit/section-style';

// The feed blocks on the canvas: what they last loaded, or the spec's placeholders; they are
// filled anew when the letter is sent.

export function RssView({ section }: { section: SectionOf<'rss'> }) {
  const link = section.blockModel.link;
  return <Placeholder>{link ? link : 'Please add a valid RSS feed url.'}</Placeholder>;
}

export function FeedView({ section }: { section: SectionOf<'curation' | 'newrss' | 'wordpress'> }) {
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
  const text = deltaText(section.delta).trim();
  if (text) return <div style={{ whiteSpace: 'pre-wrap' }}>{text}</div>;
  const names = { curation: 'Curations', newrss: 'RSS', wordpress: 'WordPress' } as const;
  return <Placeholder>{`${names[section.type]} placeholder: choose what to show in the block settings.`}</Placeholder>;
}
