import { IconChartBar } from '@tabler/icons-react';
import type { BlockKind } from '../../block-kit/block-kind';
import { PollPanel } from './PollPanel';
import { PollView } from './PollView';

export const pollKind: BlockKind<'poll'> = {
  type: 'poll',
  palette: [{ name: 'Poll', group: 'CREATE', description: 'A question readers answer with one click.', icon: IconChartBar, flag: 'composerPollBlock' }],
  View: PollView,
  Panel: PollPanel,
};
