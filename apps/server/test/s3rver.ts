import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
// @ts-expect-error -- s3rver ships no types; the little used here is typed below.
import S3rverModule from 's3rver';

interface Written {
  size: number;
  md5: string;
}

/** The parts of s3rver's file store that {@link writeWhole} replaces or uses. */
interface S3rverStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: {
    bucket: string;
    key: string;
    content: Readable | Buffer;
    metadata: unknown;
  }): Promise<Written>;
  putPart(bucket: string, uploadId: string, partNumber: number, content: Readable): Promise<Written>;
}

interface S3rverInstance {
  store: S3rverStore;
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = S3rverModule as new (options: Record<string, unknown>) => S3rverInstance;

export interface LoopbackS3 {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * An S3 server on 127.0.0.1 (a free port) keeping objects under `directory`; the stand-in for a
 * real S3-compatible store in tests and benchmarks. Credentials: S3RVER / S3RVER, path-style.
 */
export async function startS3rver(directory: string, buckets: string[] = []): Promise<LoopbackS3> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  writeWhole(server.store);
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/**
 * s3rver 3.7 answers a PUT (and an uploaded part) once its counting stream has seen the last byte,
 * not once the file holding them is written: a HEAD or GET right after the answer can find the
 * object shorter than it is, and a multipart upload can be put together from a part still being
 * written. S3 answers only when the object is whole, so the stand-in is made to do the same.
 */
function writeWhole(store: S3rverStore): void {
  store.putObject = async (object) => {
    const written = await writeCounted(
      object.content,
      store.getResourcePath(object.bucket, object.key, 'object'),
    );
    await store.putMetadata(object.bucket, object.key, object.metadata, written.md5);
    return written;
  };
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    const file = path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId, String(partNumber));
    const written = await writeCounted(content, file);
    await fsp.writeFile(`${file}.md5`, written.md5);
    return written;
  };
}

async function writeCounted(content: Readable | Buffer, file: string): Promise<Written> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const md5 = crypto.createHash('md5');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const source = Buffer.isBuffer(content) ? Readable.from([content]) : content;
  await pipeline(source, counter, fs.createWriteStream(file));
  return { size, md5: md5.digest('hex') };
}
