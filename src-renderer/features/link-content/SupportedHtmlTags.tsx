import { Code, Text } from '@mantine/core';
import { HTML_SUPPORTED_TAGS } from '../../../shared/rules/html-block';

/** The supported-tags help (spec 2 §2, §7) the HTML panel and the canvas both open. */
export function SupportedHtmlTags() {
  return (
    <>
      <Text size="xs" c="dimmed">
        {HTML_SUPPORTED_TAGS.map((tag, index) => (
          <span key={tag}>
            {index > 0 && ' '}
            <Code>{`<${tag}>`}</Code>
          </span>
        ))}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        Scripts, forms, frames and event attributes such as onclick are never sent.
      </Text>
    </>
  );
}
