import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, csvRecords } from './csv-records';

async function records(text: string | string[]) {
  const out = [];
  for await (const record of csvRecords(Readable.from(Array.isArray(text) ? text : [text]))) out.push(record);
  return out;
}
const cells = async (text: string) => (await records(text)).map((record) => record.cells);

describe('csvRecords', () => {
  it('splits rows and fields, with or without a final line break', async () => {
    expect(await cells('email,first_name\na@x.io,Ada\n')).toEqual([['email', 'first_name'], ['a@x.io', 'Ada']]);
    expect(await cells('email,first_name\r\na@x.io,Ada')).toEqual([['email', 'first_name'], ['a@x.io', 'Ada']]);
    expect(await cells('')).toEqual([]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields, numbering records by their first line', async () => {
    const text = 'email,company,note\n"a@x.io","Acme, Inc.","She said ""hi""\nand left"\nb@x.io,,\n';
    expect(await records(text)).toEqual([
      { line: 1, cells: ['email', 'company', 'note'] },
      { line: 2, cells: ['a@x.io', 'Acme, Inc.', 'She said "hi"\nand left'] },
      { line: 4, cells: ['b@x.io', '', ''] },
    ]);
    const crlf = await records('h\r\n"one\r\ntwo\r\nthree"\r\n\r\nnext\r\n');
    expect(crlf.map((record) => record.line)).toEqual([1, 2, 5, 6]);
  });

  it('reads a file cut into chunks anywhere, even inside a quoted value or a CRLF', async () => {
    const text = 'email,note\r\n"a@x.io","x\r\ny"\r\nb@x.io,z\r\n';
    const chunks = text.split('');
    expect(await records(chunks)).toEqual(await records(text));
  });

  it('drops a byte-order mark and keeps stray quotes in unquoted fields as text', async () => {
    expect(await cells('\uFEFFemail\na@x.io\n')).toEqual([['email'], ['a@x.io']]);
    expect(await cells('5" screen,x\n')).toEqual([['5" screen', 'x']]);
  });

  it('refuses a quoted value that is never closed, naming the line it starts on', async () => {
    const attempt = records('email,name\na@x.io,"Ada\nb@x.io,Bob\n');
    await expect(attempt).rejects.toThrow(CsvSyntaxError);
    await expect(records('email,name\na@x.io,"Ada\nb@x.io,Bob\n')).rejects.toThrow(
      'Line 2: a quoted value starts here and is never closed.',
    );
  });

  it('reads back whatever a writer that quotes every field produced', async () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', '\n', '\r\n', ' ', 'é') });
    const table = fc.array(fc.array(field, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 });
    await fc.assert(
      fc.asyncProperty(table, async (rows) => {
        const text = rows.map((row) => row.map((value) => `"${value.replaceAll('"', '""')}"`).join(',')).join('\r\n');
        expect(await cells(text)).toEqual(rows);
      }),
      { numRuns: 50 },
    );
  });
});
