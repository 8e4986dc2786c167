import { Table } from '@mantine/core';
import type { PollOptionResult } from '../../shared/contract/platform-polls';

/** What a share reads as while nobody has answered (spec 1 §9's '—'). */
export const NO_SHARE = '—';

/**
 * A poll's answers per option: its title (a quiz's right answer marked '(correct)'), how
 * many chose it and its share to one decimal, '—' while there are no responses at all.
 * The letter report's poll detail and the polls screen's results both show it.
 */
export function OptionResultsTable({ options, totalResponses }: { options: readonly PollOptionResult[]; totalResponses: number }) {
  return (
    <Table aria-label="Answers per option">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Option</Table.Th>
          <Table.Th>Responses</Table.Th>
          <Table.Th>Share</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {options.map((option) => (
          <Table.Tr key={option.id}>
            <Table.Td>
              {option.title}
              {option.isCorrect && ' (correct)'}
            </Table.Td>
            <Table.Td>{option.responses}</Table.Td>
            <Table.Td>{totalResponses > 0 ? `${option.percent.toFixed(1)}%` : NO_SHARE}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
