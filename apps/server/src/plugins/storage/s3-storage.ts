import { Transform, type Readable } from 'node:stream';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { ByteRange, Storage, StorageEntry, StoredObject } from './storage.js';
import { assertStorageName, generateStorageName, isStorageName } from './storage-names.js';

export interface S3StorageOptions {
  bucket: string;
  region?: string;
  /** An S3-compatible service (MinIO, Ceph, Garage, a cloud's S3 API); empty means AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`; most self-hosted stores need it. */
  forcePathStyle?: boolean;
  /** Bytes held in memory per upload part; at most `queueSize` parts are in flight. */
  partSize?: number;
  queueSize?: number;
}

/** 5 MiB is the smallest part S3 accepts; one in flight keeps an upload near 10 MB of memory. */
const PART_SIZE = 5 * 1024 * 1024;

function isNotFound(error: unknown) {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** The AWS SDK's modules and the client made with them. */
interface Sdk {
  s3: typeof import('@aws-sdk/client-s3');
  Upload: typeof import('@aws-sdk/lib-storage').Upload;
  client: S3Client;
}

/**
 * Files as objects of one bucket, under the same generated names as on disk. Uploads stream
 * through a multipart upload (never the whole file in memory); a failed upload is aborted, so no
 * object appears under its name. Downloads stream the object's body, ranges included. The AWS SDK
 * is loaded at the first call, not with the server: a quarter of a second of every start, also
 * where files stay on disk.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly bucket: string;
  private readonly partSize: number;
  private readonly queueSize: number;
  private readonly config: S3ClientConfig;
  private sdk?: Promise<Sdk>;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.partSize = options.partSize ?? PART_SIZE;
    this.queueSize = options.queueSize ?? 1;
    const config: S3ClientConfig = {
      region: options.region || 'us-east-1',
      endpoint: options.endpoint || undefined,
      forcePathStyle: options.forcePathStyle ?? false,
      // Checksums only where S3 demands them: many S3-compatible stores do not understand the
      // newer streamed-checksum encoding the SDK would otherwise use for every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (options.accessKeyId && options.secretAccessKey) {
      config.credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };
    }
    this.config = config;
  }

  private connect(): Promise<Sdk> {
    this.sdk ??= (async () => {
      const s3 = await import('@aws-sdk/client-s3');
      const { Upload } = await import('@aws-sdk/lib-storage');
      return { s3, Upload, client: new s3.S3Client(this.config) };
    })();
    return this.sdk;
  }

  /** The SDK's client of this storage (tests make their buckets through it). */
  async client(): Promise<S3Client> {
    return (await this.connect()).client;
  }

  async save(source: Readable, options: { extension?: string } = {}): Promise<StoredObject> {
    return this.upload(generateStorageName(options.extension), source, true);
  }

  async put(name: string, source: Readable): Promise<StoredObject> {
    return this.upload(assertStorageName(name), source, false);
  }

  /** `fresh`: the name is new, so whatever a failed upload left under it can go. */
  private async upload(name: string, source: Readable, fresh: boolean): Promise<StoredObject> {
    const { Upload, client } = await this.connect();
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // A failing source must fail the upload: forward its error into the stream the SDK reads.
    let sourceError: unknown;
    source.once('error', (error) => {
      sourceError = error;
      counter.destroy(error);
    });
    source.pipe(counter);
    const upload = new Upload({
      client,
      params: { Bucket: this.bucket, Key: name, Body: counter },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      source.destroy();
      // The multipart upload is aborted by the SDK; a single-part PUT may still have landed.
      if (fresh) await this.delete(name).catch(() => undefined);
      // The source's own error (size limit, broken request) matters more than how the abort went.
      throw sourceError ?? error;
    }
    return { name, size };
  }

  async open(name: string, range?: ByteRange): Promise<Readable | null> {
    assertStorageName(name);
    const { s3, client } = await this.connect();
    try {
      const answer = await client.send(
        new s3.GetObjectCommand({
          Bucket: this.bucket,
          Key: name,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async stat(name: string) {
    assertStorageName(name);
    const { s3, client } = await this.connect();
    try {
      const answer = await client.send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: name }));
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(name: string) {
    assertStorageName(name);
    const { s3, client } = await this.connect();
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
  }

  async *list(): AsyncIterable<StorageEntry & { size: number }> {
    const { s3, client } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token, MaxKeys: 1000 }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key || !isStorageName(object.Key)) continue;
        yield { name: object.Key, modifiedAt: object.LastModified ?? new Date(0), size: object.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Multipart uploads cut off by a crash keep their parts (and cost) until aborted; called by the
   * orphan sweep. A bucket lifecycle rule (AbortIncompleteMultipartUpload) does the same.
   */
  async removeStaleIncoming(olderThanMs: number) {
    const limit = Date.now() - olderThanMs;
    const { s3, client } = await this.connect();
    let answer;
    try {
      answer = await client.send(new s3.ListMultipartUploadsCommand({ Bucket: this.bucket }));
    } catch {
      return; // not every S3-compatible store lists uploads
    }
    for (const upload of answer.Uploads ?? []) {
      if (!upload.Key || !upload.UploadId || (upload.Initiated?.getTime() ?? 0) > limit) continue;
      await client
        .send(
          new s3.AbortMultipartUploadCommand({
            Bucket: this.bucket,
            Key: upload.Key,
            UploadId: upload.UploadId,
          }),
        )
        .catch(() => undefined);
    }
  }

  async close() {
    if (this.sdk) (await this.sdk).client.destroy();
  }
}
