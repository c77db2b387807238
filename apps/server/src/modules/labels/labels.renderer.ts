import fs from 'node:fs';
import path from 'node:path';
import { createRequire as createModuleRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MSG, type CompanyData } from '@serwis/domain';
import { AppError } from '../../lib/app-error.js';
import { Slots } from '../../lib/slots.js';
import type { LabelMachine } from './labels.pdf.js';
import type { LabelJob, LabelJobResult } from './labels.worker.js';

/** How long a sheet waits for the one being made before it is answered 503 (the biggest take 15–50 s). */
export const LABEL_WAIT_MS = 60_000;

/** The server's one turn for label sheets (a sheet may take seconds and a gigabyte). */
export const labelSheets = { turn: new Slots(1) };

/**
 * The worker's script: beside the bundle in dist/ (build.mjs), or the TypeScript source, run
 * through tsx, when the server runs from its sources (tests, `npm run dev`).
 */
function startWorker(): Worker {
  const bundled = new URL('./labels-worker.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(bundled))) return new Worker(bundled);
  // A worker's own loader flags (--import tsx) do not reach its first module on Node 20: the source
  // is loaded through tsx's API from a small script instead.
  const source = new URL('./labels.worker.ts', import.meta.url).href;
  const tsxDir = path.dirname(loadModule.resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const script = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}));`;
  return new Worker(script, { eval: true });
}

// Named apart from `require` and `createRequire`: the server bundle's banner declares both.
const loadModule = createModuleRequire(import.meta.url);

class ClientGoneError extends Error {}

/**
 * Makes label sheets on a worker thread, one at a time (each may take seconds and a gigabyte), so
 * that every other request is answered meanwhile. The worker stays for the next sheet; a sheet
 * whose client went away is stopped with its worker, and the next sheet starts a new one.
 */
export class LabelRenderer {
  private worker?: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (pdf: Buffer) => void; reject: (e: Error) => void }
  >();
  private jobs = 0;

  constructor(
    private readonly waitMs = LABEL_WAIT_MS,
    private readonly turn = new Slots(1),
  ) {}

  async render(
    machines: LabelMachine[],
    company: CompanyData,
    signal?: AbortSignal,
    firstLabel = 1,
  ): Promise<Buffer> {
    const release = await this.turn.take(this.waitMs, () => new AppError(503, MSG.serverBusy, 'BUSY'));
    try {
      if (signal?.aborted) throw new ClientGoneError();
      return await this.run({ id: ++this.jobs, machines, company, firstLabel }, signal);
    } finally {
      release();
    }
  }

  /** Ends the worker (the app closing). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private run(job: LabelJob, signal?: AbortSignal): Promise<Buffer> {
    const worker = this.ready();
    return new Promise<Buffer>((resolve, reject) => {
      const stop = () => {
        // Nobody waits for this sheet any more: its layout is not finished for nothing.
        this.fail(new ClientGoneError());
        void this.close();
      };
      signal?.addEventListener('abort', stop, { once: true });
      const done = () => signal?.removeEventListener('abort', stop);
      this.pending.set(job.id, {
        resolve: (pdf) => (done(), resolve(pdf)),
        reject: (error) => (done(), reject(error)),
      });
      worker.postMessage(job);
    });
  }

  private ready(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.unref();
    worker.on('message', (result: LabelJobResult) => {
      const job = this.pending.get(result.id);
      this.pending.delete(result.id);
      if (!job) return;
      if ('error' in result) job.reject(new Error(`Naklejki QR: ${result.error}`));
      else job.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
    });
    const lost = (error: Error) => {
      // A worker stopped on purpose (close) has no job left; the jobs waiting are the next worker's.
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.fail(error);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`Wątek naklejek QR zakończył się (kod ${code})`)));
    this.worker = worker;
    return worker;
  }

  private fail(error: Error) {
    for (const job of this.pending.values()) job.reject(error);
    this.pending.clear();
  }
}
