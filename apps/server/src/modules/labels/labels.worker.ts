/**
 * The label sheet's own thread (labels.renderer.ts): pdfmake lays a sheet out in one synchronous
 * run, 14 s for 2,400 labels, during which the main thread would answer nobody.
 */
import { parentPort } from 'node:worker_threads';
import type { CompanyData } from '@serwis/domain';
import { renderLabelSheet, type LabelMachine } from './labels.pdf.js';

export interface LabelJob {
  id: number;
  machines: LabelMachine[];
  company: CompanyData;
  /** The sheet's first place used (1-based). */
  firstLabel: number;
}

export type LabelJobResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (job: LabelJob) => {
  renderLabelSheet(job.machines, job.company, job.firstLabel).then(
    (pdf) => parentPort?.postMessage({ id: job.id, pdf } satisfies LabelJobResult),
    (error: unknown) =>
      parentPort?.postMessage({
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies LabelJobResult),
  );
});
