import fc from 'fast-check';
import { readCsv, writeCsv } from './csv-text';

describe('writeCsv', () => {
  it('quotes what needs quoting, doubles quotes and ends lines with CRLF', () => {
    expect(
      writeCsv(
        ['a', 'b'],
        [
          ['x, y', 'say "hi"'],
          ['line\nbreak', null],
        ],
      ),
    ).toBe('a,b\r\n"x, y","say ""hi"""\r\n"line\nbreak",\r\n');
  });

  it('keeps a spreadsheet from running text as a formula (quoted, with an apostrophe)', () => {
    const text = writeCsv(['name'], [['=HYPERLINK("x")'], ['+1'], ['-2'], ['@SUM(A1)'], ["'=x"]]);
    expect(text.split('\r\n').slice(1, 6)).toEqual([
      `"'=HYPERLINK(""x"")"`,
      `"'+1"`,
      `"'-2"`,
      `"'@SUM(A1)"`,
      `"''=x"`,
    ]);
  });
});

describe('readCsv', () => {
  it('names records by the header row, fills missing cells and skips empty lines', () => {
    expect(readCsv('\uFEFFname , type\r\nA,ssl_cert\r\n\r\nB\r\n')).toEqual({
      columns: ['name', 'type'],
      records: [
        { name: 'A', type: 'ssl_cert' },
        { name: 'B', type: '' },
      ],
      problems: [],
    });
  });

  it('names blank and repeated headers so no column is lost', () => {
    expect(readCsv('name,,Name\r\na,b,c\r\n').records).toEqual([
      { name: 'a', 'Column 2': 'b', 'Name (2)': 'c' },
    ]);
  });

  it('reports an unclosed quote', () => {
    const table = readCsv('name\r\nok\r\n"broken\r\n');
    expect(table.problems).toHaveLength(1);
    expect(table.problems[0]!.row).toBe(2);
  });

  it('reads back exactly what writeCsv wrote', () => {
    const cell = fc.string({ unit: 'binary', maxLength: 30 });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { maxLength: 8 }),
        (rows) => {
          // A row of empty cells is written as ",," and so is kept; only blank lines are skipped.
          const kept = rows.filter((row) => row.some((value) => value !== ''));
          const table = readCsv(writeCsv(['a', 'b', 'c'], kept));
          expect(table.records.map((record) => [record.a, record.b, record.c])).toEqual(kept);
        },
      ),
    );
  });
});
