import { accept, refuse, type FieldResult } from './field-result';

// The social card's "load from a page" address (spec 1 §5: "An open-graph URL must start with
// {host}"): only the platform's own pages (a letter's web archive page), so the app never
// fetches an address an editor pasted from elsewhere.

export const openGraphHostMessage = (platformUrl: string) => `An open-graph URL must start with ${originOf(platformUrl) ?? platformUrl}`;

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The address to load, trimmed, when it is a page of the platform at `platformUrl`. */
export function checkOpenGraphUrl(input: string, platformUrl: string): FieldResult<string> {
  const value = input.trim();
  const origin = originOf(value);
  return origin !== null && origin === originOf(platformUrl) ? accept(value) : refuse(openGraphHostMessage(platformUrl));
}
