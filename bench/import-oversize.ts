/**
 * Files too long to import, sent to the customers' import preview of a built server process (as
 * the browser's dialog sends them): how long the answer takes, its status and message, and the
 * server's memory (VmRSS sampled every 20 ms) before and at its highest. Before the limit was
 * checked while reading, the first file took the server to 5.9 GB and down, the second down at once.
 *
 *   npm run build && npx tsx bench/import-oversize.ts              (PGlite in a temp dir)
 *   npx tsx bench/import-oversize.ts --scale=0.1                   (every file a tenth as long)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { IMPORT_MAX_ROWS } from '@serwis/domain';
import { addBenchAdmin, openBenchApp } from './bench-app.js';
import { memory, startBenchServer, stopBenchServer } from './server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SCALE = Number(arg('scale') ?? 1);
const SERVER = path.resolve(arg('server') ?? path.resolve(here, '../apps/server/dist/server.js'));

const HEADER = 'Nazwa skrócona;Nazwa pełna\n';
const rows = (n: number) => Math.round(n * SCALE);

/**
 * A minimal workbook: one tab "Kontrahenci", the header and `count` rows of one short cell, and
 * with `longCell` a row whose second cell holds it (a crafted file: one 400-million-character text
 * packs into some 400 kB).
 */
async function longWorkbook(count: number, longCell?: Buffer): Promise<Buffer> {
  const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${body}`;
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const pkg = 'http://schemas.openxmlformats.org/package/2006';
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    xml(
      `<Types xmlns="${pkg}/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
  );
  zip.file(
    '_rels/.rels',
    xml(
      `<Relationships xmlns="${pkg}/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
  );
  zip.file(
    'xl/workbook.xml',
    xml(
      `<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Kontrahenci" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    xml(
      `<Relationships xmlns="${pkg}/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
  );
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const parts: (string | Buffer)[] = [
    xml(`<worksheet xmlns="${main}"><sheetData>`),
    `<row r="1">${cell('A1', 'Nazwa skrócona')}${cell('B1', 'Nazwa pełna')}</row>`,
  ];
  for (let r = 2; r <= count + 1; r++) parts.push(`<row r="${r}">${cell(`A${r}`, 'K')}</row>`);
  if (longCell) {
    const r = count + 2;
    parts.push(`<row r="${r}">${cell(`A${r}`, 'K')}<c r="B${r}" t="inlineStr"><is><t>`, longCell);
    parts.push('</t></is></c></row>');
  }
  parts.push('</sheetData></worksheet>');
  zip.file('xl/worksheets/sheet1.xml', Buffer.concat(parts.map((part) => Buffer.from(part))));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

const FILES: { name: string; fileName: string; make: () => Promise<Buffer> | Buffer }[] = [
  {
    name: `CSV: ${rows(37_000_000).toLocaleString('pl-PL')} krótkich wierszy`,
    fileName: 'krotkie.csv',
    make: () => Buffer.from(HEADER + 'a;b\n'.repeat(rows(37_000_000))),
  },
  {
    name: `CSV: ${rows(150_000_000).toLocaleString('pl-PL')} pustych wierszy`,
    fileName: 'puste.csv',
    make: () => Buffer.from(HEADER + '\n'.repeat(rows(150_000_000))),
  },
  {
    name: `XLSX: ${rows(3_000_000).toLocaleString('pl-PL')} wierszy`,
    fileName: 'dlugi.xlsx',
    make: () => longWorkbook(rows(3_000_000)),
  },
  {
    name: `XLSX: jedna komórka ${rows(400).toLocaleString('pl-PL')} mln znaków`,
    fileName: 'komorka.xlsx',
    make: () => longWorkbook(1, Buffer.alloc(rows(400) * 1024 * 1024, 'A')),
  },
  {
    name: `CSV: ${IMPORT_MAX_ROWS.toLocaleString('pl-PL')} wierszy (granica)`,
    fileName: 'granica.csv',
    make: () =>
      Buffer.from(
        HEADER +
          Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => `K-${i};Kontrahent ${i} Sp. z o.o.`).join('\n'),
      ),
  },
];

async function main() {
  if (!fs.existsSync(SERVER)) throw new Error(`brak ${SERVER}: najpierw npm run build`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-oversize-'));
  const setup = await openBenchApp({ dataDir });
  const { email, password } = await addBenchAdmin(setup.database.db, 'oversize');
  await setup.app.close();
  await setup.database.close();
  const server = await startBenchServer({ server: SERVER, dataDir });
  const pid = server.child.pid!;
  try {
    const auth = await fetch(`${server.base}/api/user/auth`, {
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
      },
    });
    const cookie = /SESSION=[^;]+/.exec(auth.headers.get('set-cookie') ?? '')?.[0];
    if (!cookie) throw new Error(`logowanie: ${auth.status}`);
    console.log(`| plik | MB | status | odpowiedź | s | RSS przed (MB) | szczyt RSS (MB) |`);
    console.log(`| --- | --: | --: | --- | --: | --: | --: |`);
    for (const file of FILES) {
      const bytes = await file.make();
      const form = new FormData();
      form.append('file', new Blob([bytes]), file.fileName);
      const before = memory(pid).rss;
      let peak = before;
      const sampler = setInterval(() => {
        if (server.child.exitCode === null) peak = Math.max(peak, memory(pid).rss);
      }, 20);
      const started = performance.now();
      const answer = await fetch(`${server.base}/api/customer/import/preview`, {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest', cookie },
        body: form,
      }).then(
        async (response) => ({ status: String(response.status), body: await response.text() }),
        (error: Error) => ({ status: '—', body: `serwer nie odpowiedział: ${error.message}` }),
      );
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const message =
        answer.status === '200' ? 'podgląd' : (/"message":"([^"]*)"/.exec(answer.body)?.[1] ?? answer.body);
      const mb = (bytes.length / 1024 / 1024).toFixed(1);
      console.log(
        `| ${file.name} | ${mb} | ${answer.status} | ${message.slice(0, 80)} | ${seconds.toFixed(1)} | ${before.toFixed(0)} | ${peak.toFixed(0)} |`,
      );
      if (server.child.exitCode !== null)
        throw new Error(`serwer padł:\n${server.log.join('').slice(-2000)}`);
    }
  } finally {
    await stopBenchServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
