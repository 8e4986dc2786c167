// CSV as spreadsheets read it (RFC 4180): fields separated by commas, records by CRLF, a
// field with a comma, a quote or a line break wrapped in quotes with its quotes doubled.
// Text from readers (addresses, names, user agents) could start a formula when a
// spreadsheet opens the file (CSV injection), so a text cell starting with = + - @ or a
// tab or carriage return gets a leading apostrophe, which spreadsheets show as text.

export type CsvValue = string | number | boolean | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A byte order mark first, so spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
