/**
 * A file the user chose or dropped, as the rows the import sends: CSV and XLSX with a header row
 * (cells as text), JSON as its array of objects (values as they are). The format comes from the
 * file's name.
 */
import { IMPORT_MAX_ROWS } from '@expiry-radar/shared/api/inventory-api-schemas';
import { countText } from '@expiry-radar/shared/domain/count-text';
import { readCsv, uniqueColumnNames } from '@expiry-radar/shared/domain/csv-text';
import { isolated } from '../../lib/bidi-isolate';
import { readFileBytes } from '../../lib/read-file';
import { readXlsxRows } from './xlsx-rows';

export const IMPORT_FILE_TYPES = '.csv,.json,.xlsx';

export interface ImportSource {
  readonly fileName: string;
  readonly columns: readonly string[];
  readonly records: readonly Readonly<Record<string, unknown>>[];
}

/** Why a file cannot be imported, in words for the user. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

function fromJson(fileName: string, text: string): ImportSource {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ImportFileError(`${fileName} is not valid JSON.`);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.some((row) => typeof row !== 'object' || row === null || Array.isArray(row))
  ) {
    throw new ImportFileError(`${fileName} must hold an array of token objects.`);
  }
  const columns = [...new Set(parsed.flatMap((row: object) => Object.keys(row)))];
  return { fileName, columns, records: parsed as Record<string, unknown>[] };
}

function fromRows(fileName: string, rows: readonly (readonly string[])[]): ImportSource {
  const [header = [], ...body] = rows;
  const columns = uniqueColumnNames(header);
  const records = body.map((cells) =>
    Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? ''])),
  );
  return { fileName, columns, records };
}

export async function readImportSource(file: File): Promise<ImportSource> {
  const name = file.name;
  const extension = name.toLowerCase().split('.').pop();
  const bytes = await readFileBytes(file);
  let source: ImportSource;
  if (extension === 'xlsx') {
    try {
      source = fromRows(name, await readXlsxRows(bytes));
    } catch {
      throw new ImportFileError(`${name} could not be read as an XLSX workbook.`);
    }
  } else {
    const text = new TextDecoder().decode(bytes);
    if (extension === 'json') source = fromJson(name, text);
    else if (extension === 'csv') {
      const table = readCsv(text);
      const problem = table.problems[0];
      if (problem) {
        throw new ImportFileError(
          `Row ${problem.row} of ${name} could not be read: check its quotes.`,
        );
      }
      source = { fileName: name, columns: table.columns, records: table.records };
    } else {
      throw new ImportFileError('Choose a CSV, XLSX or JSON file.');
    }
  }
  if (source.records.length === 0)
    throw new ImportFileError(`${isolated(name)} has no rows to import.`);
  if (source.records.length > IMPORT_MAX_ROWS) {
    throw new ImportFileError(
      `${isolated(name)} has ${countText(source.records.length)} rows; import at most ${countText(IMPORT_MAX_ROWS)} at once. Split it and import each part.`,
    );
  }
  return source;
}
