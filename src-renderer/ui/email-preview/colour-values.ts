import { NAMED_COLOURS } from './named-colours';

// CSS colour values read as numbers and written back, for recolouring a letter the way a
// mail client's dark mode does (gmail-dark.ts).

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function hex(value: string): Rgba | null {
  const digits = value.slice(1);
  if (!/^([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(digits)) return null;
  const full = digits.length <= 4 ? [...digits].map((d) => d + d).join('') : digits;
  const part = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16);
  return { r: part(0), g: part(1), b: part(2), a: full.length === 8 ? part(3) / 255 : 1 };
}

/** The numbers of rgb()/hsl() in either syntax: commas, or spaces with `/ alpha`. */
function functionArguments(value: string): string[] {
  const inner = value.slice(value.indexOf('(') + 1, value.lastIndexOf(')'));
  return inner.split(/[\s,/]+/).filter((part) => part !== '');
}

const channel = (part: string, scale: number) => (part.endsWith('%') ? (parseFloat(part) / 100) * scale : parseFloat(part));
const alpha = (part: string | undefined) => (part === undefined ? 1 : clamp(channel(part, 1), 0, 1));

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** A colour as numbers; null for anything that is not a colour (a keyword such as `solid`, `transparent`). */
export function parseColour(value: string): Rgba | null {
  const text = value.trim().toLowerCase();
  if (text.startsWith('#')) return hex(text);
  if (/^rgba?\(/.test(text)) {
    const [r, g, b, a] = functionArguments(text);
    if (b === undefined) return null;
    const rgb = [r!, g!, b].map((part) => clamp(channel(part, 255), 0, 255));
    if (rgb.some(Number.isNaN)) return null;
    return { r: rgb[0]!, g: rgb[1]!, b: rgb[2]!, a: alpha(a) };
  }
  if (/^hsla?\(/.test(text)) {
    const [h, s, l, a] = functionArguments(text);
    if (l === undefined) return null;
    const [r, g, b] = hslToRgb(((parseFloat(h!) % 360) + 360) % 360, clamp(parseFloat(s!) / 100, 0, 1), clamp(parseFloat(l) / 100, 0, 1));
    if ([r, g, b].some(Number.isNaN)) return null;
    return { r, g, b, a: alpha(a) };
  }
  const named = NAMED_COLOURS.get(text);
  return named ? hex(`#${named}`) : null;
}

export function formatColour({ r, g, b, a }: Rgba): string {
  const byte = (value: number) => Math.round(clamp(value, 0, 255));
  if (a < 1) return `rgba(${byte(r)}, ${byte(g)}, ${byte(b)}, ${Math.round(a * 1000) / 1000})`;
  return `#${[r, g, b].map((value) => byte(value).toString(16).padStart(2, '0')).join('')}`;
}

/** The darkest and lightest a recoloured colour gets: white paper becomes #121212, black ink #ebebeb. */
const DARKEST = 0.07;
const LIGHTEST = 0.92;

/**
 * The colour with its lightness turned over and its hue and saturation kept: light
 * backgrounds go dark, dark text goes light, and a mid-tone brand colour stays about the
 * same. What Gmail's apps do to every colour of a letter in dark mode (a full inversion),
 * without the change of hue a negative would give.
 */
export function invertLightness(colour: Rgba): Rgba {
  const r = colour.r / 255;
  const g = colour.g / 255;
  const b = colour.b / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (d !== 0) {
    if (max === r) h = 60 * (((g - b) / d) % 6);
    else if (max === g) h = 60 * ((b - r) / d + 2);
    else h = 60 * ((r - g) / d + 4);
  }
  const inverted = DARKEST + (LIGHTEST - DARKEST) * (1 - l);
  const [nr, ng, nb] = hslToRgb((h + 360) % 360, clamp(s, 0, 1), inverted);
  return { r: nr, g: ng, b: nb, a: colour.a };
}
