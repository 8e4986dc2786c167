import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './csv';

const cells = (text: string) => parseCsv(text).map((record) => record.cells);

describe('parseCsv', () => {
  it('splits rows and fields, with or without a final line break', () => {
    expect(cells('email,first_name\na@x.io,Ada\n')).toEqual([['email', 'first_name'], ['a@x.io', 'Ada']]);
    expect(cells('email,first_name\r\na@x.io,Ada')).toEqual([['email', 'first_name'], ['a@x.io', 'Ada']]);
    expect(cells('a\rb\r')).toEqual([['a'], ['b']]);
    expect(cells('')).toEqual([]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    const text = 'email,company,note\n"a@x.io","Acme, Inc.","She said ""hi""\nand left"\nb@x.io,,\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['email', 'company', 'note'] },
      { line: 2, cells: ['a@x.io', 'Acme, Inc.', 'She said "hi"\nand left'] },
      { line: 4, cells: ['b@x.io', '', ''] },
    ]);
  });

  it('numbers records by the line they start on, counting CRLF inside quotes once', () => {
    const records = parseCsv('h\r\n"one\r\ntwo\r\nthree"\r\nnext\r\n');
    expect(records.map((record) => record.line)).toEqual([1, 2, 5]);
    expect(records[1]!.cells).toEqual(['one\r\ntwo\r\nthree']);
  });

  it('drops a byte-order mark and keeps empty lines as blank records', () => {
    expect(cells('\uFEFFemail\n\na@x.io\n')).toEqual([['email'], [''], ['a@x.io']]);
  });

  it('keeps stray quotes in unquoted fields as text', () => {
    expect(cells('5" screen,"quoted"tail\n')).toEqual([['5" screen', 'quotedtail']]);
  });

  it('refuses a quoted value that is never closed, naming the line it starts on', () => {
    const attempt = () => parseCsv('email,name\na@x.io,"Ada\nb@x.io,Bob\n');
    expect(attempt).toThrow(CsvSyntaxError);
    expect(attempt).toThrow('Line 2: a quoted value starts here and is never closed.');
  });

  it('reads back whatever a writer that quotes every field produced', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', '\n', '\r\n', ' ', 'é') });
    const table = fc.array(fc.array(field, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(table, (rows) => {
        const text = rows.map((row) => row.map((value) => `"${value.replaceAll('"', '""')}"`).join(',')).join('\r\n');
        expect(cells(text)).toEqual(rows);
      }),
    );
  });
});
