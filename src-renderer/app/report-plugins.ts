import { PollResultsCard } from '../features/polls/PollResultsCard';

// What other features put into a letter's report (features/reports): the report reads them
// from here and imports no feature.

export const REPORT_PLUGINS = {
  /** The letter's polls and how readers answered them. */
  PollResultsCard,
};
