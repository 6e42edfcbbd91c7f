/**
 * The product's CSV dialect (RFC 4180, through papaparse), for the token export and import and the
 * refused-rows download: comma-separated, fields quoted when they hold a comma, quote or line
 * break, quotes doubled, CRLF line ends. Text a spreadsheet would run as a formula (starting with
 * =, +, -, @, tab or carriage return, after any apostrophes) is written with one more leading
 * apostrophe, and reading removes that apostrophe again, so a file the product wrote reads back
 * unchanged.
 */
import Papa from 'papaparse';

/** Starts like a formula, after any apostrophes already there (so those survive a round trip). */
const FORMULA_START = /^'*[=+\-@\t\r]/;

export interface CsvTable {
  /** The header row's names, trimmed; a blank one is `Column <n>`, a repeated one `<name> (2)`. */
  readonly columns: readonly string[];
  /** One record per data row, by column name; missing cells are empty strings. */
  readonly records: readonly Readonly<Record<string, string>>[];
  /** Rows papaparse could not read cleanly (an unclosed quote), 1-based among the data rows. */
  readonly problems: readonly { readonly row: number; readonly message: string }[];
}

export function writeCsv(
  columns: readonly string[],
  rows: readonly (readonly (string | null)[])[],
): string {
  const text = Papa.unparse(
    { fields: [...columns], data: rows.map((row) => row.map((cell) => cell ?? '')) },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
  // papaparse ends a header-only file with a line break, and a file with rows without one.
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/** A cell as written: the apostrophe that kept a formula from running is dropped. */
function readCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

/**
 * Names for a header row's cells, trimmed: a blank one is `Column <n>`, a repeated one (in any
 * case) `<name> (2)`, so every column has its own name.
 */
export function uniqueColumnNames(header: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((raw, index) => {
    const base = raw.trim() === '' ? `Column ${index + 1}` : raw.trim();
    const count = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

/** Reads CSV text whose first non-empty row names the columns. Empty lines are skipped. */
export function readCsv(text: string): CsvTable {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const parsed = Papa.parse<string[]>(source, { header: false, skipEmptyLines: 'greedy' });
  const [header = [], ...body] = parsed.data;
  const columns = uniqueColumnNames(header);
  const records = body.map((cells) => {
    const record: Record<string, string> = {};
    columns.forEach((column, index) => {
      record[column] = readCell(cells[index] ?? '');
    });
    return record;
  });
  const problems = parsed.errors
    .filter((error) => error.type === 'Quotes')
    .map((error) => ({ row: error.row ?? 0, message: error.message }));
  return { columns, records, problems };
}
