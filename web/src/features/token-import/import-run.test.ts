import type { ImportTokensResponse } from '@expiry-radar/shared/api/inventory-api-schemas';
import { readCsv } from '@expiry-radar/shared/domain/csv-text';
import {
  chunksOf,
  contentOf,
  finalRows,
  previewRows,
  refusedRowsCsv,
  rowsToWrite,
  localeDateOrder,
  numericDatesText,
  totalsOf,
} from './import-run';
import type { ImportSource } from './import-source';

const answer: ImportTokensResponse = {
  dryRun: true,
  rows: 4,
  created: 1,
  updated: 1,
  unchanged: 0,
  invalid: [
    { row: 3, field: 'expiresAt', message: 'Invalid date format', code: 'VALIDATION_ERROR' },
    { row: 3, field: 'name', message: 'Name is required', code: 'VALIDATION_ERROR' },
  ],
  dropped: [{ row: 2, field: 'cost', message: 'Cost must be a positive number' }],
  expired: [1],
  numericDates: null,
  duplicates: [{ row: 4, firstRow: 1 }],
  outcomes: ['create', 'update', 'invalid', 'duplicate'],
  columns: [],
};

const source: ImportSource = {
  fileName: 'tokens.csv',
  columns: ['Name', 'Domains'],
  records: [
    { Name: 'A', Domains: ['a.example.com', 'b.example.com'] },
    { Name: 'B', Domains: '' },
    { Name: '', Domains: '=cmd' },
    { Name: 'A', Domains: null },
  ],
};

describe('numeric dates', () => {
  it("follows the browser's language for the order of numeric dates", () => {
    expect(localeDateOrder('en-US')).toBe('month-day-year');
    expect(localeDateOrder('en-GB')).toBe('day-month-year');
    expect(localeDateOrder('de-DE')).toBe('day-month-year');
  });

  it('says how the numeric dates were read and why', () => {
    expect(numericDatesText(null)).toBeNull();
    expect(numericDatesText({ order: 'day-month-year', from: 'file' })).toBe(
      'Dates like 05/01/2027 are read as day/month/year, as the file shows.',
    );
    expect(numericDatesText({ order: 'month-day-year', from: 'locale' })).toBe(
      'Dates like 05/01/2027 are read as month/day/year, as your browser’s language writes them: no date of the file tells.',
    );
  });
});

describe('the import run', () => {
  it("gives each row its outcome and reasons, in the field's words", () => {
    expect(previewRows(answer)).toEqual([
      { row: 1, outcome: 'create', reasons: ['Already expired'] },
      { row: 2, outcome: 'update', reasons: ['Left out: Cost: Cost must be a positive number'] },
      {
        row: 3,
        outcome: 'invalid',
        reasons: ['Expiration Date: Invalid date format', 'Name: Name is required'],
      },
      { row: 4, outcome: 'duplicate', reasons: ['Same name and type as row 1'] },
    ]);
  });

  it('numbers the rows of a chunk as the file does', () => {
    const chunkAnswer = {
      ...answer,
      outcomes: answer.outcomes.slice(0, 2),
      invalid: [],
      dropped: [],
      duplicates: [],
    };
    expect(previewRows(chunkAnswer, [7, 9]).map((row) => row.row)).toEqual([7, 9]);
    expect(JSON.parse(contentOf(source, [2, 4]))).toEqual([source.records[1], source.records[3]]);
  });

  it('writes the rows to create or update, in chunks', () => {
    const preview = previewRows(answer);
    expect(rowsToWrite(preview)).toEqual([1, 2]);
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    const written = [
      { row: 2, outcome: 'refused' as const, reasons: ['The Free plan allows 50 tokens'] },
    ];
    const final = finalRows(preview, written);
    expect(final[1]).toEqual(written[0]);
    expect(totalsOf(final)).toEqual({ created: 1, updated: 0, unchanged: 0, notImported: 3 });
  });

  it('lists the refused rows with their reasons and their own cells as CSV', () => {
    const table = readCsv(refusedRowsCsv(source, previewRows(answer)));
    expect(table.columns).toEqual(['row', 'reason', 'Name', 'Domains']);
    expect(table.records).toEqual([
      {
        row: '3',
        reason: 'Expiration Date: Invalid date format; Name: Name is required',
        Name: '',
        Domains: '=cmd',
      },
      { row: '4', reason: 'Same name and type as row 1', Name: 'A', Domains: '' },
    ]);
  });
});
