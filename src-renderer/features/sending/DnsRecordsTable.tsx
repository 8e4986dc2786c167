import { ActionIcon, Badge, Code, CopyButton, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { DnsRecord } from '../../../shared/contract/platform-sending';
import { RECORD_LABELS, STATUS_LABELS } from './dns-record-labels';

// A sending domain's DNS records: what to publish where, each with a copy button (DNS
// consoles want the exact text), what it is for, and what the last Check DNS found.

function CopyText({ value, what }: { value: string; what: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', flex: 1 }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy the ${what}`} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`Copy the ${what}`}>
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

export function DnsRecordsTable({ domain, records }: { domain: string; records: readonly DnsRecord[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" aria-label={`DNS records of ${domain}`} layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={190}>Record</Table.Th>
            <Table.Th w={60}>Type</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th w={150}>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => {
            const label = RECORD_LABELS[record.kind];
            const status = STATUS_LABELS[record.status];
            return (
              <Table.Tr key={`${record.kind} ${record.name}`} aria-label={`${label} record`}>
                <Table.Td>
                  <Stack gap={2}>
                    <Text fw={600} size="sm">
                      {label}
                      {!record.required && (
                        <Text span size="xs" c="dimmed" fw={400}>
                          {' '}
                          (optional)
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {record.purpose}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>{record.type}</Table.Td>
                <Table.Td>
                  <CopyText value={record.name} what={`name of the ${label} record`} />
                </Table.Td>
                <Table.Td>
                  <CopyText value={record.value} what={`value of the ${label} record`} />
                </Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <Badge color={status.color} variant="light">
                      {status.label}
                    </Badge>
                    {record.status !== 'unchecked' && (
                      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                        {record.found.length > 0 ? `DNS answered: ${record.found.join(' | ')}` : 'DNS answered nothing at this name.'}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
