/**
 * The first worksheet of an XLSX workbook as rows of text, read in the browser with exceljs
 * (loaded only when a spreadsheet is chosen). Dates become `YYYY-MM-DD` (with the time, ISO,
 * when they have one), formulas their result, rich text and links their text.
 */
import type { CellValue } from 'exceljs';

function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value) {
      return cellText((value as { result?: CellValue }).result ?? null);
    }
    if ('hyperlink' in value)
      return typeof value.text === 'string' ? value.text : cellText(value.text);
    if ('error' in value) return '';
  }
  return '';
}

/** Every row of the first worksheet, as text cells (row 1 first); empty rows are left out. */
export async function readXlsxRows(bytes: Uint8Array): Promise<string[][]> {
  const { Workbook } = (await import('exceljs')).default;
  const workbook = new Workbook();
  await workbook.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let index = 1; index <= row.cellCount; index += 1) {
      cells.push(cellText(row.getCell(index).value));
    }
    if (cells.some((cell) => cell.trim() !== '')) rows.push(cells);
  });
  return rows;
}
