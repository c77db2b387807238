import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMPORT_MSG, type ImportPhase, type ImportStreamLine } from '@serwis/domain';
import { AppError } from '../../lib/app-error.js';
import { errorAnswer, logFailure } from '../../plugins/errors.js';

/**
 * Tells how far an import (or its preview) has got: a step and its count. Awaited, so that a long
 * loop of checks lets the answer's lines go out while it runs.
 */
export type ReportProgress = (phase: ImportPhase, done: number, total: number) => Promise<void>;

/** A plain (unstreamed) call: nobody to tell. */
export const noProgress: ReportProgress = async () => undefined;

/** Why an import stopped when its client went away; nobody reads it, the log does. */
export const IMPORT_ABANDONED = 'IMPORT_ABANDONED';

/**
 * `report`, after a check that the client of `reply` still waits: once its connection has closed
 * before the answer was all sent (the tab closed, the network dropped, a retry's first attempt
 * cancelled), the work stops at its next step or chunk, and an import rolls back. An import that
 * went on unheard used to commit anyway, so that trying again after "Błąd połączenia z serwerem."
 * added every machine without a serial number twice.
 */
export function whileClientWaits(reply: FastifyReply, report: ReportProgress = noProgress): ReportProgress {
  let gone = false;
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone = true;
  });
  return async (phase, done, total) => {
    if (gone) throw new AppError(409, IMPORT_MSG.abandoned, IMPORT_ABANDONED);
    await report(phase, done, total);
  };
}

/** At most one progress line this often, besides each step's first and last. */
const PROGRESS_EVERY_MS = 100;

/**
 * An answer streamed as NDJSON (`?progress=ndjson`): a line `{ progress }` as `work` reports it, then
 * one line with what it answers (`{ result }`, `{ failure }` or `{ preview }`), or `{ error }` with the
 * status and message a plain call would have answered, since the 200 went out with the first line.
 */
export function streamWithProgress(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (report: ReportProgress) => Promise<ImportStreamLine>,
) {
  const stream = new PassThrough();
  const write = (line: ImportStreamLine) => {
    if (!stream.destroyed && !stream.writableEnded) stream.write(`${JSON.stringify(line)}\n`);
  };
  let last: { phase?: ImportPhase; at: number } = { at: 0 };
  // A browser that went away stops the work (whileClientWaits): nothing is written unheard.
  const report = whileClientWaits(reply, async (phase, done, total) => {
    const now = performance.now();
    if (phase === last.phase && done < total && now - last.at < PROGRESS_EVERY_MS) return;
    last = { phase, at: now };
    write({ progress: { phase, done, total } });
    await new Promise((resolve) => setImmediate(resolve));
  });
  void (async () => {
    try {
      const answer = await work(report);
      logAnswer(request, answer);
      write(answer);
    } catch (error) {
      if (error instanceof AppError && error.code === IMPORT_ABANDONED) {
        request.log.info({ url: request.url }, 'import stopped: its client went away');
        stream.end();
        return;
      }
      const { status, body } = errorAnswer(error, request.id);
      logFailure(request, error, status, body.code);
      request.log.info({ answered: status, code: body.code }, 'streamed answer');
      write({ error: { status, message: body.message, code: body.code, field: body.field } });
    }
    stream.end();
  })();
  return (
    reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('cache-control', 'no-store')
      // A proxy in front (nginx) would otherwise hold the lines back until the end.
      .header('x-accel-buffering', 'no')
      .send(stream)
  );
}

/**
 * What a streamed answer ended with, in the log: its request's own line says 200 (sent with the first
 * progress line), so this one gives the status a plain call would have answered, and the counts.
 */
function logAnswer(request: FastifyRequest, line: ImportStreamLine) {
  if ('result' in line) {
    const { fileName, total, added, updated, unchanged } = line.result;
    request.log.info({ answered: 200, fileName, total, added, updated, unchanged }, 'streamed answer');
  } else if ('failure' in line) {
    const { code, total, badRows, problemCount } = line.failure;
    request.log.info({ answered: 422, code, total, badRows, problemCount }, 'streamed answer');
  } else if ('preview' in line) {
    const { fileName, total, added, updated, problemCount } = line.preview;
    request.log.info({ answered: 200, fileName, total, added, updated, problemCount }, 'streamed answer');
  }
}
