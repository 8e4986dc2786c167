import { Anchor, Tooltip } from '@mantine/core';
import { shortUrl } from './short-url';

/** A link opening outside the app, shown short with the whole address in its tooltip. */
export function ShortLink({ url, max }: { url: string; max?: number }) {
  const short = shortUrl(url, max);
  const anchor = (
    <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
      {short}
    </Anchor>
  );
  return short === url ? anchor : (
    <Tooltip label={url} multiline maw={480} style={{ wordBreak: 'break-all' }} openDelay={200} events={{ hover: true, focus: true, touch: false }}>
      {anchor}
    </Tooltip>
  );
}
