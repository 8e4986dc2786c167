import { PUBLIC_PAGE_TEXT } from '../../shared/contract/public-pages';
import type { PublicPageLanguage } from '../../shared/contract/public-pages';
import { escapeAttr, escapeHtml } from '../../shared/render/escape';
import { PAGE_STYLESHEET } from './page-security';

// One small HTML document for every public page: a heading, a sentence, and at most two
// buttons that each POST a form back to this origin. Every value is escaped here, so the
// pages built on it pass plain text (a channel's name may hold anything).

export interface PageForm {
  /** A path on this origin (publicPagePaths). */
  action: string;
  label: string;
  /** A line above the form, for the secondary action ("Unsubscribed by mistake?"). */
  hint?: string;
  /** The quieter look of an undo button. */
  secondary?: boolean;
  /** Fields above the button (the subscribe form); most forms have none. */
  fields?: PageField[];
}

export interface PageField {
  name: string;
  label: string;
  type: 'email' | 'text';
  required?: boolean;
  autocomplete?: string;
  value?: string;
}

function fieldHtml(field: PageField): string {
  const id = `field-${field.name}`;
  const attributes = [
    `id="${escapeAttr(id)}"`,
    `name="${escapeAttr(field.name)}"`,
    `type="${field.type}"`,
    ...(field.required ? ['required'] : []),
    ...(field.autocomplete ? [`autocomplete="${escapeAttr(field.autocomplete)}"`] : []),
    ...(field.value ? [`value="${escapeAttr(field.value)}"`] : []),
  ];
  return `<label for="${escapeAttr(id)}">${escapeHtml(field.label)}</label><input ${attributes.join(' ')}>`;
}

export interface PublicPage {
  title: string;
  lead: string;
  forms?: PageForm[];
  /** Lines under the lead (a poll's results). */
  list?: string[];
  language?: PublicPageLanguage;
}

function formHtml(form: PageForm): string {
  const hint = form.hint ? `<p class="aside">${escapeHtml(form.hint)}</p>` : '';
  const buttonClass = form.secondary ? ' class="secondary"' : '';
  const fields = (form.fields ?? []).map(fieldHtml).join('');
  return `${hint}<form method="post" action="${escapeAttr(form.action)}">${fields}<button type="submit"${buttonClass}>${escapeHtml(form.label)}</button></form>`;
}

export function renderPublicPage({ title, lead, forms = [], list = [], language = 'en' }: PublicPage): string {
  const text = PUBLIC_PAGE_TEXT[language];
  return [
    '<!doctype html>',
    `<html lang="${escapeAttr(text.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${PAGE_STYLESHEET}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(lead)}</p>`,
    ...(list.length > 0 ? [`<ul>${list.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`] : []),
    ...forms.map(formHtml),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
