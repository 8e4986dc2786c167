import { simpleParser } from 'mailparser';
import { AppError } from '../../../shared/contract/errors';
import { htmlToSections } from '../../../shared/import/html-to-sections';
import type { IdSource } from '../../../shared/import/html-to-sections';
import { withLetterDefaults } from '../../../shared/import/letter-json-import';
import type { Letter } from '../../../shared/model/letter';
import type { Section } from '../../../shared/model/section';
import { textDelta } from '../../../shared/model/delta';
import { newSection } from '../../../shared/model/section-factory';
import { compileMjml } from '../../../shared/render/compile';
import { parseLetterInput } from '../../../shared/render/letter-input';

// A file given to Import, read into what a new draft starts with. The mapping itself is
// pure (shared/import); what needs Node is here: an .eml's MIME read by mailparser, an
// MJML file compiled by the same mjml the renderer uses, then imported as its HTML.

export type ImportFormat = 'html' | 'mjml' | 'eml' | 'json';

export const UNKNOWN_FORMAT_MESSAGE = 'Import takes an HTML email (.html, .htm), a saved email (.eml), an MJML file (.mjml) or a letter exported as JSON (.json).';

export interface LetterFromFile {
  /** The sections the file maps to (without the new letter's footer unless the file had one). */
  sections: Section[];
  /** The subject the file names, if any. */
  title: string;
  /** For a letter JSON: the letter it describes, completed with a new letter's defaults. */
  letter?: Letter;
  /** Pictures the file carries itself (an .eml's inline parts), by the `cid:` address its HTML uses. */
  embedded?: Record<string, EmbeddedPicture>;
}

export interface EmbeddedPicture {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

/** A `data:image/…;base64,` address's picture, or null for any other address. */
export function dataUrlPicture(src: string): EmbeddedPicture | null {
  const match = /^data:(image\/[\w.+-]+);base64,([a-z0-9+/=\s]+)$/i.exec(src.trim());
  if (!match) return null;
  const mimeType = match[1]!.toLowerCase();
  return { fileName: `picture.${mimeType.split('/')[1]!.replace(/\+.*$/, '')}`, mimeType, bytes: Buffer.from(match[2]!, 'base64') };
}

export function importFormatOf(fileName: string, text: string): ImportFormat | null {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'html' || extension === 'htm') return 'html';
  if (extension === 'eml') return 'eml';
  if (extension === 'mjml') return 'mjml';
  if (extension === 'json') return 'json';
  // A file without a telling name: judge by its start.
  const start = text.trimStart().slice(0, 200).toLowerCase();
  if (start.startsWith('<mjml')) return 'mjml';
  if (start.startsWith('{')) return 'json';
  if (start.startsWith('<')) return 'html';
  if (/^(from|received|mime-version|return-path|subject|date|to|message-id):/m.test(start)) return 'eml';
  return null;
}

async function fromEml(bytes: Buffer, nextId: IdSource): Promise<LetterFromFile> {
  const mail = await simpleParser(bytes);
  const title = mail.subject ?? '';
  // Inline pictures are parts of the email, named in its HTML by cid: addresses.
  const embedded: Record<string, EmbeddedPicture> = {};
  for (const part of mail.attachments) {
    if (!part.cid || !part.contentType.startsWith('image/')) continue;
    embedded[`cid:${part.cid}`] = { fileName: part.filename ?? `${part.cid}.${part.contentType.split('/')[1]}`, mimeType: part.contentType, bytes: part.content };
  }
  if (typeof mail.html === 'string' && mail.html.trim() !== '') return { ...htmlToSections(mail.html, nextId), title, embedded };
  // A plain-text email: one paragraph per paragraph of it.
  const paragraphs = (mail.text ?? '').split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p !== '');
  return { sections: paragraphs.map((p) => ({ ...newSection('paragraph', nextId()), delta: textDelta(p) })), title };
}

async function fromMjml(text: string, nextId: IdSource): Promise<LetterFromFile> {
  const { html, errors } = await compileMjml(text);
  if (html === '') throw new AppError('invalid_input', `This MJML file could not be read: ${errors[0]?.message ?? 'it is empty'}.`);
  return htmlToSections(html, nextId);
}

function fromJson(text: string, base: Letter, nextId: IdSource): LetterFromFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError('invalid_input', 'This file is not valid JSON.');
  }
  const parsed = parseLetterInput(withLetterDefaults(raw, base, nextId));
  if (!parsed.ok) throw new AppError('invalid_input', `This is not a letter Letterdesk can import: ${parsed.errors.slice(0, 3).join('; ')}`);
  return { sections: parsed.sections, title: parsed.letter.title, letter: parsed.letter };
}

/** The file's content as sections; a file of no known kind is refused with what Import takes. */
export async function letterFromFile(input: { fileName: string; bytes: Buffer; base: Letter; nextId: IdSource }): Promise<LetterFromFile> {
  const text = input.bytes.toString('utf8');
  const format = importFormatOf(input.fileName, text);
  if (format === 'eml') return fromEml(input.bytes, input.nextId);
  if (format === 'mjml') return fromMjml(text, input.nextId);
  if (format === 'json') return fromJson(text, input.base, input.nextId);
  if (format === 'html') return htmlToSections(text, input.nextId);
  throw new AppError('invalid_input', UNKNOWN_FORMAT_MESSAGE);
}
