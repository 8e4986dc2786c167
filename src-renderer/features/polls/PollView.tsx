import type { SectionOf } from '../../../shared/model';
import { FEEDBACK_SCALE_LABELS, FEEDBACK_STAR_OPTION_COUNT, PollType } from '../../../shared/model';
import { Placeholder } from '../../block-kit/Placeholder';

/** A poll block on the canvas: its question and answer buttons as the email lays them out. */
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
