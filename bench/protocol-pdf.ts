/**
 * Time to render a field protocol PDF (issue 8): 40 operations with 3 measurements each, two
 * signatures (PNG as the tablet sends them), a few materials; pdfmake in-process, no database.
 * `npm run bench:pdf -w bench -- --runs=30`
 */
import { deflateSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { checklistFor, protocolDataSchema, type CompanyData, type ProtocolHeader } from '@serwis/domain';
import { renderProtocolPdf } from '../apps/server/src/modules/protocols/protocols.pdf.js';
import { percentile } from './bench-app.js';

const runs = Number(/--runs=(\d+)/.exec(process.argv.join(' '))?.[1] ?? process.env.BENCH_RUNS ?? 30);

/** A signature-sized PNG (600×180 at 2× density, i.e. 1200×360) with a few strokes. */
function signaturePng(seed: number): string {
  const width = 1200;
  const height = 360;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let x = 0; x < width; x++) {
    const y = Math.round(height / 2 + Math.sin((x + seed * 37) / 60) * 90 + Math.cos(x / 23) * 20);
    for (let dy = -3; dy <= 3; dy++) {
      const row = y + dy;
      if (row < 0 || row >= height) continue;
      const at = row * (width * 4 + 1) + 1 + x * 4;
      raw[at] = 16;
      raw[at + 1] = 32;
      raw[at + 2] = 74;
      raw[at + 3] = 255;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

const operations = Array.from({ length: 40 }, (_, i) => ({
  name: `Czynność serwisowa nr ${i + 1}: sprawdzenie zespołu — zażółć gęślą jaźń`,
  fields: [
    { name: 'Ciśnienie', unit: 'bar' },
    { name: 'Temperatura', unit: '°C' },
    { name: 'Prąd', unit: 'A' },
  ],
}));
const list = checklistFor(
  { id: 1, name: 'Kocioł parowy KP-100', serialNumber: 'SN-2026-001' },
  'SERVICE',
  operations,
);
list.items = list.items.map((item, i) => ({
  ...item,
  answer: i % 7 === 3 ? 'NIEPOPRAWNE' : 'POPRAWNE',
  remark: i % 7 === 3 ? 'Do wymiany przy następnym przeglądzie' : '',
  fields: item.fields.map((f, j) => ({ ...f, value: String(1.5 + i + j) })),
}));
const data = protocolDataSchema.parse({
  checklists: [list],
  workDone: 'Przegląd okresowy, wymiana uszczelek, czyszczenie palnika.',
  materials: [
    { name: 'Uszczelka DN80', quantity: '2', unit: 'szt.' },
    { name: 'Olej', quantity: '1,5', unit: 'l' },
    { name: 'Filtr', quantity: '1', unit: 'szt.' },
  ],
  arrivalTime: '08:15',
  startTime: '08:30',
  endTime: '14:45',
  kilometers: 180,
  nights: 1,
  recommendations: 'Wymienić filtr wody za 6 miesięcy.',
  customerSignerName: 'Łucja Śliwińska',
  technicianSignature: signaturePng(1),
  customerSignature: signaturePng(2),
});
const header: ProtocolHeader = {
  serviceId: 1,
  fullNumber: '125/11/2026',
  date: '2026-11-25',
  state: 'PODPISANY',
  types: ['PRZEGLAD_OKRESOWY'],
  paymentType: 'PLATNA',
  faultDescription: 'Przegląd okresowy po 12 miesiącach',
  period: 12,
  employee: 'Jędrzej Bąk',
  userCreatedId: 1,
  customer: {
    id: 1,
    shortName: 'Żuraw',
    fullName: 'Zakład Żurawi Sp. z o.o.',
    address: 'ul. Gęślą 7, 90-001 Łódź',
    email: 'biuro@zuraw.pl',
  },
  machines: [{ id: 1, name: 'Kocioł parowy KP-100', serialNumber: 'SN-2026-001' }],
  installation: false,
};
const company: CompanyData = {
  name: 'Serwis Maszyn Łódź Sp. z o.o.',
  street: 'ul. Źródłowa 12',
  zipCode: '91-001',
  city: 'Łódź',
  nip: '7250000000',
  regon: '100000000',
  phone: '42 600 00 00',
  email: 'serwis@example.pl',
  www: 'serwis.example.pl',
};
const input = {
  header,
  data,
  company,
  installation: { title: 'Protokół montażu', tableHeader: 'Czynności' },
};

async function measure(mode: 'signed' | 'print') {
  // Warm-up: fonts read and parsed once per process.
  await renderProtocolPdf({ ...input, mode });
  await renderProtocolPdf({ ...input, mode });
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const pdf = await renderProtocolPdf({ ...input, mode });
    times.push(performance.now() - start);
    size = pdf.length;
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p95: percentile(times, 95), size };
}

const signed = await measure('signed');
const print = await measure('print');
const row = (name: string, r: { median: number; p95: number; size: number }) =>
  `| ${name} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${(r.size / 1024).toFixed(0)} KiB |`;
console.log(`Protocol PDF, 40 operations × 3 measurements, ${runs} runs after 2 warm-up renders\n`);
console.log('| PDF | median ms | p95 ms | size |');
console.log('| --- | --: | --: | --: |');
console.log(row('signed, two 1200×360 PNG signatures', signed));
console.log(row('"Drukuj do skanu" (empty signature boxes)', print));
