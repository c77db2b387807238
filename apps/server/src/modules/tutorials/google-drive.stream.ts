import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ByteRange } from '../../plugins/storage/index.js';
import { describeFetchError } from './google-drive.auth.js';
import { TutorialSourceUnavailableError } from './tutorials.source.js';

/**
 * Drive's bytes of a download as a Node stream that fails when Drive sends nothing for `idleMs`
 * (a download that stalls midway no longer hangs the browser and both connections for good).
 * Only a read waiting for Drive is timed: a slow client leaves the stream's buffer full, no read
 * is asked of Drive then and no time is counted, however long the client takes.
 */
export function idleLimited(body: WebReadableStream<Uint8Array>, idleMs: number): Readable {
  const reader = body.getReader();
  let timer: NodeJS.Timeout | undefined;
  const stream = new Readable({
    read() {
      timer = setTimeout(() => {
        const seconds = Math.round(idleMs / 100) / 10;
        stream.destroy(
          new TutorialSourceUnavailableError(
            `Drive download stalled: no bytes from Drive for ${seconds} s; the download was ended`,
          ),
        );
      }, idleMs);
      const next = () => {
        reader.read().then(
          ({ done, value }) => {
            if (stream.destroyed) return;
            // An empty chunk would end nothing and ask for nothing more: wait for a real one.
            if (!done && value.byteLength === 0) return next();
            clearTimeout(timer);
            stream.push(done ? null : Buffer.from(value.buffer, value.byteOffset, value.byteLength));
          },
          (error: unknown) => {
            clearTimeout(timer);
            if (stream.destroyed) return;
            stream.destroy(
              new TutorialSourceUnavailableError(`Drive download broke off (${describeFetchError(error)})`),
            );
          },
        );
      };
      next();
    },
    destroy(error, done) {
      clearTimeout(timer);
      // Closes the connection to Drive too (the client went away, or Drive stalled).
      reader.cancel(error ?? undefined).catch(() => undefined);
      done(error);
    },
  });
  return stream;
}

/** Passes on only bytes start..end (inclusive) of a whole file. */
export function sliceBytes(range: ByteRange) {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = Math.max(0, range.start - offset);
      const to = Math.min(chunk.length, range.end + 1 - offset);
      offset += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}
