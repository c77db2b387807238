/**
 * A sheet of QR labels (the largest allowed: 2,400 labels, 100 A4 pages) made on the labels'
 * worker thread, against the same sheet made on this thread as before: how long it takes, and the
 * longest this thread went without a turn (a 10 ms timer's longest gap), which is how long every
 * other request of the server would have waited. No database.
 * `npm run label-sheet -w bench -- --labels=2400`
 */
import { performance } from 'node:perf_hooks';
import type { CompanyData } from '@serwis/domain';
import { MAX_LABELS } from '../apps/server/src/modules/labels/labels.service.js';
import { renderLabelSheet, type LabelMachine } from '../apps/server/src/modules/labels/labels.pdf.js';
import { LabelRenderer } from '../apps/server/src/modules/labels/labels.renderer.js';

const count = Number(/--labels=(\d+)/.exec(process.argv.join(' '))?.[1] ?? MAX_LABELS);
const machines: LabelMachine[] = Array.from({ length: count }, (_, i) => ({
  id: 100_000 + i,
  name: `Tokarka CNC TK-${i + 1} z podajnikiem prętów`,
  serialNumber: `TK/2025/${String(i + 1).padStart(5, '0')}`,
  url: `https://serwis.firma.pl/machineEdit?id=${100_000 + i}`,
}));
const company = { name: 'Zakład Mechaniczny Żuraw sp. z o.o.' } as CompanyData;

/** Runs `make` and reports its time and the longest gap between this thread's 10 ms timer ticks. */
async function measure(label: string, make: () => Promise<Buffer>) {
  let last = performance.now();
  let longestGap = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  }, 10);
  const started = performance.now();
  const pdf = await make();
  const took = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 30)); // the tick after a blocked stretch
  clearInterval(tick);
  console.log(
    `${label.padEnd(12)} ${count} labels: ${(took / 1000).toFixed(1)} s, ${(pdf.length / 1e6).toFixed(1)} MB; ` +
      `longest stop of this thread ${Math.round(longestGap)} ms`,
  );
}

const renderer = new LabelRenderer();
await renderer.render(machines.slice(0, 1), company); // the worker started, as a server keeps it
await measure('worker', () => renderer.render(machines, company));
await measure('this thread', () => renderLabelSheet(machines, company));
await renderer.close();
