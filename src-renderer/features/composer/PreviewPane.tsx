import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import type { Letter } from '../../../shared/model/letter';
import { effectiveDesktopWidth, effectiveMobileWidth } from '../../../shared/model/letter-settings';
import { useGetPreviewQuery } from './composer-api';

export type PreviewDevice = 'desktop' | 'mobile';

/**
 * The frame's own policy, on top of the empty sandbox: nothing runs and nothing is fetched
 * but images and fonts, whatever the letter's HTML holds.
 */
const PREVIEW_CSP = "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; font-src https: data:";

export function withPreviewPolicy(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + meta) : meta + html;
}

/**
 * The letter as subscribers will see it, rendered by the core. The iframe is sandboxed
 * with nothing allowed: no scripts, no same-origin access, no forms, no navigation.
 */
export function PreviewPane({ letter, device, revision }: { letter: Letter; device: PreviewDevice; revision: string }) {
  const { data: preview, error, isFetching } = useGetPreviewQuery({ uniqueId: letter.uniqueId, revision });
  const width = device === 'desktop' ? effectiveDesktopWidth(letter.settings) : effectiveMobileWidth(letter.settings);

  if (error) return <Alert color="red">{'message' in error ? String(error.message) : 'The preview could not be made.'}</Alert>;
  if (!preview) return <Loader aria-label="Rendering preview" />;
  const { insights } = preview;
  return (
    <Stack gap="xs" align="center">
      <Group gap="xs" aria-label="Content check">
        <Badge variant="light">~{insights.wordCount} words</Badge>
        <Badge variant="light">Readability {insights.readability.ease === null ? 'N/A' : `${Math.round(insights.readability.ease)}/100`}</Badge>
        <Badge variant="light">{insights.readability.time === null ? 'N/A' : `${insights.readability.time} min read`}</Badge>
        <Badge variant="light" color={insights.weight === 'Good' ? 'teal' : 'orange'}>
          {insights.size} KB · {insights.weight}
        </Badge>
        {isFetching && <Loader size="xs" aria-label="Updating preview" />}
      </Group>
      {insights.flags.missingUnsubscribe && <Text size="sm" c="orange">This letter has no unsubscribe link.</Text>}
      <iframe
        title="Email preview"
        sandbox=""
        srcDoc={withPreviewPolicy(preview.html)}
        style={{ width: width + 2, height: 720, border: '1px solid var(--mantine-color-gray-3)', background: 'white' }}
      />
    </Stack>
  );
}
