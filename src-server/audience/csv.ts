// A CSV reader for subscriber imports (no CSV library is installed): RFC 4180 with the
// leniencies spreadsheets need. Comma-separated; a field may be quoted, and inside quotes
// commas, line breaks and doubled quotes ("") are text. CRLF, LF and CR all end a row. A
// leading byte-order mark is dropped. A quote in the middle of an unquoted field, or text
// after a closing quote, is kept as text rather than refusing the file.

export interface CsvRecord {
  /** The file line the record starts on (1-based), for messages. */
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quotedFrom = 0;
  let inQuotes = false;
  let atFieldStart = true;

  const endCell = () => {
    cells.push(cell);
    cell = '';
    atFieldStart = true;
  };
  const endRecord = () => {
    endCell();
    records.push({ line: recordLine, cells });
    cells = [];
  };

  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (inQuotes) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else {
          inQuotes = false;
        }
      } else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && atFieldStart) {
      inQuotes = true;
      quotedFrom = line;
      atFieldStart = false;
    } else if (char === ',') {
      endCell();
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += char;
      atFieldStart = false;
    }
  }
  if (inQuotes) {
    throw new CsvSyntaxError(quotedFrom, `Line ${quotedFrom}: a quoted value starts here and is never closed.`);
  }
  // A final line break ends the last record; it does not start an empty one.
  if (cell !== '' || cells.length > 0 || !atFieldStart) endRecord();
  return records;
}
