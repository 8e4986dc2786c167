import type { Poll, PollOptionResult } from '../../shared/contract/platform-polls';
import { renderPublicPage } from './public-page';

// The poll response pages (routes/public-polls.ts): the answer with its button, and the
// thanks (the poll's confirmation message) with the results when the poll shows them.

export const POLL_PAGE_TEXT = {
  submit: 'Submit my answer',
  yourAnswer: (option: string) => `Your answer: ${option}`,
  changing: (before: string) => `You answered “${before}” before; submitting replaces that answer.`,
  thanksTitle: 'Thank you',
  recorded: (option: string) => `Your answer “${option}” is recorded.`,
  results: (total: number) => `Results so far (${total} ${total === 1 ? 'answer' : 'answers'}):`,
} as const;

const optionTitle = (poll: Poll, id: number) => poll.options.find((option) => option.id === id)?.title ?? '';

export function pollQuestionPage(poll: Poll, optionId: number, previousOptionId: number | null, action: string): string {
  const lead = [POLL_PAGE_TEXT.yourAnswer(optionTitle(poll, optionId))];
  if (previousOptionId !== null && previousOptionId !== optionId) lead.push(POLL_PAGE_TEXT.changing(optionTitle(poll, previousOptionId)));
  return renderPublicPage({
    title: poll.questionText || poll.title,
    lead: lead.join(' '),
    forms: [{ action, label: POLL_PAGE_TEXT.submit }],
  });
}

export function pollAnsweredPage(poll: Poll, optionId: number, confirmation: string, results: { options: PollOptionResult[]; total: number } | null): string {
  const title = confirmation.trim() || POLL_PAGE_TEXT.thanksTitle;
  const recorded = POLL_PAGE_TEXT.recorded(optionTitle(poll, optionId));
  if (!results) return renderPublicPage({ title, lead: recorded });
  return renderPublicPage({
    title,
    lead: `${recorded} ${POLL_PAGE_TEXT.results(results.total)}`,
    list: results.options.map((option) => `${option.title}: ${option.responses} (${option.percent}%)`),
  });
}
