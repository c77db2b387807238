import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_MSG,
  IMPORT_TEMPLATE_XLSX_FILE_NAMES,
  MACHINE_STATUSES,
  PROVINCES,
  importTemplateCsv,
  type ImportResult,
} from '@serwis/domain';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { customers } from '../customers/customers.table.js';
import { categories } from '../categories/categories.table.js';
import { devices } from '../devices/devices.table.js';
import { sendImport } from './imports.fixtures.js';
import { TEMPLATE_ROWS } from './imports.template.js';

const ctx = useTestApp();

async function template(url: string, admin = true) {
  const user = await createUserAndLogin(ctx, { admin });
  const response = await ctx.app.inject({ method: 'GET', url, headers: as(user) });
  return { user, response };
}

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  // ExcelJS's types name the Buffer of older Node typings.
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  return workbook.worksheets[0]!;
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(1).values as unknown[]).slice(1);
const csvHeader = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split(';');

describe('the import template as a workbook', () => {
  it('has the CSV template’s header, identifiers as text, the date as YYYY-MM-DD, lists to choose from', async () => {
    const { response } = await template('/api/device/import/template');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${IMPORT_TEMPLATE_XLSX_FILE_NAMES.INTERNAL}"`,
    );
    const sheet = await workbookOf(response.rawPayload);
    const header = headerOf(sheet);
    expect(header).toEqual(csvHeader(importTemplateCsv('INTERNAL')));
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const cell = (label: string, row: number) => sheet.getRow(row).getCell(header.indexOf(label) + 1);
    for (const row of [2, TEMPLATE_ROWS + 1]) {
      expect(cell('S/N', row).numFmt).toBe('@');
      expect(cell('Kod pocztowy', row).numFmt).toBe('@');
      expect(cell('Data', row).numFmt).toBe('yyyy-mm-dd');
      expect(cell('Status', row).dataValidation).toMatchObject({
        type: 'list',
        formulae: [`"${MACHINE_STATUSES.map((s) => s.label).join(',')}"`],
      });
      expect(cell('Województwo', row).dataValidation).toMatchObject({
        type: 'list',
        formulae: [`"${PROVINCES.filter(Boolean).join(',')}"`],
      });
    }
    expect(cell('Nazwa', 2).numFmt).toBeUndefined();
    // One rule per list column, over its whole range: no overlapping ranges for Excel to refuse.
    const xml = await (
      await JSZip.loadAsync(response.rawPayload)
    )
      .file('xl/worksheets/sheet1.xml')!
      .async('string');
    expect(
      xml.match(/<dataValidation [^>]*sqref="[^"]*"/g)!.map((rule) => rule.match(/sqref="([^"]*)"/)![1]),
    ).toEqual([`A2:A${TEMPLATE_ROWS + 1}`, `M2:M${TEMPLATE_ROWS + 1}`]);
    // An inline list holds at most 255 characters in Excel.
    expect(PROVINCES.filter(Boolean).join(',').length).toBeLessThanOrEqual(255);
  });

  it('is filled in and imported as it is: text identifiers, a date cell, a status from the list', async () => {
    const { user, response } = await template('/api/device-external/import/template');
    await ctx.database.db.insert(customers).values({ shortName: 'Metalex' });
    await ctx.database.db.insert(categories).values({ name: 'Lasery' });
    const sheet = await workbookOf(response.rawPayload);
    const header = headerOf(sheet) as string[];
    const values: Record<string, ExcelJS.CellValue> = {
      Status: 'W naprawie',
      Nazwa: 'Laser',
      Kontrahent: 'Metalex',
      Kategoria: 'Lasery',
      'S/N': '000123',
      Data: new Date(Date.UTC(2024, 4, 1)),
      'Kod pocztowy': '01234',
      Województwo: 'łódzkie',
    };
    for (const [label, value] of Object.entries(values))
      sheet.getRow(2).getCell(header.indexOf(label) + 1).value = value;
    const filled = Buffer.from(await sheet.workbook.xlsx.writeBuffer());
    const answer = await sendImport(ctx, user, '/api/device-external/import', filled, undefined, 'wzor.xlsx');
    expect(answer.json<ImportResult>()).toMatchObject({ added: 1, updated: 0 });
    expect(await ctx.database.db.select().from(devices)).toMatchObject([
      {
        type: 'EXTERNAL',
        status: 'IN_REPAIR',
        serialNumber: '000123',
        transferDate: '2024-05-01',
        zipCode: '01234',
        province: 'łódzkie',
      },
    ]);
  });

  it('gives customers theirs, with NIP, REGON and the phone as text', async () => {
    const { response } = await template('/api/customer/import/template');
    expect(response.headers['content-disposition']).toContain(IMPORT_TEMPLATE_XLSX_FILE_NAMES.customers);
    const sheet = await workbookOf(response.rawPayload);
    const header = headerOf(sheet) as string[];
    expect(header).toEqual(csvHeader(importTemplateCsv('customers')));
    for (const label of ['NIP', 'REGON', 'Telefon', 'Kod pocztowy']) {
      expect(sheet.getRow(2).getCell(header.indexOf(label) + 1).numFmt).toBe('@');
    }
    expect(sheet.getRow(2).getCell(header.indexOf('Województwo') + 1).dataValidation?.type).toBe('list');
    expect(sheet.workbook.worksheets.map((s) => s.name)).toEqual(['Kontrahenci']);
  });

  it('lets a machine file pick the register’s customers and categories, in Polish order, warning of a new name', async () => {
    await ctx.database.db
      .insert(customers)
      .values(['Żuraw', 'Alfa', 'Łódzka Fabryka', 'Lech', '=SUM(1)'].map((shortName) => ({ shortName })));
    await ctx.database.db.insert(categories).values([{ name: 'Tokarki' }, { name: 'Śrutownice' }]);
    const { user, response } = await template('/api/device/import/template');
    const sheet = await workbookOf(response.rawPayload);
    const lists = sheet.workbook.getWorksheet('Listy')!;
    expect(lists.state).toBe('hidden');
    const column = (index: number) => (lists.getColumn(index).values as unknown[]).slice(1);
    expect(column(1)).toEqual(['Kontrahenci', '=SUM(1)', 'Alfa', 'Lech', 'Łódzka Fabryka', 'Żuraw']);
    expect(column(2)).toEqual(['Kategorie', 'Śrutownice', 'Tokarki']);
    // A name is a text, never a formula.
    expect(lists.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    const header = headerOf(sheet) as string[];
    const rule = (label: string, row: number) =>
      sheet.getRow(row).getCell(header.indexOf(label) + 1).dataValidation;
    for (const row of [2, TEMPLATE_ROWS + 1]) {
      expect(rule('Kontrahent', row)).toMatchObject({
        type: 'list',
        formulae: ['Listy!$A$2:$A$6'],
        errorStyle: 'warning',
        error: IMPORT_MSG.customerNotListed,
      });
      expect(rule('Kategoria', row)).toMatchObject({
        type: 'list',
        formulae: ['Listy!$B$2:$B$3'],
        errorStyle: 'warning',
        error: IMPORT_MSG.categoryNotListed,
      });
    }
    // Excel shows at most 255 characters of a rule's message.
    expect(IMPORT_MSG.customerNotListed.length).toBeLessThanOrEqual(255);
    expect(IMPORT_MSG.categoryNotListed.length).toBeLessThanOrEqual(255);

    // Filled in, the workbook's first sheet is read, not the lists.
    for (const [label, value] of Object.entries({
      Nazwa: 'Tokarka',
      Kontrahent: 'Łódzka Fabryka',
      Kategoria: 'Tokarki',
    }))
      sheet.getRow(2).getCell(header.indexOf(label) + 1).value = value;
    const filled = Buffer.from(await sheet.workbook.xlsx.writeBuffer());
    const answer = await sendImport(ctx, user, '/api/device/import', filled, undefined, 'wzor.xlsx');
    expect(answer.json<ImportResult>()).toMatchObject({ added: 1, updated: 0 });
    const [machine] = await ctx.database.db.select().from(devices);
    expect(machine).toMatchObject({
      name: 'Tokarka',
      customerShortName: 'Łódzka Fabryka',
      categoryName: 'Tokarki',
    });
  });

  it('has no name lists for an empty register', async () => {
    const { response } = await template('/api/device-external/import/template');
    const sheet = await workbookOf(response.rawPayload);
    const header = headerOf(sheet) as string[];
    expect(sheet.getRow(2).getCell(header.indexOf('Kontrahent') + 1).dataValidation).toBeUndefined();
    expect(sheet.getRow(2).getCell(header.indexOf('Kategoria') + 1).dataValidation).toBeUndefined();
  });

  it('is for administrators only', async () => {
    const { response } = await template('/api/device/import/template', false);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBeTruthy();
  });
});
