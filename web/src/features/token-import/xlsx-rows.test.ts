import ExcelJS from 'exceljs';
import { readXlsxRows } from './xlsx-rows';

async function workbookBytes(build: (sheet: ExcelJS.Worksheet) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet('Tokens'));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('readXlsxRows', () => {
  it('reads the first sheet as text: dates as days, numbers, formulas, rich text and links', async () => {
    const bytes = await workbookBytes((sheet) => {
      sheet.addRow(['Name', 'Type', 'Expiration Date', 'Key Size', 'Notes', 'Renewal URL']);
      sheet.addRow([
        'Billing cert',
        'SSL Certificate',
        new Date(Date.UTC(2031, 2, 4)),
        { formula: '1024*2', result: 2048 },
        { richText: [{ text: 'two ' }, { text: 'parts', font: { bold: true } }] },
        { text: 'renew', hyperlink: 'https://example.com/renew' },
      ]);
      sheet.addRow([]);
      sheet.addRow(['Timed', 'Other', new Date(Date.UTC(2031, 2, 4, 13, 30)), 7, null, true]);
    });
    expect(await readXlsxRows(bytes)).toEqual([
      ['Name', 'Type', 'Expiration Date', 'Key Size', 'Notes', 'Renewal URL'],
      ['Billing cert', 'SSL Certificate', '2031-03-04', '2048', 'two parts', 'renew'],
      ['Timed', 'Other', '2031-03-04T13:30:00.000Z', '7', '', 'true'],
    ]);
  });

  it('answers no rows for an empty workbook', async () => {
    expect(await readXlsxRows(await workbookBytes(() => undefined))).toEqual([]);
  });
});
