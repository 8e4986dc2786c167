import type { SectionOf } from '../../../shared/model';
import { Placeholder } from '../../block-kit/Placeholder';

/** An events block on the canvas: the loaded events as their cards' text; the preview shows them as the email lays them out. */
export function EventsView({ section }: { section: SectionOf<'evvnt'> }) {
  const { events } = section.blockModel;
  if (events.length === 0) return <Placeholder>Events placeholder: load events in the block settings.</Placeholder>;
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
