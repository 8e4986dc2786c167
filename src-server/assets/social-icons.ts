import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ICON_COLOR_SETS, SHARE_NETWORKS, SOCIAL_NETWORKS } from '../../shared/model';
import type { IconColorSet, ShareNetwork, SocialNetwork } from '../../shared/model';
import { SOCIAL_ICON_SHAPES } from './social-icon-shapes';

// The PNG icons of Share and Profiles blocks (shared/render/blocks/social.ts). Mail clients
// show PNG, not SVG, so each glyph is drawn once per colour set with sharp on first use and
// kept: 10 networks × 5 colour sets is a few dozen small images.

type Network = SocialNetwork | ShareNetwork;

/** Twice the 32px the email shows, so it stays sharp on high-density screens. */
export const SOCIAL_ICON_PIXELS = 64;

/** Each network's own colour, for the 'origin' set. */
const BRAND_COLORS: Record<Network, string> = {
  facebook: '#1877F2',
  instagram: '#E4405F',
  linkedin: '#0A66C2',
  pinterest: '#E60023',
  reddit: '#FF4500',
  youtube: '#FF0000',
  tiktok: '#000000',
  // Snapchat's own yellow (#FFFC00) vanishes on white; its darker gold still reads as it.
  snapchat: '#E6C800',
  x: '#000000',
  whatsapp: '#25D366',
};

/** The same tones as the text-only links of the colour sets. */
const SET_COLORS: Record<Exclude<IconColorSet, 'origin'>, string> = {
  black: '#000000',
  dark_gray: '#4D4D4D',
  light_gray: '#BFBFBF',
  white: '#FFFFFF',
};

const NETWORKS: ReadonlySet<string> = new Set<string>([...SOCIAL_NETWORKS, ...SHARE_NETWORKS]);
const COLOR_SETS: ReadonlySet<string> = new Set<string>(ICON_COLOR_SETS);

export interface SocialIcon {
  png: Buffer;
  etag: string;
}

function iconSvg(network: Network, color: string): string {
  const shape = SOCIAL_ICON_SHAPES[network];
  const paint =
    shape.style === 'fill'
      ? `fill="${color}" stroke="none"`
      : `fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"`;
  const paths = shape.paths.map((d) => `<path d="${d}"/>`).join('');
  const size = SOCIAL_ICON_PIXELS;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24"><g ${paint}>${paths}</g></svg>`;
}

const rendered = new Map<string, Promise<SocialIcon>>();

async function render(network: Network, colorSet: IconColorSet): Promise<SocialIcon> {
  const color = colorSet === 'origin' ? BRAND_COLORS[network] : SET_COLORS[colorSet];
  const png = await sharp(Buffer.from(iconSvg(network, color))).png({ compressionLevel: 9 }).toBuffer();
  return { png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"` };
}

/** The icon named by an address's colour set and file name (`facebook.png`), or null for any other name. */
export function socialIcon(colorSet: string, fileName: string): Promise<SocialIcon> | null {
  const network = /^([a-z]+)\.png$/.exec(fileName)?.[1];
  if (!network || !NETWORKS.has(network) || !COLOR_SETS.has(colorSet)) return null;
  const key = `${colorSet}/${network}`;
  let icon = rendered.get(key);
  if (!icon) {
    icon = render(network as Network, colorSet as IconColorSet);
    // A failed render is not kept, so the next request tries again.
    icon.catch(() => rendered.delete(key));
    rendered.set(key, icon);
  }
  return icon;
}
