import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';

// Subscriber CSV files read as a stream with csv-parse: RFC 4180 with the leniencies
// spreadsheets need (a byte-order mark, rows of uneven length, a stray quote inside an
// unquoted field kept as text). Records come out one at a time, so a file is never held
// whole; each carries the file line it starts on, for the import's messages.

export interface CsvRecord {
  /** The file line the record starts on (1-based). */
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** Line breaks in a record's raw text (CRLF counts once); its own terminator is one of them. */
function lineBreaks(raw: string): number {
  let breaks = 0;
  for (let i = 0; i < raw.length; i += 1) {
    if (raw[i] === '\n' || (raw[i] === '\r' && raw[i + 1] !== '\n')) breaks += 1;
  }
  return breaks;
}

export async function* csvRecords(source: Readable): AsyncGenerator<CsvRecord> {
  // Counted as the parser takes each record (on_record), not as the loop reads them: the
  // parser runs ahead, and an unclosed quote must name the line after the last record.
  let line = 1;
  const parser = source.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      raw: true,
      skip_empty_lines: false,
      on_record: (({ record, raw }: { record: string[]; raw: string }) => {
        const start = line;
        line += Math.max(1, lineBreaks(raw));
        return { line: start, cells: record };
      }) as never,
    }),
  );
  // A failing source (the request aborted) must end the parser too, or the loop waits forever.
  source.once('error', (error) => parser.destroy(error));
  try {
    for await (const record of parser as AsyncIterable<CsvRecord>) yield record;
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new CsvSyntaxError(`Line ${line}: a quoted value starts here and is never closed.`);
    }
    if (error instanceof CsvError) throw new CsvSyntaxError(`Line ${line}: ${error.message}`);
    throw error;
  }
}
